package io.jackpot.ledger.pg;

import io.jackpot.ledger.LedgerBatch;
import io.jackpot.ledger.LedgerRefusal;
import io.jackpot.ledger.LedgerWriter;
import io.jackpot.ledger.ShareRuns;
import io.jackpot.pool.Win;
import io.vertx.core.Future;
import io.vertx.pgclient.PgException;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import io.vertx.sqlclient.SqlClient;
import io.vertx.sqlclient.SqlConnection;
import io.vertx.sqlclient.Transaction;
import io.vertx.sqlclient.Tuple;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletionStage;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The sequencer's commits to PostgreSQL: one transaction per batch, bulk inserts, idempotent by primary keys. */
public final class PgLedgerWriter implements LedgerWriter {
  /** Under the ledger's name, which operators' log filters know. */
  private static final Logger log = LoggerFactory.getLogger(PgLedger.class);

  private final Pool pg;

  public PgLedgerWriter(Pool pg) {
    this.pg = pg;
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
      sent.add(i.refusing() ? done.compose(PgLedgerWriter::noRows) : done);
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
}
