package io.jackpot.pool.hz;

import com.hazelcast.core.ReadOnly;
import com.hazelcast.map.EntryProcessor;
import io.jackpot.pool.Pool;
import java.util.Map;

/**
 * Asks a pool what it knows of one sender's batch ({@link Pool#recall}), reading only. Used when a
 * departed member's step is tried again: a member of a release without this class cannot run it,
 * and the step then waits for the next try.
 */
record RecallBatch(String senderId, String opId) implements EntryProcessor<String, Pool, Pool.Recall>, ReadOnly {
  @Override
  public Pool.Recall process(Map.Entry<String, Pool> entry) {
    return entry.getValue() == null ? null : entry.getValue().recall(senderId, opId);
  }
}
