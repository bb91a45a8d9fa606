package io.jackpot.bench;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.pgclient.PgBuilder;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.PoolOptions;
import io.vertx.sqlclient.Tuple;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The naive way to run a jackpot on SQL: one transaction per contribution that UPDATEs the pool
 * row and INSERTs a ledger row, from 16 connections, spread over 10 pools.
 */
final class NaiveSqlBaseline {
  static final int CONNECTIONS = 16;
  static final int POOLS = 10;

  private NaiveSqlBaseline() {}

  /** What the measured window committed and how many transactions failed in it; what the warm-up committed. */
  record Result(double perSecond, long committed, long failed, long warmUpCommitted) {}

  /**
   * Contributions committed per second over {@code seconds}, after {@code warmUp} seconds of the
   * same work (connections opened, statements prepared, code compiled), as the service's phases
   * get. Statements are prepared once per connection and cached, as the service's are.
   */
  static Result run(Vertx vertx, String pgUrl, int warmUp, int seconds) {
    Pool pg = PgBuilder.pool().with(new PoolOptions().setMaxSize(CONNECTIONS))
        .connectingTo(PgConnectOptions.fromUri(pgUrl).setCachePreparedStatements(true)).using(vertx).build();
    pg.query("""
        DROP TABLE IF EXISTS naive_ledger, naive_pools;
        CREATE TABLE naive_pools (pool_id int PRIMARY KEY, amount_micros bigint NOT NULL);
        INSERT INTO naive_pools SELECT g, 200000000 FROM generate_series(0, 9) g;
        CREATE TABLE naive_ledger (id bigserial PRIMARY KEY, round_id text NOT NULL UNIQUE, pool_id int NOT NULL,
          stake_micros bigint NOT NULL, share_micros bigint NOT NULL, at timestamptz NOT NULL DEFAULT now())""")
        .execute().await();
    Result warm = phase(pg, "W", warmUp);
    Result measured = phase(pg, "N", seconds);
    pg.close().await();
    return new Result(measured.perSecond(), measured.committed(), measured.failed(), warm.committed());
  }

  private static Result phase(Pool pg, String prefix, int seconds) {
    AtomicLong done = new AtomicLong();
    AtomicLong failed = new AtomicLong();
    long start = System.nanoTime();
    long end = start + seconds * 1_000_000_000L;
    Future<?>[] workers = new Future<?>[CONNECTIONS];
    for (int w = 0; w < CONNECTIONS; w++) {
      Promise<Void> finished = Promise.promise();
      loop(pg, prefix, w, 0, end, done, failed, finished);
      workers[w] = finished.future();
    }
    Future.all(List.of(workers)).await();
    // Over the time the last transactions actually took to finish, not the nominal window.
    return new Result(done.get() / ((System.nanoTime() - start) / 1e9), done.get(), failed.get(), 0);
  }

  private static void loop(Pool pg, String prefix, int w, long n, long end, AtomicLong done, AtomicLong failed, Promise<Void> finished) {
    if (System.nanoTime() >= end) {
      finished.complete();
      return;
    }
    int pool = (int) ((w + n) % POOLS);
    pg.withTransaction(conn -> conn.preparedQuery("UPDATE naive_pools SET amount_micros = amount_micros + $1 WHERE pool_id = $2")
            .execute(Tuple.of(7_500L, pool))
            .compose(r -> conn.preparedQuery("INSERT INTO naive_ledger (round_id, pool_id, stake_micros, share_micros) VALUES ($1, $2, $3, $4)")
                .execute(Tuple.of(prefix + "-" + w + "-" + n, pool, 1_500_000L, 7_500L))))
        .onComplete(ar -> {
          if (ar.succeeded()) {
            done.incrementAndGet();
          } else {
            failed.incrementAndGet();
          }
          loop(pg, prefix, w, n + 1, end, done, failed, finished);
        });
  }
}
