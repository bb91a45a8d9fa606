package io.jackpot.ledger.pg;

import io.jackpot.ledger.AuditEntry;
import io.jackpot.ledger.Ledger;
import io.jackpot.ledger.LedgerBatch;
import io.jackpot.ledger.LedgerRefusal;
import io.jackpot.ledger.RecordedRound.RecordedShare;
import io.jackpot.ledger.RecordedRound;
import io.jackpot.ledger.RoundDetail;
import io.jackpot.ledger.RoundStatus;
import io.jackpot.ledger.Saved;
import io.jackpot.ledger.ShareRuns;
import io.jackpot.money.Money;
import io.jackpot.money.Total;
import io.jackpot.pool.MustHit;
import io.jackpot.pool.Pool;
import io.jackpot.pool.PoolId;
import io.jackpot.pool.PoolOutcome;
import io.jackpot.pool.PoolStatus;
import io.jackpot.pool.PoolTerms;
import io.jackpot.pool.Trigger;
import io.jackpot.pool.Win;
import io.jackpot.reconciliation.LedgerFigures;
import io.jackpot.reconciliation.PoolFlows;
import io.vertx.core.Future;
import io.vertx.core.json.JsonObject;
import io.vertx.pgclient.PgException;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import io.vertx.sqlclient.SqlClient;
import io.vertx.sqlclient.SqlConnection;
import io.vertx.sqlclient.Transaction;
import io.vertx.sqlclient.Tuple;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletionStage;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The ledger in PostgreSQL: one transaction per batch, bulk inserts, idempotent by primary keys. */
public final class PgLedger implements Ledger {
  private static final Logger log = LoggerFactory.getLogger(PgLedger.class);

  private final io.vertx.sqlclient.Pool pg;
  /** For the reads that may rightly run long (see PgPools): reconciliation, round counts, rebuilds. */
  private final io.vertx.sqlclient.Pool unlimited;

  /** Every call on one pool (tools and tests). */
  public PgLedger(io.vertx.sqlclient.Pool pg) {
    this(pg, pg);
  }

  public PgLedger(io.vertx.sqlclient.Pool pg, io.vertx.sqlclient.Pool unlimited) {
    this.pg = pg;
    this.unlimited = unlimited;
  }

  /**
   * One transaction, sent in one flight: BEGIN, the commit id and every insert go out on one
   * connection without waiting for each answer (the client pipelines what follows {@code begin()}
   * behind it), then COMMIT once all succeeded. Waiting for BEGIN and for the commit id first cost
   * two round trips through busy event loops per commit. A commit id already recorded (a retry
   * after an unknown outcome) rolls the rest back and counts as done; any other failure rolls back
   * and fails the whole batch. The client's transaction knows of every statement: one that failed
   * turns the end into a rollback, and a connection closed inside it is rolled back.
   */
  @Override
  public CompletionStage<Void> record(LedgerBatch batch) {
    if (batch.isEmpty()) {
      return Future.<Void>succeededFuture().toCompletionStage();
    }
    Tuple commitId;
    List<Insert> inserts;
    try {
      commitId = Tuple.of(UUID.fromString(batch.commitId()));
      inserts = inserts(batch);
    } catch (RuntimeException e) {
      return Future.<Void>failedFuture(e).toCompletionStage();
    }
    return pg.getConnection().compose(conn -> recordOn(conn, batch, commitId, inserts).eventually(conn::close)).toCompletionStage();
  }

  private static Future<Void> recordOn(SqlConnection conn, LedgerBatch batch, Tuple commitId, List<Insert> inserts) {
    Future<Transaction> begin = conn.begin();
    Future<RowSet<Row>> first = conn.preparedQuery(LedgerSql.INSERT_COMMIT).execute(commitId);
    List<Future<?>> sent = new ArrayList<>(List.of(begin, first));
    sent.addAll(send(conn, inserts));
    return Future.join(sent).transform(all -> {
      if (begin.failed()) {
        return Future.failedFuture(begin.cause());
      }
      Transaction tx = begin.result();
      if (first.succeeded() && first.result().size() == 0) {
        return tx.rollback().compose(r -> alreadyCommitted(batch));
      }
      if (all.succeeded()) {
        return tx.commit();
      }
      Throwable cause = refusedForGood(sent.stream().filter(Future::failed).findFirst().map(Future::cause).orElse(all.cause()));
      return tx.rollback().transform(r -> Future.<Void>failedFuture(cause));
    });
  }

