package io.jackpot.pool.hz;

import com.hazelcast.map.EntryProcessor;
import io.jackpot.pool.Pool;
import java.util.Map;

/**
 * Runs {@link Pool#apply} atomically on the pool's partition thread, and again on the backup, so it
 * holds no clock or randomness. A retry carries the same operation id and is not applied twice.
 *
 * <p>A member's batch is refused once its sender is no longer a member where the pool lives: a
 * member that came back under a new identity must not apply rounds the games may have retried
 * elsewhere. Batches sent for a departed member (StepRecovery) are not checked.
 */
final class ApplyBatch extends OwnerChecked implements EntryProcessor<String, Pool, Applied> {
  static final String NOT_A_MEMBER = "the batch's sender is not a member of the cluster: ";
  private final Pool.Batch batch;
  private final boolean onBehalf;

  ApplyBatch(Pool.Batch batch, boolean onBehalf) {
    this.batch = batch;
    this.onBehalf = onBehalf;
  }

  Pool.Batch batch() {
    return batch;
  }

  boolean onBehalf() {
    return onBehalf;
  }

  @Override
  public Applied process(Map.Entry<String, Pool> entry) {
    Pool pool = entry.getValue();
    if (pool == null) {
      throw new IllegalStateException("pool " + entry.getKey() + " is not loaded");
    }
    if (!onBehalf && !listed(batch.senderId())) {
      throw new IllegalStateException(NOT_A_MEMBER + batch.senderId());
    }
    Pool.Transition t = pool.apply(batch);
    if (t.pool() != pool) {
      entry.setValue(t.pool());
    }
    return new Applied(t.outcomes());
  }

  @Override
  public EntryProcessor<String, Pool, Applied> getBackupProcessor() {
    return onBehalf ? this : new ApplyBatch(batch, true);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof ApplyBatch a && a.batch.equals(batch) && a.onBehalf == onBehalf;
  }

  @Override
  public int hashCode() {
    return batch.hashCode() * 31 + Boolean.hashCode(onBehalf);
  }
}
