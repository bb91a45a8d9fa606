package io.jackpot.ledger.pg;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.pgclient.PgBuilder;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.SqlConnection;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A member's two connection pools to the ledger's database.
 *
 * <p>{@code limited} carries commits and the reads games and players wait on, under a time limit:
 * a connection silent for {@code timeout} after a request is closed and the commit is retried
 * elsewhere (its commit id prevents a double record). The server gets the same limit for
 * statements and idle transactions, so an abandoned commit's locks are released. Without it, a
 * database cut off without a reset holds commits for about 15 minutes of TCP retransmits.
 *
 * <p>{@code unlimited} (three connections) serves migrations, reconciliation, rebuilds and admin
 * pages, which may rightly take longer; TCP keepalive still notices a database gone away.
 * Options and names: LedgerPoolOptions; what each connection carries: ConnectionHeads.
 */
public final class PgPools {
  private static final Logger log = LoggerFactory.getLogger(PgPools.class);

  private final Pool limited;
  private final Pool unlimited;
  private final ConnectionHeads heads;

  private PgPools(Pool limited, Pool unlimited, ConnectionHeads heads) {
    this.limited = limited;
    this.unlimited = unlimited;
    this.heads = heads;
  }

  public Pool limited() {
    return limited;
  }

  public Pool unlimited() {
    return unlimited;
  }

  public static PgPools open(Vertx vertx, PgConnectOptions options, int size, Duration timeout) {
    long ms = timeout.toMillis();
    if (ms < 100) {
      throw new IllegalArgumentException("timeout must be at least 100 ms, got " + timeout);
    }
    PgConnectOptions cached = LedgerPoolOptions.cached(options);
    String serverLimits = LedgerPoolOptions.serverLimits(ms);
    ConnectionHeads heads = new ConnectionHeads();
    Pool limited = PgBuilder.pool()
        .with(LedgerPoolOptions.limited(size, ms))
        .with(LedgerPoolOptions.limitedNet(ms))
        .connectingTo(LedgerPoolOptions.named(cached, LedgerPoolOptions.LIMITED))
        .withConnectHandler(conn -> heads.limit(conn, ms, serverLimits))
        .using(vertx).build();
    Pool unlimited = PgBuilder.pool()
        .with(LedgerPoolOptions.unlimited())
        .with(LedgerPoolOptions.unlimitedNet())
        .connectingTo(LedgerPoolOptions.named(cached, LedgerPoolOptions.UNLIMITED))
        .withConnectHandler(conn -> heads.probe(conn, ms))
        .using(vertx).build();
    return new PgPools(new WaitBounded(limited, timeout), unlimited, heads);
  }

  /**
   * A connection of {@code pool}, or a failure ({@code TimeoutException}) once {@code wait} has
   * passed without one. The pool bounds the wait with a timer of its own, but in Vert.x 5.0 that
   * timer races with a connection handed over on another event loop (vert.x issue #6169;
   * docs/consistency.md): its failure is thrown inside the pool's task chain, and a task queued
   * behind it in the same pass (the hand-over of a connection to a waiter that never queued, and so
   * has no timer) is then never run, which would leave a commit or a transaction waiting for ever.
   * A connection that comes after the deadline is given back to the pool at once.
   */
  public static Future<SqlConnection> connectionWithin(Pool pool, Duration wait) {
    Future<SqlConnection> acquired = pool.getConnection();
    Future<SqlConnection> inTime = acquired.timeout(wait.toMillis(), TimeUnit.MILLISECONDS);
    // inTime always completes (the deadline sees to it); a connection it did not carry goes back.
    acquired.onSuccess(conn -> inTime.onFailure(late -> conn.close()));
    return inTime;
  }

  /** How long {@link #close} waits for the pools once it has cut their connections. */
  private static final Duration AFTER_CUT = Duration.ofSeconds(1);

  /** The longest {@link #close} can take. */
  public static Duration longestClose(Duration grace) {
    return grace.plus(AFTER_CUT);
  }

  /**
   * Closes both pools, waiting at most {@code grace} for the server to close each connection
   * (the client's close sends Terminate and waits for it), then closes what is still open without
   * waiting: a member stopping while its database is silent must still leave its cluster.
   */
  public void close(Duration grace) {
    var closed = Future.join(limited.close(), unlimited.close()).toCompletionStage().toCompletableFuture();
    try {
      closed.get(grace.toMillis(), TimeUnit.MILLISECONDS);
    } catch (TimeoutException silent) {
      log.warn("stopping: {} ledger connections not closed by PostgreSQL within {} ms; closing them without it", heads.open(),
          grace.toMillis());
      heads.cutAll();
      try {
        closed.get(AFTER_CUT.toMillis(), TimeUnit.MILLISECONDS);
      } catch (Exception e) {
        log.warn("stopping: the ledger's pools did not close: {}", e.toString());
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (ExecutionException e) {
      log.warn("stopping: closing the ledger's pools: {}", e.getCause().toString());
    }
  }

  /**
   * Opens a connection of the limited pool (every one passes its connect handler, which either puts
   * the limit on it or notes why not) and fails if the limit could not be put on: it reaches into
   * the client's internals, and a client whose internals changed must not run without it.
   */
  public Future<Void> checkLimited() {
    return limited.query("SELECT 1").execute().compose(done -> {
      RuntimeException why = heads.notLimited();
      if (why != null) {
        return Future.failedFuture(new IllegalStateException("the ledger's connections cannot be given their time limit", why));
      }
      return Future.succeededFuture();
    });
  }
}