  /**
   * A {@link LedgerRefusal} for what no retry can cure: SQLSTATE class 23 (a unique, foreign key or
   * check constraint) or 22 (data out of range), or rows recorded differently. Anything else (a lost
   * connection, a serialization failure, the server shutting down) is returned as it is, to retry.
   */
  static Throwable refusedForGood(Throwable cause) {
    if (cause instanceof LedgerRefusal) {
      return cause;
    }
    if (cause instanceof PgException pg && pg.getSqlState() != null
        && (pg.getSqlState().startsWith("23") || pg.getSqlState().startsWith("22"))) {
      return new LedgerRefusal("SQLSTATE " + pg.getSqlState() + ": " + pg.getMessage(), pg);
    }
    return cause;
  }

  @Override
  public CompletionStage<Boolean> recordStepIfAbsent(LedgerBatch batch) {
    if (batch.stepIds().size() != 1) {
      throw new IllegalArgumentException("one step at a time, got " + batch.stepIds());
    }
    return pg.withTransaction(conn -> conn.preparedQuery(LedgerSql.INSERT_STEP_IF_ABSENT).execute(Tuple.of(UUID.fromString(batch.stepIds().get(0))))
            .compose(step -> step.size() == 0 ? Future.succeededFuture(false)
                : conn.preparedQuery(LedgerSql.INSERT_COMMIT).execute(Tuple.of(UUID.fromString(batch.commitId())))
                    .compose(v -> Future.all(send(conn, inserts(batch.forSteps(batch.commitId(), List.of())))))
                    .map(v -> true)))
        .toCompletionStage();
  }

  @Override
  public CompletionStage<Boolean> stepRecorded(String stepId) {
    return pg.preparedQuery(LedgerSql.STEP_RECORDED).execute(Tuple.of(UUID.fromString(stepId))).map(rows -> rows.size() > 0)
        .toCompletionStage();
  }

  private static Future<Void> alreadyCommitted(LedgerBatch batch) {
    log.info("commit {} was already recorded (retry after an unknown outcome); skipped", batch.commitId());
    return Future.succeededFuture();
  }

  /**
   * An insert and its parameters, built before any is sent (a batch that cannot be encoded sends
   * nothing); {@code refusing}: whether its answer has rows that must fail the commit.
   */
  private record Insert(String sql, Tuple params, boolean refusing) {}

  /** The batch's inserts, in this order; only those with rows. */
  private static List<Insert> inserts(LedgerBatch batch) {
    List<Insert> out = new ArrayList<>();
    add(out, LedgerSql.INSERT_ROUNDS, batch.rounds().isEmpty(), () -> BatchArrays.rounds(batch.rounds(), batch.shares()));
    add(out, LedgerSql.INSERT_RUNS, batch.shares().isEmpty(), () -> BatchArrays.runs(ShareRuns.of(batch.shares())));
    if (!batch.wins().isEmpty() || !batch.winsIfAbsent().isEmpty()) {
      List<Win> wins = new ArrayList<>(batch.wins());
      wins.addAll(batch.winsIfAbsent());
      checked(out, LedgerSql.INSERT_WINS, LedgerSql.WINS_RECORDED_DIFFERENTLY, BatchArrays.wins(wins));
    }
    if (!batch.events().isEmpty()) {
      checked(out, LedgerSql.INSERT_OWN_EVENTS, LedgerSql.EVENTS_RECORDED_DIFFERENTLY, BatchArrays.events(batch.events()));
    }
    add(out, LedgerSql.INSERT_EVENTS + LedgerSql.IF_ABSENT, batch.eventsIfAbsent().isEmpty(),
        () -> BatchArrays.events(batch.eventsIfAbsent()));
    add(out, LedgerSql.INSERT_AUDIT, batch.audit().isEmpty(), () -> BatchArrays.audit(batch.audit()));
    add(out, LedgerSql.INSERT_TRANSFERS, batch.transfers().isEmpty(), () -> BatchArrays.transfers(batch.transfers()));
    add(out, LedgerSql.INSERT_RECEIPTS, batch.receipts().isEmpty(), () -> BatchArrays.receipts(batch.receipts()));
    add(out, LedgerSql.INSERT_STEPS, batch.stepIds().isEmpty(),
        () -> Tuple.of(batch.stepIds().stream().map(UUID::fromString).toArray(UUID[]::new)));
    return out;
  }

