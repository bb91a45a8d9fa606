package io.jackpot.pool;

import io.jackpot.money.Money;
import java.io.Serializable;
import java.time.Instant;

/** A change asked of one pool. Commands carry everything the pool needs: no clock, no randomness. */
public sealed interface PoolCommand extends Serializable {
  String roundId();

  /**
   * Adds rate × stake to the pool; names the player, who wins if the contribution triggers the pool.
   * {@code wonBefore}: the ledger holds a win of this pool by this round (its claim came ahead of
   * the contribution, and may be older than the wins the pool remembers): the share is added and
   * the trigger pays nothing, as a round wins a pool at most once. {@code oneWinRank}: the pool's
   * tier rank in a jackpot that pays one tier per round (the sequencer's order), else -1; the pool ignores it.
   */
  record Contribute(String roundId, long stakeMicros, String playerId, String gameId, String operatorId, Instant at,
      boolean wonBefore, int oneWinRank) implements PoolCommand {
    public Contribute(String roundId, long stakeMicros, String playerId, String gameId, String operatorId, Instant at) {
      this(roundId, stakeMicros, playerId, gameId, operatorId, at, false);
    }

    public Contribute(String roundId, long stakeMicros, String playerId, String gameId, String operatorId, Instant at,
        boolean wonBefore) {
      this(roundId, stakeMicros, playerId, gameId, operatorId, at, wonBefore, -1);
    }

    /** The same contribution to a pool this round has won already. */
    public Contribute toPoolWonBefore() {
      return new Contribute(roundId, stakeMicros, playerId, gameId, operatorId, at, true, oneWinRank);
    }

    /** The same contribution to a tier of that rank. */
    public Contribute withOneWinRank(int rank) {
      return new Contribute(roundId, stakeMicros, playerId, gameId, operatorId, at, wonBefore, rank);
    }
  }

  /** Stops contributions and wins; the amount stays exactly as it is. {@code roundId}: the command's id. */
  record Pause(String roundId, Instant at) implements PoolCommand {}

  /** Takes contributions and pays wins again, from the very amount it was paused with. */
  record Resume(String roundId, Instant at) implements PoolCommand {}

  /**
   * Closes the pool for good. With {@code transferTo}, its whole value (amount and reserve, to the
   * last sub-micro) leaves under {@code transferId} for that pool; without, it is held in the pool.
   */
  record Discontinue(String roundId, String reason, PoolId transferTo, String transferId, Instant at) implements PoolCommand {}

  /** Receives a transfer; a transfer id already received is not received twice. {@code roundId}: the transfer id. */
  record TransferIn(String roundId, PoolId from, Money amount, Instant at) implements PoolCommand {}

  /** Sends what overflowed above the ceiling to the overflow pool, under {@code transferId}. */
  record FlushOverflow(String roundId, String transferId) implements PoolCommand {}

  /**
   * New terms for the pool, taking effect at its next reseed. {@code roundId}: the command's id;
   * {@code version}: the jackpot definition version they are of (a pool takes no terms older than
   * its last; 0: unversioned, always taken).
   */
  record ChangeTerms(String roundId, PoolTerms terms, long version) implements PoolCommand {}

  /** Awards the pool to the claimant; the same round id again returns the same win. */
  record Claim(String roundId, String playerId, String gameId, String operatorId, Instant at)
      implements PoolCommand {}
}
