package io.jackpot.pool.hz;

import com.hazelcast.config.SerializationConfig;
import com.hazelcast.internal.serialization.InternalSerializationService;
import com.hazelcast.internal.serialization.impl.DefaultSerializationServiceBuilder;
import io.jackpot.money.Rate;
import io.jackpot.pool.Pool;
import io.jackpot.pool.PoolCommand;
import io.jackpot.pool.PoolId;
import io.jackpot.pool.PoolTerms;
import io.jackpot.pool.SeededRandom;
import io.jackpot.pool.Trigger;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The pool engine's hot path, without I/O: one batch of 100 contributions applied to a pool (what
 * the entry processor runs on the partition thread), for a claim-only pool and for a RANDOM pool
 * (one SHA-256 draw per contribution); and the batch's trip over the wire, field by field
 * (PoolWire, as registered with Hazelcast) against plain Java serialization of the same entry
 * processor, as the baseline. Run: scripts/bench-engine.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class PoolEngineBench {
  private Pool claimPool;
  private Pool randomPool;
  private Pool.Batch batch;
  private ApplyBatch entryProcessor;
  private InternalSerializationService hazelcast;

  @Setup
  public void setUp() throws Exception {
    var random = new SeededRandom(7);
    claimPool = Pool.created(new PoolId("bewitched", "cv-0.10"), new PoolTerms(200_000_000, new Rate(5_000)), random.next());
    randomPool = Pool.created(new PoolId("candy", "grand"),
        new PoolTerms(10_000_000_000L, new Rate(10_000), new Trigger.Random(2_000_000_000_000L), 0, 0, null), random.next());
    List<PoolCommand> commands = new ArrayList<>();
    Instant at = Instant.parse("2026-11-21T13:45:01.123Z");
    for (int i = 0; i < 100; i++) {
      commands.add(new PoolCommand.Contribute("BW-20261121-134501-" + i, 1_000_000 + i * 10_000L, "p-" + (i % 17), "bewitched", "demo", at));
    }
    batch = new Pool.Batch("member-1", 1, "op-1", random.next(), commands);
    SerializationConfig config = new SerializationConfig();
    PoolSerializers.register(config);
    hazelcast = new DefaultSerializationServiceBuilder().setConfig(config).build();
    entryProcessor = new ApplyBatch(batch, true); // the engine alone: its sender is no member
  }

  @Benchmark
  public Pool.Transition apply100ToClaimPool() {
    return claimPool.apply(batch);
  }

  @Benchmark
  public Pool.Transition apply100ToRandomPool() {
    return randomPool.apply(batch);
  }

  @Benchmark
  public Object wireRoundTrip100() {
    return hazelcast.toObject(hazelcast.toData(entryProcessor));
  }

  @Benchmark
  public Object javaSerializationRoundTrip100() throws IOException, ClassNotFoundException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
      out.writeObject(entryProcessor);
    }
    try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
      return in.readObject();
    }
  }
}