  /** An insert of rows that may be there already, then the check that those there are the same (its rows fail the commit). */
  private static void checked(List<Insert> out, String insert, String recordedDifferently, Tuple params) {
    out.add(new Insert(insert, params, false));
    out.add(new Insert(recordedDifferently, params, true));
  }

  private static void add(List<Insert> out, String sql, boolean empty, Supplier<Tuple> params) {
    if (!empty) {
      out.add(new Insert(sql, params.get(), false));
    }
  }

  /** Every insert sent at once on one connection (pipelined), in order. */
  private static List<Future<RowSet<Row>>> send(SqlClient conn, List<Insert> inserts) {
    List<Future<RowSet<Row>>> sent = new ArrayList<>(inserts.size());
    for (Insert i : inserts) {
      Future<RowSet<Row>> done = conn.preparedQuery(i.sql()).execute(i.params());
      sent.add(i.refusing() ? done.compose(PgLedger::noRows) : done);
    }
    return sent;
  }

  /**
   * Fails on rows found recorded differently under their keys (WINS_RECORDED_DIFFERENTLY: win ids;
   * EVENTS_RECORDED_DIFFERENTLY: pool operations): two histories of a pool disagree, and the commit must not go in.
   */
  private static Future<RowSet<Row>> noRows(RowSet<Row> rows) {
    if (rows.size() == 0) {
      return Future.succeededFuture(rows);
    }
    List<String> ids = new ArrayList<>();
    rows.forEach(r -> ids.add(r.getString(0)));
    return Future.failedFuture(new LedgerRefusal(ids + " are recorded with another round, amount or state"
        + " (a win or pool event already there differs in some column); refusing the commit", null));
  }

  @Override
  public CompletionStage<Map<String, RecordedRound>> findRounds(String operatorId, Collection<String> roundIds) {
    if (roundIds.isEmpty()) {
      return Future.<Map<String, RecordedRound>>succeededFuture(Map.of()).toCompletionStage();
    }
    Tuple ids = Tuple.of(roundIds.toArray(String[]::new), operatorId);
    return pg.preparedQuery(LedgerSql.FIND_ROUNDS).execute(ids).map(PgLedger::rounds)
        .compose(found -> found.isEmpty() ? Future.succeededFuture(found)
            : winsOfRounds(operatorId, found.keySet())
                .map(wins -> withTriggers(found, wins.stream().filter(w -> w.how() != Trigger.Kind.CLAIM).toList())))
        .toCompletionStage();
  }

  @Override
  public CompletionStage<Map<String, Set<PoolId>>> findWonPools(String operatorId, Collection<String> roundIds) {
    if (roundIds.isEmpty()) {
      return Future.<Map<String, Set<PoolId>>>succeededFuture(Map.of()).toCompletionStage();
    }
    return winsOfRounds(operatorId, roundIds).map(wins -> {
      Map<String, Set<PoolId>> won = new HashMap<>();
      wins.forEach(w -> won.computeIfAbsent(w.roundId(), id -> new HashSet<>()).add(w.pool()));
      return won;
    }).toCompletionStage();
  }

  /** Every win of these rounds of one operator, by round and win id (the claims' and the triggers'). */
  private Future<List<Win>> winsOfRounds(String operatorId, Collection<String> roundIds) {
    return pg.preparedQuery(LedgerSql.FIND_WINS_OF_ROUNDS).execute(Tuple.of(operatorId, (Object) roundIds.toArray(String[]::new)))
        .map(PgLedger::wins);
  }

  /** Each round's triggered wins, in the order of its shares: the order the first answer gave them. */
  private static Map<String, RecordedRound> withTriggers(Map<String, RecordedRound> rounds, List<Win> triggered) {
    triggered.forEach(w -> rounds.get(w.roundId()).triggers().add(w));
    for (RecordedRound r : rounds.values()) {
      if (r.triggers().size() > 1) {
        List<PoolId> order = r.shares().stream().map(RecordedRound.RecordedShare::pool).toList();
        r.triggers().sort(Comparator.comparingInt(w -> order.indexOf(w.pool())));
      }
    }
    return rounds;
  }

