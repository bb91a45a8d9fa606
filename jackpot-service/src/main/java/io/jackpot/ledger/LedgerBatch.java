package io.jackpot.ledger;

import io.jackpot.money.Money;
import io.jackpot.pool.PoolId;
import io.jackpot.pool.PoolStatus;
import io.jackpot.pool.Win;
import java.time.Instant;
import java.util.List;

/**
 * Everything one ledger transaction records. Recording is idempotent: a batch recorded twice (a
 * retried commit whose first outcome was unknown) leaves the ledger as if recorded once.
 */
public record LedgerBatch(
    List<Round> rounds, List<Share> shares, List<Win> wins, List<PoolEvent> events) {

  /** A round and what became of it. */
  public record Round(RoundRecord record, RoundStatus status) {}

  /**
   * One share of one round's stake added to one pool, with the pool's exact value after it;
   * {@code position} is the pool's place among the round's targets.
   */
  public record Share(PoolId pool, long opSeq, String roundId, int position, String gameId, String operatorId,
      long stakeMicros, Money share, Money amountAfter, Instant at) {}

  /** A pool's full state after an operation other than a contribution: the anchor of a rebuild. */
  public record PoolEvent(PoolId pool, long opSeq, String kind, PoolStatus status, Money amountAfter,
      long cycleSeedMicros, long winSeq, Instant at) {}

  public boolean isEmpty() {
    return rounds.isEmpty() && shares.isEmpty() && wins.isEmpty() && events.isEmpty();
  }

  public int size() {
    return rounds.size() + shares.size() + wins.size() + events.size();
  }
}
