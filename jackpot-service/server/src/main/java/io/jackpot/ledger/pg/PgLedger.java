package io.jackpot.ledger.pg;

import io.jackpot.ledger.AuditEntry;
import io.jackpot.ledger.Ledger;
import io.jackpot.ledger.LedgerBatch;
import io.jackpot.ledger.RecordedRound;
import io.jackpot.ledger.RoundDetail;
import io.jackpot.ledger.Saved;
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

/**
 * The ledger in PostgreSQL, every port in one: each call goes to the store of its port (PgLedgerWriter,
 * PgRoundHistory, PgWinHistory, PgAuditLog, PgPoolHistory, PgFlowHistory, PgFxRateHistory, PgDefinitionHistory).
 */
public final class PgLedger implements Ledger {
  private final PgLedgerWriter writer;
  private final PgRoundHistory rounds;
  private final PgWinHistory wins;
  private final PgAuditLog auditLog;
  private final PgPoolHistory pools;
  private final PgFlowHistory flows;
  private final PgFxRateHistory fxRates;
  private final PgDefinitionHistory definitions;

  /** Every call on one pool (tools and tests). */
  public PgLedger(io.vertx.sqlclient.Pool pg) {
    this(pg, pg);
  }

  /** {@code unlimited}: for the reads that may rightly run long (see PgPools): reconciliation, round counts, rebuilds. */
  public PgLedger(io.vertx.sqlclient.Pool pg, io.vertx.sqlclient.Pool unlimited) {
    this.writer = new PgLedgerWriter(pg);
    this.rounds = new PgRoundHistory(pg, unlimited);
    this.wins = new PgWinHistory(pg, unlimited);
    this.auditLog = new PgAuditLog(unlimited);
    this.pools = new PgPoolHistory(unlimited, writer);
    this.flows = new PgFlowHistory(unlimited);
    this.fxRates = new PgFxRateHistory(pg);
    this.definitions = new PgDefinitionHistory(pg);
  }

  @Override
  public CompletionStage<Void> record(LedgerBatch batch) {
    return writer.record(batch);
  }

  @Override
  public CompletionStage<Boolean> recordStepIfAbsent(LedgerBatch batch) {
    return writer.recordStepIfAbsent(batch);
  }

  @Override
  public CompletionStage<Boolean> stepRecorded(String stepId) {
    return writer.stepRecorded(stepId);
  }

  @Override
  public CompletionStage<Map<String, RecordedRound>> findRounds(String operatorId, Collection<String> roundIds) {
    return rounds.findRounds(operatorId, roundIds);
  }

  @Override
  public CompletionStage<Map<String, Set<PoolId>>> findWonPools(String operatorId, Collection<String> roundIds) {
    return rounds.findWonPools(operatorId, roundIds);
  }

  @Override
  public CompletionStage<Optional<RoundDetail>> findRound(String operatorId, String roundId) {
    return rounds.findRound(operatorId, roundId);
  }

  @Override
  public CompletionStage<RoundCount> countRounds(String prefix, String operatorId) {
    return rounds.countRounds(prefix, operatorId);
  }

  @Override
  public CompletionStage<Optional<Win>> findWin(String winId) {
    return wins.findWin(winId);
  }

  @Override
  public CompletionStage<List<Win>> findWinsByRound(String operatorId, String roundId) {
    return wins.findWinsByRound(operatorId, roundId);
  }

  @Override
  public CompletionStage<Optional<Win>> findClaim(PoolId pool, String operatorId, String roundId) {
    return wins.findClaim(pool, operatorId, roundId);
  }

  @Override
  public CompletionStage<List<Win>> findWins(String jackpotId, Instant from, Instant to, String operatorId,
      Collection<String> orJackpots, WinCursor after, int limit) {
    return wins.findWins(jackpotId, from, to, operatorId, orJackpots, after, limit);
  }

  @Override
  public CompletionStage<List<Win>> findLatestWins(String jackpotId, WinCursor before, int limit) {
    return wins.findLatestWins(jackpotId, before, limit);
  }

  @Override
  public CompletionStage<List<Logged>> findAudit(Instant from, Instant to, String owner, Long afterId, int limit, long bytes) {
    return auditLog.findAudit(from, to, owner, afterId, limit, bytes);
  }

  @Override
  public CompletionStage<Optional<Pool>> rebuild(PoolId pool, PoolTerms terms) {
    return pools.rebuild(pool, terms);
  }

  @Override
  public CompletionStage<Void> recordCreated(Pool pool, Instant at) {
    return pools.recordCreated(pool, at);
  }

  @Override
  public CompletionStage<LedgerFigures> figures() {
    return flows.figures();
  }

  @Override
  public CompletionStage<List<PoolOutcome.Transfer>> pendingTransfers() {
    return flows.pendingTransfers();
  }

  @Override
  public CompletionStage<Optional<Saved>> latestFxRates() {
    return fxRates.latestFxRates();
  }

  @Override
  public CompletionStage<Optional<String>> fxRatesAt(Instant moment) {
    return fxRates.fxRatesAt(moment);
  }

  @Override
  public CompletionStage<Long> saveFxRates(String ratesJson, String setBy, AuditEntry audit, Predicate<FxSaved> saveAfter) {
    return fxRates.saveFxRates(ratesJson, setBy, audit, saveAfter);
  }

  @Override
  public CompletionStage<List<Saved>> definitions() {
    return definitions.definitions();
  }

  @Override
  public CompletionStage<Integer> saveDefinition(String id, String definitionJson, String savedBy, AuditEntry audit,
      Predicate<Map<String, String>> saveAfter) {
    return definitions.saveDefinition(id, definitionJson, savedBy, audit, saveAfter);
  }

  @Override
  public CompletionStage<Integer> saveInitialDefinitions(List<Initial> initial, String savedBy) {
    return definitions.saveInitialDefinitions(initial, savedBy);
  }
}