  private static Map<String, RecordedRound> rounds(RowSet<Row> rows) {
    Map<String, RecordedRound> out = new LinkedHashMap<>();
    for (Row row : rows) {
      String[] jackpots = row.getArrayOfStrings("share_jackpots"), pools = row.getArrayOfStrings("share_pools");
      Long[] shareMicros = row.getArrayOfLongs("share_micros"), shareSubs = row.getArrayOfLongs("share_subs");
      Long[] amountMicros = row.getArrayOfLongs("amount_micros"), amountSubs = row.getArrayOfLongs("amount_subs");
      List<RecordedShare> shares = new ArrayList<>(jackpots.length);
      for (int i = 0; i < jackpots.length; i++) {
        shares.add(new RecordedShare(new PoolId(jackpots[i], pools[i]), new Money(shareMicros[i], shareSubs[i]),
            new Money(amountMicros[i], amountSubs[i])));
      }
      String id = row.getString("round_id");
      out.put(id, new RecordedRound(id, row.getString("fingerprint"), RoundStatus.valueOf(row.getString("status")), shares,
          new ArrayList<>()));
    }
    return out;
  }

  @Override
  public CompletionStage<Optional<Win>> findWin(String winId) {
    return pg.preparedQuery(LedgerSql.FIND_WIN).execute(Tuple.of(winId)).map(PgLedger::firstWin).toCompletionStage();
  }

  @Override
  public CompletionStage<List<Win>> findWinsByRound(String operatorId, String roundId) {
    return pg.preparedQuery(LedgerSql.FIND_WINS_BY_ROUND).execute(Tuple.of(operatorId, roundId)).map(PgLedger::wins)
        .toCompletionStage();
  }

  @Override
  public CompletionStage<Optional<Win>> findClaim(PoolId pool, String operatorId, String roundId) {
    return pg.preparedQuery(LedgerSql.FIND_CLAIM).execute(Tuple.of(pool.jackpotId(), pool.poolKey(), operatorId, roundId))
        .map(PgLedger::firstWin).toCompletionStage();
  }

  /** A key look-up, on the limited pool like the round's wins read with it: never a long read. */
  @Override
  public CompletionStage<Optional<RoundDetail>> findRound(String operatorId, String roundId) {
    return pg.preparedQuery(LedgerSql.FIND_ROUND).execute(Tuple.of(operatorId, roundId))
        .map(rows -> rows.size() == 0 ? Optional.<RoundDetail>empty() : Optional.of(roundDetail(rows.iterator().next())))
        .toCompletionStage();
  }

  private static RoundDetail roundDetail(Row row) {
    String[] jackpots = row.getArrayOfStrings("share_jackpots"), pools = row.getArrayOfStrings("share_pools");
    Long[] ops = row.getArrayOfLongs("share_ops");
    Long[] shareMicros = row.getArrayOfLongs("share_micros"), shareSubs = row.getArrayOfLongs("share_subs");
    Long[] reserveMicros = row.getArrayOfLongs("reserve_micros"), reserveSubs = row.getArrayOfLongs("reserve_subs");
    Long[] overflowMicros = row.getArrayOfLongs("overflow_micros"), overflowSubs = row.getArrayOfLongs("overflow_subs");
    Long[] amountMicros = row.getArrayOfLongs("amount_micros"), amountSubs = row.getArrayOfLongs("amount_subs");
    List<RoundDetail.Share> shares = new ArrayList<>(jackpots.length);
    for (int i = 0; i < jackpots.length; i++) {
      shares.add(new RoundDetail.Share(new PoolId(jackpots[i], pools[i]), ops[i],
          new Money(shareMicros[i], shareSubs[i]), new Money(reserveMicros[i], reserveSubs[i]),
          new Money(overflowMicros[i], overflowSubs[i]), new Money(amountMicros[i], amountSubs[i])));
    }
    Long coin = row.getLong("coin_value_micros");
    Long original = row.getLong("original_stake_micros");
    long stake = row.getLong("stake_micros");
    return new RoundDetail(row.getString("round_id"), row.getString("operator_id"), row.getString("game_id"),
        row.getString("player_id"), Money.ofMicros(stake), Money.ofMicros(original == null ? stake : original),
        row.getString("currency"), row.getLong("fx_rate_ppm"), coin == null ? null : Money.ofMicros(coin),
        RoundStatus.valueOf(row.getString("status")), row.getOffsetDateTime("received_at").toInstant(),
        row.getOffsetDateTime("applied_at").toInstant(), shares);
  }

