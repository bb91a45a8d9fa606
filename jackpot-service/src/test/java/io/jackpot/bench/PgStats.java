package io.jackpot.bench;

import io.vertx.core.Vertx;
import io.vertx.pgclient.PgBuilder;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.PoolOptions;
import io.vertx.sqlclient.Row;

/** PostgreSQL's own counters between two readings: transactions committed, and the ledger's commits. */
final class PgStats implements AutoCloseable {
  private final Vertx vertx = Vertx.vertx();
  private final Pool pg;

  record Reading(long transactions, long ledgerCommits) {}

  PgStats(String url) {
    pg = PgBuilder.pool().with(new PoolOptions().setMaxSize(1)).connectingTo(PgConnectOptions.fromUri(url)).using(vertx).build();
  }

  Reading read() {
    Row row = pg.query("""
        SELECT (SELECT xact_commit FROM pg_stat_database WHERE datname = current_database()) AS tx,
               (SELECT CASE WHEN to_regclass('ledger_commits') IS NULL THEN 0 ELSE 1 END) AS has_ledger""")
        .execute().await().iterator().next();
    long commits = row.getInteger("has_ledger") == 1
        ? pg.query("SELECT count(*) FROM ledger_commits").execute().await().iterator().next().getLong(0) : 0;
    return new Reading(row.getLong("tx"), commits);
  }

  static String describe(Reading from, Reading to, long contributions) {
    long tx = to.transactions() - from.transactions();
    long commits = to.ledgerCommits() - from.ledgerCommits();
    return String.format("PostgreSQL transactions: %d (%.1f contributions each); ledger commits: %d (%.1f contributions each)",
        tx, contributions / (double) Math.max(1, tx), commits, contributions / (double) Math.max(1, commits));
  }

  @Override
  public void close() {
    pg.close().await();
    vertx.close().await();
  }
}
