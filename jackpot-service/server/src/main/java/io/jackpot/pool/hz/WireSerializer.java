package io.jackpot.pool.hz;

import com.hazelcast.config.SerializerConfig;
import com.hazelcast.nio.ObjectDataInput;
import com.hazelcast.nio.ObjectDataOutput;
import com.hazelcast.nio.serialization.StreamSerializer;
import java.io.IOException;

/** A Hazelcast serializer made of a type id, a writer and a reader (the wire forms of {@link PoolWire} and the journal). */
public record WireSerializer<T>(int typeId, Writer<T> writer, Reader<T> reader) implements StreamSerializer<T> {
  public interface Writer<T> {
    void write(ObjectDataOutput out, T value) throws IOException;
  }

  public interface Reader<T> {
    T read(ObjectDataInput in) throws IOException;
  }

  public static <T> SerializerConfig config(Class<T> type, int typeId, Writer<T> writer, Reader<T> reader) {
    return new SerializerConfig().setTypeClass(type).setImplementation(new WireSerializer<>(typeId, writer, reader));
  }

  @Override
  public int getTypeId() {
    return typeId;
  }

  @Override
  public void write(ObjectDataOutput out, T value) throws IOException {
    writer.write(out, value);
  }

  @Override
  public T read(ObjectDataInput in) throws IOException {
    return reader.read(in);
  }
}