  @Override
  public CompletionStage<List<Logged>> findAudit(Instant from, Instant to, String owner, Long afterId, int limit, long bytes) {
    return unlimited.preparedQuery(LedgerSql.FIND_AUDIT)
        .execute(Tuple.of(BatchArrays.utc(from), BatchArrays.utc(to), owner, afterId, limit, bytes))
        .map(rows -> {
          List<Logged> out = new ArrayList<>();
          rows.forEach(r -> out.add(new Logged(r.getLong("id"), new AuditEntry(r.getOffsetDateTime("at").toInstant(), r.getString("actor"),
              r.getString("owner"), r.getString("action"), r.getString("target"), r.getString("before"), r.getString("after")),
              r.getLong("bytes_before"))));
          return out;
        }).toCompletionStage();
  }

  @Override
  public CompletionStage<List<Win>> findWins(String jackpotId, Instant from, Instant to, String operatorId,
      Collection<String> orJackpots, WinCursor after, int limit) {
    return unlimited.preparedQuery(LedgerSql.FIND_WINS)
        .execute(Tuple.from(Arrays.asList(jackpotId, BatchArrays.utc(from), BatchArrays.utc(to), operatorId,
            after == null ? null : BatchArrays.utc(after.wonAt()), after == null ? null : after.winId(), limit,
            orJackpots.toArray(String[]::new))))
        .map(PgLedger::wins).toCompletionStage();
  }

  @Override
  public CompletionStage<RoundCount> countRounds(String prefix, String operatorId) {
    return unlimited.preparedQuery(LedgerSql.COUNT_ROUNDS).execute(Tuple.of(prefix, operatorId))
        .map(rows -> {
          Row r = rows.iterator().next();
          return new RoundCount(r.getLong("rounds"), r.getLong("contributions"));
        }).toCompletionStage();
  }

  /** Grouped reads in one snapshot (repeatable read), so flows and balances are consistent with each other. */
  @Override
  public CompletionStage<LedgerFigures> figures() {
    return unlimited.withTransaction(conn -> conn.query(LedgerSql.SNAPSHOT).execute()
        .compose(x -> conn.query(LedgerSql.FLOW_CREATED).execute())
        .compose(created -> conn.query(LedgerSql.FLOW_WINS).execute()
            .compose(wins -> conn.query(LedgerSql.FLOW_SHARES).execute()
                .compose(shares -> conn.query(LedgerSql.BALANCES).execute()
                    .compose(balances -> conn.query(LedgerSql.FLOW_TRANSFERS_OUT).execute()
                        .compose(out -> conn.query(LedgerSql.FLOW_TRANSFERS_IN).execute()
                            .compose(in -> conn.query(LedgerSql.IN_TRANSIT).execute()
                                .map(transit -> new LedgerFigures(withTransfers(flows(created, wins, shares), out, in),
                                    balances(balances), total(transit.iterator().next()))))))))))
        .toCompletionStage();
  }

  /** A row's sums "micros" and "sub" (numeric, of any size). */
  private static Total total(Row r) {
    return Total.of(r.getBigDecimal("micros"), r.getBigDecimal("sub"));
  }

  private static Map<PoolId, PoolFlows> withTransfers(Map<PoolId, PoolFlows> flows, RowSet<Row> out, RowSet<Row> in) {
    for (Row r : out) {
      PoolId id = new PoolId(r.getString("jackpot_id"), r.getString("pool_key"));
      PoolFlows f = flows.getOrDefault(id, PoolFlows.none(id));
      flows.put(id, new PoolFlows(id, f.seeds(), f.contributions(), f.transfersIn(), f.awards(), total(r), f.contributionCount(),
          f.winCount()));
    }
    for (Row r : in) {
      PoolId id = new PoolId(r.getString("jackpot_id"), r.getString("pool_key"));
      PoolFlows f = flows.getOrDefault(id, PoolFlows.none(id));
      flows.put(id, new PoolFlows(id, f.seeds(), f.contributions(), total(r), f.awards(), f.transfersOut(), f.contributionCount(),
          f.winCount()));
    }
    return flows;
  }

  @Override
  public CompletionStage<List<PoolOutcome.Transfer>> pendingTransfers() {
    return unlimited.query(LedgerSql.PENDING_TRANSFERS).execute().map(rows -> {
      List<PoolOutcome.Transfer> out = new ArrayList<>();
      rows.forEach(r -> out.add(new PoolOutcome.Transfer(r.getString("transfer_id"),
          new PoolId(r.getString("from_jackpot"), r.getString("from_pool")), new PoolId(r.getString("to_jackpot"), r.getString("to_pool")),
          new Money(r.getLong("amount_micros"), r.getLong("amount_sub")), r.getString("reason"))));
      return out;
    }).toCompletionStage();
  }

