package io.jackpot.ledger;

import io.jackpot.pool.Pool;
import io.jackpot.pool.PoolId;
import io.jackpot.pool.PoolOutcome;
import io.jackpot.pool.PoolTerms;
import io.jackpot.pool.Win;
import io.jackpot.reconciliation.LedgerFigures;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletionStage;
import java.util.function.Predicate;

/** The durable record of every pool change, from which pools are rebuilt. */
public interface Ledger extends LedgerWriter {

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

  CompletionStage<Optional<Win>> findWin(String winId);

  /** Rounds recorded whose id starts with {@code prefix} and their shares (one operator's, or all when null). */
  CompletionStage<RoundCount> countRounds(String prefix, String operatorId);

  record RoundCount(long rounds, long contributions) {}

  /** The wins of one operator's round, oldest first. */
  CompletionStage<List<Win>> findWinsByRound(String operatorId, String roundId);

  /** One operator's round as the ledger recorded it, for operators and to hold a claim to it (empty if there is none). */
  CompletionStage<Optional<RoundDetail>> findRound(String operatorId, String roundId);

  /** One operator's round's win of a pool, if it won it. */
  CompletionStage<Optional<Win>> findClaim(PoolId pool, String operatorId, String roundId);

  /** The pool as the ledger says it is (under the given terms), or empty if never recorded. */
  CompletionStage<Optional<Pool>> rebuild(PoolId pool, PoolTerms terms);

  /**
   * At most {@code limit} audit entries in [from, to), oldest first, each with its id; only those
   * of {@code owner} unless it is null; only those after the entry {@code afterId} unless it is null;
   * only those that begin within {@code bytes} of before and after JSON, plus the first one beyond,
   * which only tells that more follow: it comes with its id but with {@code before} and
   * {@code after} null, and is not an entry to hand on.
   */
  CompletionStage<List<Logged>> findAudit(Instant from, Instant to, String owner, Long afterId, int limit,
      long bytes);

  /**
   * An audit entry with its place in the log, and the bytes of before and after JSON of the
   * entries found ahead of it.
   */
  record Logged(long id, AuditEntry entry, long bytesBefore) {}

  /**
   * At most {@code limit} wins in [from, to), ordered by time and win id, of one jackpot (null: all),
   * won by one operator's players (null: all) or else of one of {@code orJackpots} (that operator's
   * own), after the win at {@code after} unless it is null.
   */
  CompletionStage<List<Win>> findWins(String jackpotId, Instant from, Instant to, String operatorId,
      Collection<String> orJackpots, WinCursor after, int limit);

  /** A place in the wins' order: a win's time and id. */
  record WinCursor(Instant wonAt, String winId) {}

  /** Every pool's flows and recorded balance, from one snapshot (pools never recorded are absent). */
  CompletionStage<LedgerFigures> figures();

  /** Transfers that left their source but were never received (a stop between the two steps). */
  CompletionStage<List<PoolOutcome.Transfer>> pendingTransfers();

  /**
   * A saved version of a definition or of the exchange rates: its number (a definition's version;
   * a set of rates' id), increasing with every save of the same thing, and its JSON as saved.
   */
  record Saved(long version, String json) {}

  /** The exchange rates in force (the newest set). */
  CompletionStage<Optional<Saved>> latestFxRates();

  /** The exchange rates set last at or before {@code moment}, as the JSON they were saved as. */
  CompletionStage<Optional<String>> fxRatesAt(Instant moment);

  /**
   * Saves a new set of exchange rates with its audit entry, in one transaction, if {@code saveAfter}
   * says so of the sets saved, read under a lock that saving a set takes: it answers false when the
   * set is already the newest (nothing to save), and throws to refuse. Answers the number of the set
   * now newest: the one saved, or the newest if none was.
   */
  CompletionStage<Long> saveFxRates(String ratesJson, String setBy, AuditEntry audit,
      Predicate<FxSaved> saveAfter);

  /**
   * The sets of rates saved: the newest one's JSON (null if none), and the last rate each currency
   * ever had (a decimal string by currency), a currency the newest set no longer has included.
   */
  record FxSaved(String newestJson, Map<String, String> lastRates) {
    public FxSaved {
      lastRates = Map.copyOf(lastRates);
    }
  }

  /** Every jackpot's definition in force (its highest version). */
  CompletionStage<List<Saved>> definitions();

  /**
   * Saves a new version of a definition with its audit entry, in one transaction, if
   * {@code saveAfter} says so of the versions in force (every jackpot's id and JSON; {@code id}
   * absent if it has none), read under a lock all definition saves take, in the same transaction:
   * throwing refuses the save, nothing written. So a check across jackpots (a game's stake
   * shares) sees every save before it. False: the version in force is already this definition
   * (it was sent again), and nothing is written. Answers the version saved, or the one in force.
   */
  CompletionStage<Integer> saveDefinition(String id, String definitionJson, String savedBy, AuditEntry audit,
      Predicate<Map<String, String>> saveAfter);

  /** A definition of the initial catalogue: its id, its JSON and its audit entry. */
  record Initial(String id, String json, AuditEntry audit) {}

  /**
   * Saves the initial catalogue, each definition as version 1 with its audit entry, in one
   * transaction and only while the ledger holds no definition at all (read under a lock that every
   * such save takes): all or nothing, so a start that fails half-way leaves the ledger fresh for the
   * next. Answers how many were saved: 0 when another member's catalogue was saved first.
   */
  CompletionStage<Integer> saveInitialDefinitions(List<Initial> definitions, String savedBy);

  /** Records a new pool at operation 0 (its creation), idempotently. */
  CompletionStage<Void> recordCreated(Pool pool, Instant at);
}
