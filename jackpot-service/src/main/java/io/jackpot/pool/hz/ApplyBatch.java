package io.jackpot.pool.hz;

import com.hazelcast.map.EntryProcessor;
import io.jackpot.pool.Pool;
import io.jackpot.pool.PoolOutcome;
import java.util.List;
import java.util.Map;

/**
 * Runs {@link Pool#apply} on the pool's partition thread, atomically; run again on the backup
 * replica with the same input, which is why it holds no clock or randomness. A retried invocation
 * carries the same operation id, so the pool recognises it and does not apply it twice.
 */
record ApplyBatch(Pool.Batch batch) implements EntryProcessor<String, Pool, Applied> {
  @Override
  public Applied process(Map.Entry<String, Pool> entry) {
    Pool pool = entry.getValue();
    if (pool == null) {
      throw new IllegalStateException("pool " + entry.getKey() + " is not loaded");
    }
    Pool.Transition t = pool.apply(batch);
    if (t.pool() != pool) {
      entry.setValue(t.pool());
    }
    return new Applied(t.outcomes());
  }
}