  private static Map<PoolId, Money> balances(RowSet<Row> rows) {
    Map<PoolId, Money> out = new LinkedHashMap<>();
    rows.forEach(r -> out.put(new PoolId(r.getString("jackpot_id"), r.getString("pool_key")),
        Money.normalised(r.getLong("micros"), r.getLong("sub"))));
    return out;
  }

  private static Map<PoolId, PoolFlows> flows(RowSet<Row> created, RowSet<Row> wins, RowSet<Row> shares) {
    Map<PoolId, PoolFlows> out = new LinkedHashMap<>();
    for (Row r : created) {
      PoolId id = new PoolId(r.getString("jackpot_id"), r.getString("pool_key"));
      out.put(id, new PoolFlows(id, total(r), Total.ZERO, Total.ZERO, Total.ZERO, Total.ZERO, 0, 0));
    }
    for (Row r : shares) {
      PoolId id = new PoolId(r.getString("jackpot_id"), r.getString("pool_key"));
      PoolFlows f = out.getOrDefault(id, PoolFlows.none(id));
      out.put(id, new PoolFlows(id, f.seeds(), total(r), f.transfersIn(), f.awards(), f.transfersOut(), r.getLong("n"), f.winCount()));
    }
    for (Row r : wins) {
      PoolId id = new PoolId(r.getString("jackpot_id"), r.getString("pool_key"));
      PoolFlows f = out.getOrDefault(id, PoolFlows.none(id));
      Total funded = Total.of(r.getBigDecimal("funded_micros"), r.getBigDecimal("funded_sub"));
      out.put(id, new PoolFlows(id, f.seeds().plus(funded), f.contributions(), f.transfersIn(),
          Total.of(r.getBigDecimal("paid"), BigDecimal.ZERO), f.transfersOut(), f.contributionCount(), r.getLong("n")));
    }
    return out;
  }

  @Override
  public CompletionStage<Optional<Saved>> latestFxRates() {
    return pg.query(LedgerSql.LATEST_FX).execute().map(PgLedger::newestRates).toCompletionStage();
  }

  private static Optional<Saved> newestRates(RowSet<Row> rows) {
    if (rows.size() == 0) {
      return Optional.empty();
    }
    Row row = rows.iterator().next();
    return Optional.of(new Saved(row.getLong("id"), row.getString("rates")));
  }

  @Override
  public CompletionStage<Optional<String>> fxRatesAt(Instant moment) {
    return pg.preparedQuery(LedgerSql.FX_AT).execute(Tuple.of(BatchArrays.utc(moment))).map(PgLedger::rates).toCompletionStage();
  }

  private static Optional<String> rates(RowSet<Row> rows) {
    return rows.size() == 0 ? Optional.empty() : Optional.of(rows.iterator().next().getString("rates"));
  }

  @Override
  public CompletionStage<Long> saveFxRates(String ratesJson, String setBy, AuditEntry audit,
      Predicate<FxSaved> saveAfter) {
    return pg.withTransaction(conn -> conn.query(LedgerSql.LOCK_FX).execute()
            .compose(l -> conn.query(LedgerSql.LATEST_FX).execute())
            .map(PgLedger::newestRates)
            .compose(latest -> conn.query(LedgerSql.LAST_FX_RATES).execute().map(last -> {
              Map<String, String> lastRates = new HashMap<>();
              last.forEach(r -> lastRates.put(r.getString("currency"), r.getString("rate")));
              return saveAfter.test(new FxSaved(latest.map(Saved::json).orElse(null), lastRates));
            }).compose(save -> !save
                ? Future.succeededFuture(latest.map(Saved::version).orElseThrow(() ->
                    new IllegalStateException("no exchange rates are saved, yet none were to be saved")))
                : conn.preparedQuery(LedgerSql.SAVE_FX)
                    .execute(Tuple.of(new JsonObject(ratesJson), BatchArrays.utc(audit.at()), setBy))
                    .compose(saved -> conn.preparedQuery(LedgerSql.INSERT_AUDIT).execute(BatchArrays.audit(List.of(audit)))
                        .map(x -> saved.iterator().next().getLong("id"))))))
        .toCompletionStage();
  }

  @Override
  public CompletionStage<List<Saved>> definitions() {
    return pg.query(LedgerSql.DEFINITIONS).execute().map(rows -> {
      List<Saved> out = new ArrayList<>();
      rows.forEach(r -> out.add(new Saved(r.getInteger("version"), r.getString("definition"))));
      return out;
    }).toCompletionStage();
  }

