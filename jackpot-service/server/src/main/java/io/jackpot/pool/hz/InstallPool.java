package io.jackpot.pool.hz;

import com.hazelcast.map.EntryProcessor;
import io.jackpot.pool.Pool;
import java.util.Map;

/** Installs a pool rebuilt from the ledger unless another member already has it live. */
record InstallPool(Pool pool) implements EntryProcessor<String, Pool, Boolean> {
  @Override
  public Boolean process(Map.Entry<String, Pool> entry) {
    if (entry.getValue() != null) {
      return false;
    }
    entry.setValue(pool);
    return true;
  }
}
