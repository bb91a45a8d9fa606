package io.jackpot.pool.hz;

import com.hazelcast.config.SerializationConfig;
import com.hazelcast.config.SerializerConfig;
import com.hazelcast.nio.ObjectDataInput;
import com.hazelcast.nio.ObjectDataOutput;
import com.hazelcast.nio.serialization.StreamSerializer;
import java.io.IOException;

/** Hazelcast serializers for the pool entry processor and its result (wire forms in {@link PoolWire}). */
public final class PoolSerializers {
  static final int APPLY_BATCH = 1001;
  static final int APPLIED = 1002;

  private PoolSerializers() {}

  public static void register(SerializationConfig config) {
    config.addSerializerConfig(new SerializerConfig().setTypeClass(ApplyBatch.class).setImplementation(new ApplyBatchSerializer()));
    config.addSerializerConfig(new SerializerConfig().setTypeClass(Applied.class).setImplementation(new AppliedSerializer()));
  }

  static final class ApplyBatchSerializer implements StreamSerializer<ApplyBatch> {
    @Override
    public void write(ObjectDataOutput out, ApplyBatch ep) throws IOException {
      PoolWire.writeBatch(out, ep.batch());
    }

    @Override
    public ApplyBatch read(ObjectDataInput in) throws IOException {
      return new ApplyBatch(PoolWire.readBatch(in));
    }

    @Override
    public int getTypeId() {
      return APPLY_BATCH;
    }
  }

  static final class AppliedSerializer implements StreamSerializer<Applied> {
    @Override
    public void write(ObjectDataOutput out, Applied applied) throws IOException {
      PoolWire.writeOutcomes(out, applied.outcomes());
    }

    @Override
    public Applied read(ObjectDataInput in) throws IOException {
      return new Applied(PoolWire.readOutcomes(in));
    }

    @Override
    public int getTypeId() {
      return APPLIED;
    }
  }
}
