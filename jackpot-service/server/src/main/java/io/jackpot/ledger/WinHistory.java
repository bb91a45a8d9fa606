package io.jackpot.ledger;

import io.jackpot.pool.PoolId;
import io.jackpot.pool.Win;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletionStage;

/** The wins the ledger recorded: what a repeated claim is answered from, and what operators and the public page through. */
public interface WinHistory {
  CompletionStage<Optional<Win>> findWin(String winId);

  /** The wins of one operator's round, oldest first. */
  CompletionStage<List<Win>> findWinsByRound(String operatorId, String roundId);

  /** One operator's round's win of a pool, if it won it. */
  CompletionStage<Optional<Win>> findClaim(PoolId pool, String operatorId, String roundId);

  /**
   * At most {@code limit} wins in [from, to), ordered by time and win id, of one jackpot (null: all),
   * won by one operator's players (null: all) or else of one of {@code orJackpots} (that operator's
   * own), after the win at {@code after} unless it is null.
   */
  CompletionStage<List<Win>> findWins(String jackpotId, Instant from, Instant to, String operatorId,
      Collection<String> orJackpots, WinCursor after, int limit);

  /**
   * At most {@code limit} wins of one jackpot, newest first (by time, then win id, both descending),
   * before the win at {@code before} unless it is null: the public hall of fame, a page at a time.
   */
  CompletionStage<List<Win>> findLatestWins(String jackpotId, WinCursor before, int limit);

  /** A place in the wins' order: a win's time and id. */
  record WinCursor(Instant wonAt, String winId) {}
}
