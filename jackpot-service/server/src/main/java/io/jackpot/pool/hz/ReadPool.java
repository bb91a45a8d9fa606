package io.jackpot.pool.hz;

import com.hazelcast.core.ReadOnly;
import com.hazelcast.map.EntryProcessor;
import io.jackpot.pool.Pool;
import java.util.Map;

/** Reads a pool without its batch memory, so readers copy only what they show. */
record ReadPool() implements EntryProcessor<String, Pool, Pool>, ReadOnly {
  @Override
  public Pool process(Map.Entry<String, Pool> entry) {
    return entry.getValue() == null ? null : entry.getValue().view();
  }
}
