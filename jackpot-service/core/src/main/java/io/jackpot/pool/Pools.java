package io.jackpot.pool;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletionStage;

/** Where live pools are kept; each pool changes atomically, one batch at a time. */
public interface Pools {
  /**
   * Applies each batch to its pool. A batch re-sent with the same operation id is not applied
   * twice: its original outcomes come back.
   */
  CompletionStage<Map<PoolId, List<PoolOutcome>>> apply(Map<PoolId, Pool.Batch> batches);

  /**
   * {@link #apply}, for batches of a member that has left (its steps finished by another): where
   * pools refuse a sender that is no longer a member, these are taken all the same.
   */
  default CompletionStage<Map<PoolId, List<PoolOutcome>>> applyOnBehalf(Map<PoolId, Pool.Batch> batches) {
    return apply(batches);
  }

  CompletionStage<Optional<Pool>> get(PoolId id);

  /** What the pool can say of a sender's batch ({@link Pool#recall}), applying nothing; empty if the pool is not live. */
  CompletionStage<Optional<Pool.Recall>> recall(PoolId id, String senderId, String opId);

  CompletionStage<List<Pool>> getAll(Collection<PoolId> ids);

  /** Installs the pool unless one with its id is already live; true if installed. */
  CompletionStage<Boolean> putIfAbsent(Pool pool);
}
