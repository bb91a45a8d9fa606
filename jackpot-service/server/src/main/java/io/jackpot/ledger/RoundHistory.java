package io.jackpot.ledger;

import io.jackpot.pool.PoolId;
import java.util.Collection;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletionStage;

/** The rounds the ledger recorded: what contributions and claims check a round against, and operators read. */
public interface RoundHistory {
  /**
   * One operator's recorded rounds among {@code roundIds}, by round id. Round ids are the
   * operator's own: another operator's round of the same id is not found.
   */
  CompletionStage<Map<String, RecordedRound>> findRounds(String operatorId, Collection<String> roundIds);

  /**
   * The pools each of one operator's rounds among {@code roundIds} has won, by round id (rounds
   * without a win left out): a claim may come ahead of its round's contribution, and the pool must
   * not pay that round again when the contribution arrives.
   */
  CompletionStage<Map<String, Set<PoolId>>> findWonPools(String operatorId, Collection<String> roundIds);

  /** One operator's round as the ledger recorded it, for operators and to hold a claim to it (empty if there is none). */
  CompletionStage<Optional<RoundDetail>> findRound(String operatorId, String roundId);

  /** Rounds recorded whose id starts with {@code prefix} and their shares (one operator's, or all when null). */
  CompletionStage<RoundCount> countRounds(String prefix, String operatorId);

  record RoundCount(long rounds, long contributions) {}
}
