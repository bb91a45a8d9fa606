package io.jackpot.bench;

import io.vertx.core.Vertx;
import io.vertx.pgclient.PgBuilder;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.PoolOptions;
import io.vertx.sqlclient.Row;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * PostgreSQL's own counters between two readings: transactions committed, the ledger's commits, and
 * the write-ahead log written (bytes, and full-page images: pages logged whole, the first change
 * to each after a checkpoint), and per statement (pg_stat_statements, which the server must preload:
 * {@link #SERVER_CONFIG}) its calls, rows and execution time.
 */
final class PgStats implements AutoCloseable {
  private final Vertx vertx = Vertx.vertx();
  private final Pool pg;

  /** The server settings that let {@link #describeStatements} see each statement's figures. */
  static final Map<String, String> SERVER_CONFIG = Map.of("shared_preload_libraries", "pg_stat_statements",
      "pg_stat_statements.track", "top");

  record Reading(long transactions, long ledgerCommits, long walBytes, long walFullPages, Map<String, Statement> statements) {}

  /** One statement's totals since the server started: its text (shortened), calls, rows and execution time. */
  record Statement(String text, long calls, long rows, double millis) {}

  PgStats(String url) {
    pg = PgBuilder.pool().with(new PoolOptions().setMaxSize(1)).connectingTo(PgConnectOptions.fromUri(url)).using(vertx).build();
    pg.query("CREATE EXTENSION IF NOT EXISTS pg_stat_statements").execute().await();
  }

  Reading read() {
    Row row = pg.query("""
        SELECT (SELECT xact_commit FROM pg_stat_database WHERE datname = current_database()) AS tx,
               (SELECT CASE WHEN to_regclass('ledger_commits') IS NULL THEN 0 ELSE 1 END) AS has_ledger,
               (SELECT wal_bytes::int8 FROM pg_stat_wal) AS wal_bytes, (SELECT wal_fpi FROM pg_stat_wal) AS wal_fpi""")
        .execute().await().iterator().next();
    long commits = row.getInteger("has_ledger") == 1
        ? pg.query("SELECT count(*) FROM ledger_commits").execute().await().iterator().next().getLong(0) : 0;
    Map<String, Statement> statements = new HashMap<>();
    pg.query("SELECT queryid::text AS id, left(regexp_replace(query, '\\s+', ' ', 'g'), 60) AS text, calls, rows, "
            + "total_exec_time FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())")
        .execute().await()
        .forEach(r -> statements.merge(r.getString("id"),
            new Statement(r.getString("text"), r.getLong("calls"), r.getLong("rows"), r.getDouble("total_exec_time")),
            (a, b) -> new Statement(a.text(), a.calls() + b.calls(), a.rows() + b.rows(), a.millis() + b.millis())));
    return new Reading(row.getLong("tx"), commits, row.getLong("wal_bytes"), row.getLong("wal_fpi"), statements);
  }

  /**
   * The statements that took the most execution time between two readings, per contribution: time,
   * calls and rows. Execution time is the server's wall time inside the executor (waits included,
   * parsing, binding and commit not).
   */
  static String describeStatements(Reading from, Reading to, long contributions, int top) {
    return describeStatements(from, to, contributions, "contribution", top);
  }

  /** The same, per {@code unit} ("contribution", "round"). */
  static String describeStatements(Reading from, Reading to, long count, String unit, int top) {
    long each = Math.max(1, count);
    List<Statement> ran = new ArrayList<>();
    to.statements().forEach((id, s) -> {
      Statement was = from.statements().getOrDefault(id, new Statement(s.text(), 0, 0, 0));
      if (s.calls() > was.calls()) {
        ran.add(new Statement(s.text(), s.calls() - was.calls(), s.rows() - was.rows(), s.millis() - was.millis()));
      }
    });
    ran.sort((a, b) -> Double.compare(b.millis(), a.millis()));
    StringBuilder out = new StringBuilder(String.format("PostgreSQL statements, execution time per %s (of %.1f µs in all):", unit,
        ran.stream().mapToDouble(Statement::millis).sum() * 1000 / each));
    ran.stream().limit(top).forEach(s -> out.append(String.format("%n  %5.1f µs  %6d calls  %8d rows  %s",
        s.millis() * 1000 / each, s.calls(), s.rows(), s.text())));
    return out.toString();
  }

  static String describe(Reading from, Reading to, long contributions) {
    return describe(from, to, contributions, "contribution");
  }

  /** The same, per {@code unit} ("contribution", "round"): {@code count} of them were recorded between the readings. */
  static String describe(Reading from, Reading to, long count, String unit) {
    long tx = to.transactions() - from.transactions();
    long commits = to.ledgerCommits() - from.ledgerCommits();
    long each = Math.max(1, count);
    return String.format("PostgreSQL transactions: %d (%.1f %ss each); ledger commits: %d (%.1f %ss each); "
            + "write-ahead log: %.0f bytes per %s, %d full-page images (%.0f bytes of WAL per %s without them at 8 KiB each)",
        tx, count / (double) Math.max(1, tx), unit, commits, count / (double) Math.max(1, commits), unit,
        (to.walBytes() - from.walBytes()) / (double) each, unit, to.walFullPages() - from.walFullPages(),
        Math.max(0, to.walBytes() - from.walBytes() - 8192 * (to.walFullPages() - from.walFullPages())) / (double) each, unit);
  }

  @Override
  public void close() {
    pg.close().await();
    vertx.close().await();
  }
}
