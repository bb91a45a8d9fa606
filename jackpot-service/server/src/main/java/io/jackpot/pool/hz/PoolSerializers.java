package io.jackpot.pool.hz;

import com.hazelcast.config.SerializationConfig;

/** Hazelcast serializers for the pool entry processor and its result (wire forms in {@link PoolWire}). */
public final class PoolSerializers {
  static final int APPLY_BATCH = 1015;
  static final int APPLIED = 1002;

  private PoolSerializers() {}

  public static void register(SerializationConfig config) {
    config.addSerializerConfig(WireSerializer.config(ApplyBatch.class, APPLY_BATCH,
        (out, ep) -> {
          PoolWire.writeBatch(out, ep.batch());
          out.writeBoolean(ep.onBehalf());
        }, in -> new ApplyBatch(PoolWire.readBatch(in), in.readBoolean())));
    config.addSerializerConfig(WireSerializer.config(Applied.class, APPLIED,
        (out, applied) -> PoolWire.writeOutcomes(out, applied.outcomes()), in -> new Applied(PoolWire.readOutcomes(in))));
  }
}
