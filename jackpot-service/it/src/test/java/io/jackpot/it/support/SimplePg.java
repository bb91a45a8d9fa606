package io.jackpot.it.support;

import io.vertx.core.Vertx;
import io.vertx.pgclient.PgBuilder;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.PoolOptions;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.Tuple;
import java.util.ArrayList;
import java.util.List;

/** Blocking SQL for tests that inspect the ledger directly. */
public final class SimplePg implements AutoCloseable {
  private final Vertx vertx = Vertx.vertx();
  private final Pool pool;

  public SimplePg(int port, String database) {
    pool = PgBuilder.pool().with(new PoolOptions().setMaxSize(1))
        .connectingTo(new PgConnectOptions().setHost("127.0.0.1").setPort(port).setUser("postgres").setDatabase(database))
        .using(vertx).build();
  }

  public static SimplePg of(String url) {
    PgConnectOptions o = PgConnectOptions.fromUri(url);
    return new SimplePg(o.getPort(), o.getDatabase());
  }

  public void execute(String sql) {
    pool.query(sql).execute().await();
  }

  public List<Row> query(String sql, Object... params) {
    List<Row> rows = new ArrayList<>();
    pool.preparedQuery(sql).execute(Tuple.from(params)).await().forEach(rows::add);
    return rows;
  }

  public long count(String sql, Object... params) {
    return query(sql, params).get(0).getLong(0);
  }

  /** Sessions of this connection's database waiting on a lock (a test holding one sees its callers queue). */
  public long waitingOnLocks() {
    return count("SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()");
  }

  @Override
  public void close() {
    pool.close().await();
    vertx.close().await();
  }
}