  /** Saves are made one at a time under one lock (LOCK_DEFINITIONS): versions never race, and each check sees every save before it. */
  @Override
  public CompletionStage<Integer> saveDefinition(String id, String definitionJson, String savedBy, AuditEntry audit,
      Predicate<Map<String, String>> saveAfter) {
    return pg.withTransaction(conn -> conn.query(LedgerSql.LOCK_DEFINITIONS).execute()
        .compose(l -> conn.query(LedgerSql.DEFINITIONS).execute())
        .compose(latest -> {
          Map<String, String> inForce = new HashMap<>();
          Integer versionInForce = null;
          for (Row row : latest) {
            inForce.put(row.getString("id"), row.getString("definition"));
            if (row.getString("id").equals(id)) {
              versionInForce = row.getInteger("version");
            }
          }
          if (!saveAfter.test(inForce)) {
            return versionInForce != null ? Future.succeededFuture(versionInForce)
                : Future.failedFuture(new IllegalStateException("jackpot " + id + " has no saved version, yet none was to be saved"));
          }
          return conn.preparedQuery(LedgerSql.SAVE_DEFINITION)
              .execute(Tuple.of(id, new JsonObject(definitionJson), BatchArrays.utc(audit.at()), savedBy))
              .compose(saved -> conn.preparedQuery(LedgerSql.INSERT_AUDIT).execute(BatchArrays.audit(List.of(audit)))
                  .map(x -> saved.iterator().next().getInteger("version")));
        }))
        .toCompletionStage();
  }

  @Override
  public CompletionStage<Integer> saveInitialDefinitions(List<Initial> definitions, String savedBy) {
    if (definitions.isEmpty()) {
      return Future.succeededFuture(0).toCompletionStage();
    }
    String[] ids = definitions.stream().map(Initial::id).toArray(String[]::new);
    String[] jsons = definitions.stream().map(Initial::json).toArray(String[]::new);
    List<AuditEntry> audits = definitions.stream().map(Initial::audit).toList();
    Tuple rows = Tuple.of(ids, jsons, BatchArrays.utc(audits.get(0).at()), savedBy);
    return pg.withTransaction(conn -> conn.query(LedgerSql.LOCK_DEFINITIONS).execute()
        .compose(l -> conn.query(LedgerSql.ANY_DEFINITION).execute())
        .compose(any -> any.iterator().next().getBoolean("any") ? Future.succeededFuture(0)
            : conn.preparedQuery(LedgerSql.SAVE_INITIAL_DEFINITIONS).execute(rows)
                .compose(saved -> conn.preparedQuery(LedgerSql.INSERT_AUDIT).execute(BatchArrays.audit(audits)))
                .map(x -> definitions.size())))
        .toCompletionStage();
  }

  @Override
  public CompletionStage<Void> recordCreated(Pool pool, Instant at) {
    var event = LedgerBatch.PoolEvent.of(pool, "CREATED", at);
    return record(LedgerBatch.ofEventsIfAbsent(UUID.randomUUID().toString(), List.of(event)));
  }

  /**
   * The last full-state event, plus every share recorded after it, plus the recent wins: read in
   * one snapshot (repeatable read), so that a commit landing between the reads (a new anchor with
   * shares after it) cannot be half seen, its shares added to the anchor before it.
   */
  @Override
  public CompletionStage<Optional<Pool>> rebuild(PoolId id, PoolTerms terms) {
    Tuple key = Tuple.of(id.jackpotId(), id.poolKey());
    return unlimited.withTransaction(conn -> conn.query(LedgerSql.SNAPSHOT).execute()
        .compose(x -> conn.preparedQuery(LedgerSql.LAST_EVENT).execute(key)).compose(events -> {
          if (events.size() == 0) {
            return Future.succeededFuture(Optional.<Pool>empty());
          }
          Row anchor = events.iterator().next();
          long anchorOp = anchor.getLong("op_seq");
          return conn.preparedQuery(LedgerSql.SHARES_SINCE).execute(Tuple.of(id.jackpotId(), id.poolKey(), anchorOp))
              .compose(sums -> conn.preparedQuery(LedgerSql.RECENT_WINS).execute(Tuple.of(id.jackpotId(), id.poolKey(), Pool.RECENT_WINS))
                  .compose(recent -> conn.preparedQuery(LedgerSql.RECENT_RECEIPTS)
                      .execute(Tuple.of(id.jackpotId(), id.poolKey(), Pool.RECEIVED_TRANSFERS))
                      .map(receipts -> Optional.of(rebuilt(id, terms, anchor, sums.iterator().next(), recent, receipts)))));
        })).toCompletionStage();
  }

