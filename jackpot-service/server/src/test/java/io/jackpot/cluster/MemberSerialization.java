package io.jackpot.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.hazelcast.internal.serialization.InternalSerializationService;
import com.hazelcast.internal.serialization.impl.DefaultSerializationServiceBuilder;
import java.util.List;

/** The members' own serialization settings (as HazelcastConfigs builds them), for wire-form tests. */
public final class MemberSerialization {
  private final InternalSerializationService service = new DefaultSerializationServiceBuilder()
      .setConfig(HazelcastConfigs.of(new ClusterSettings("wire", 5701, List.of("127.0.0.1"), "127.0.0.1", 600)).getSerializationConfig())
      .build();

  /** Round trip through the wire form registered for it (not a fallback to Java serialization). */
  public <T> T roundTrip(T value, int typeId) {
    var data = service.toData(value);
    assertEquals(typeId, data.getType(), "serialised with its wire form");
    return service.toObject(data);
  }

  /** Round trip through whatever form the members use for it (Java serialization, under their class filter, included). */
  public <T> T roundTrip(T value) {
    return service.toObject(service.toData(value));
  }

  /** The size of {@code value}'s wire form, in bytes. */
  public int size(Object value) {
    return service.toData(value).totalSize();
  }

  /** Serialises {@code value} and drops the result (for values that must be refused). */
  public void write(Object value) {
    service.toData(value);
  }
}
