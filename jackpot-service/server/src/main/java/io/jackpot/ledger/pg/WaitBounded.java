package io.jackpot.ledger.pg;

import io.vertx.core.Future;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.PrepareOptions;
import io.vertx.sqlclient.PreparedQuery;
import io.vertx.sqlclient.Query;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import io.vertx.sqlclient.SqlConnection;
import java.time.Duration;

/**
 * The limited pool as its users see it: every connection taken from it (a commit's, and those of
 * {@code withTransaction}, which takes it through {@link #getConnection}) is waited for under
 * {@link PgPools#connectionWithin}; the rest is the pool's own.
 */
final class WaitBounded implements Pool {
  private final Pool pool;
  private final Duration wait;

  WaitBounded(Pool pool, Duration wait) {
    this.pool = pool;
    this.wait = wait;
  }

  @Override
  public Future<SqlConnection> getConnection() {
    return PgPools.connectionWithin(pool, wait);
  }

  @Override
  public Query<RowSet<Row>> query(String sql) {
    return pool.query(sql);
  }

  @Override
  public PreparedQuery<RowSet<Row>> preparedQuery(String sql) {
    return pool.preparedQuery(sql);
  }

  @Override
  public PreparedQuery<RowSet<Row>> preparedQuery(String sql, PrepareOptions options) {
    return pool.preparedQuery(sql, options);
  }

  @Override
  public Future<Void> close() {
    return pool.close();
  }

  @Override
  public int size() {
    return pool.size();
  }
}