  private static Pool rebuilt(PoolId id, PoolTerms terms, Row anchor, Row sums, RowSet<Row> recent, RowSet<Row> receipts) {
    long anchorOp = anchor.getLong("op_seq");
    if (sums.getLong("spanning") > 0) {
      // Part of such a run is in the anchor's state and part is not; no sum can say which.
      throw new IllegalStateException("pool " + id + ": " + sums.getLong("spanning") + " share runs span its state record at op "
          + anchorOp + "; refusing to rebuild it (docs/ledger.md)");
    }
    long lastOp = sums.getLong("last_op");
    long count = sums.getLong("n");
    if (count != lastOp - anchorOp) {
      // Only unacknowledged contributions can be missing here (docs/consistency.md); say so.
      log.warn("pool {}: {} shares recorded after op {} up to op {} ({} op numbers unused by the ledger)",
          id, count, anchorOp, lastOp, lastOp - anchorOp - count);
    }
    Money amount = new Money(anchor.getLong("amount_micros"), anchor.getLong("amount_sub"))
        .plus(Money.normalised(sums.getLong("micros"), sums.getLong("sub")));
    Money reserve = new Money(anchor.getLong("reserve_micros"), anchor.getLong("reserve_sub"))
        .plus(Money.normalised(sums.getLong("reserve_micros"), sums.getLong("reserve_sub")));
    Money owed = new Money(anchor.getLong("owed_micros"), anchor.getLong("owed_sub"))
        .plus(Money.normalised(sums.getLong("overflow_micros"), sums.getLong("overflow_sub")));
    // The terms in force are the ledger's (an operator may have changed them); the catalogue's only for old records.
    PoolTerms inForce = json(anchor, "terms") == null ? terms : TermsJson.parse(json(anchor, "terms"));
    List<Win> wins = new ArrayList<>(wins(recent));
    Collections.reverse(wins);
    return new Pool(id, PoolStatus.valueOf(anchor.getString("status")), inForce, amount,
        anchor.getLong("cycle_seed_micros"), lastOp, anchor.getLong("win_seq"), mustHit(anchor), reserve,
        TermsJson.parse(json(anchor, "pending_terms")), anchor.getLong("terms_version"), receivedIds(receipts), owed, wins, Map.of());
  }

  private static List<String> receivedIds(RowSet<Row> receipts) {
    List<String> ids = new ArrayList<>();
    receipts.forEach(r -> ids.add(r.getString("transfer_id")));
    Collections.reverse(ids);
    return ids;
  }

  /** A jsonb column as an object, or null (SQL NULL arrives as a JSON-null placeholder, not as null). */
  private static JsonObject json(Row row, String column) {
    Object v = row.getValue(column);
    return v instanceof JsonObject o ? o : null;
  }

  private static MustHit mustHit(Row row) {
    Long hit = row.getLong("hit_micros");
    return hit == null ? null : new MustHit(hit, row.getString("salt"), row.getString("commitment"));
  }

  private static Optional<Win> firstWin(RowSet<Row> rows) {
    List<Win> wins = wins(rows);
    return wins.isEmpty() ? Optional.empty() : Optional.of(wins.get(0));
  }

  private static List<Win> wins(RowSet<Row> rows) {
    List<Win> out = new ArrayList<>();
    for (Row r : rows) {
      out.add(new Win(r.getString("win_id"), new PoolId(r.getString("jackpot_id"), r.getString("pool_key")),
          r.getLong("sequence"), r.getLong("op_seq"), r.getString("round_id"), r.getString("player_id"),
          r.getString("game_id"), r.getString("operator_id"), Money.ofMicros(r.getLong("amount_micros")),
          r.getLong("seed_micros"), r.getOffsetDateTime("won_at").toInstant(),
          Trigger.Kind.valueOf(r.getString("how")), mustHit(r),
          new Win.Reset(new Money(r.getLong("amount_after_micros"), r.getLong("amount_after_sub")),
              r.getLong("seed_after_micros"), null, null,
              new Money(r.getLong("seed_from_reserve_micros"), r.getLong("seed_from_reserve_sub")),
              new Money(r.getLong("operator_funding_micros"), r.getLong("operator_funding_sub")), null, null, 0)));
    }
    return out;
  }
}
