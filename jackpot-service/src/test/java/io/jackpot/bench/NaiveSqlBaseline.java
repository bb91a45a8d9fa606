package io.jackpot.bench;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.pgclient.PgBuilder;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.PoolOptions;
import io.vertx.sqlclient.Tuple;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The naive way to run a jackpot on SQL: one transaction per contribution that UPDATEs the pool
 * row and INSERTs a ledger row, from 16 connections, spread over 10 pools.
 */
final class NaiveSqlBaseline {
  static final int CONNECTIONS = 16;
  static final int POOLS = 10;

  private NaiveSqlBaseline() {}

  /** Contributions committed per second over {@code seconds}. */
  static double run(Vertx vertx, String pgUrl, int seconds) {
    Pool pg = PgBuilder.pool().with(new PoolOptions().setMaxSize(CONNECTIONS))
        .connectingTo(PgConnectOptions.fromUri(pgUrl)).using(vertx).build();
    pg.query("""
        DROP TABLE IF EXISTS naive_ledger, naive_pools;
        CREATE TABLE naive_pools (pool_id int PRIMARY KEY, amount_micros bigint NOT NULL);
        INSERT INTO naive_pools SELECT g, 200000000 FROM generate_series(0, 9) g;
        CREATE TABLE naive_ledger (id bigserial PRIMARY KEY, round_id text NOT NULL UNIQUE, pool_id int NOT NULL,
          stake_micros bigint NOT NULL, share_micros bigint NOT NULL, at timestamptz NOT NULL DEFAULT now())""")
        .execute().await();
    AtomicLong done = new AtomicLong();
    long end = System.nanoTime() + seconds * 1_000_000_000L;
    Future<?>[] workers = new Future<?>[CONNECTIONS];
    for (int w = 0; w < CONNECTIONS; w++) {
      Promise<Void> finished = Promise.promise();
      loop(pg, w, 0, end, done, finished);
      workers[w] = finished.future();
    }
    Future.all(java.util.List.of(workers)).await();
    pg.close().await();
    return done.get() / (double) seconds;
  }

  private static void loop(Pool pg, int worker, long n, long end, AtomicLong done, Promise<Void> finished) {
    if (System.nanoTime() >= end) {
      finished.complete();
      return;
    }
    int pool = (int) ((worker + n) % POOLS);
    pg.withTransaction(conn -> conn.preparedQuery("UPDATE naive_pools SET amount_micros = amount_micros + $1 WHERE pool_id = $2")
            .execute(Tuple.of(7_500L, pool))
            .compose(r -> conn.preparedQuery("INSERT INTO naive_ledger (round_id, pool_id, stake_micros, share_micros) VALUES ($1, $2, $3, $4)")
                .execute(Tuple.of("N-" + worker + "-" + n, pool, 1_500_000L, 7_500L))))
        .onComplete(ar -> {
          if (ar.succeeded()) {
            done.incrementAndGet();
          }
          loop(pg, worker, n + 1, end, done, finished);
        });
  }
}
