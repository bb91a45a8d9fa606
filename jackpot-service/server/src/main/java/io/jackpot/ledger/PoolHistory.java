package io.jackpot.ledger;

import io.jackpot.pool.Pool;
import io.jackpot.pool.PoolId;
import io.jackpot.pool.PoolTerms;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.CompletionStage;

/** A pool's recorded history, as far as making it live needs: rebuilding it, or recording its creation. */
public interface PoolHistory {
  /** The pool as the ledger says it is (under the given terms), or empty if never recorded. */
  CompletionStage<Optional<Pool>> rebuild(PoolId pool, PoolTerms terms);

  /** Records a new pool at operation 0 (its creation), idempotently. */
  CompletionStage<Void> recordCreated(Pool pool, Instant at);
}
