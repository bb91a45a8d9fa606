package io.jackpot.ledger.pg;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.socket.nio.NioChannelOption;
import io.netty.handler.timeout.IdleState;
import io.netty.handler.timeout.IdleStateEvent;
import io.netty.handler.timeout.IdleStateHandler;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.net.NetClientOptions;
import io.vertx.pgclient.PgBuilder;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.PoolOptions;
import io.vertx.sqlclient.PrepareOptions;
import io.vertx.sqlclient.PreparedQuery;
import io.vertx.sqlclient.Query;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import io.vertx.sqlclient.SqlConnection;
import io.vertx.sqlclient.impl.SocketConnectionBase;
import io.vertx.sqlclient.internal.SqlConnectionBase;
import java.net.StandardSocketOptions;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import jdk.net.ExtendedSocketOptions;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A member's two connection pools to the ledger's database.
 *
 * <p>{@code limited} carries the commits and every read a game or player waits on, under a time
 * limit: a connection on which nothing has passed either way for {@code timeout} (a request sent
 * and no byte of its answer since) is closed, which fails what waits on it (a commit is then
 * retried on another connection, its commit id keeping the retry from recording twice). Each of its
 * sessions also tells the server the same limit for a statement and for a transaction left idle
 * (its client gone), so that the server stops work nobody waits for any more and releases the locks
 * an abandoned commit holds on its rows, which that commit's retry would otherwise wait on. Without
 * the limit, a database cut off without a reset (a failover that moves its address, a dropped
 * route, a frozen server) holds every commit for as long as the kernel retransmits, about 15
 * minutes on Linux, and an abandoned transaction holds its locks for the server's keepalive time,
 * two hours by default. Idle connections are retired before the limit could close them. Connecting
 * (TCP) and waiting for a connection from the pool are bounded by the limit too; PostgreSQL's
 * start-up exchange that follows is not (a server that accepts and then says nothing).
 *
 * <p>{@code unlimited} (three connections) has no limit: schema migrations, reconciliation, round
 * counts, pool rebuilds and the admin API's pages read whole tables or ranges and may rightly take
 * longer; so may the sweep for unfinished transfers. Its connections have TCP keepalive probing
 * after the same time ({@link #keepAlive}), so that a database gone away is noticed on them too.
 */
public final class PgPools {
  private static final Logger log = LoggerFactory.getLogger(PgPools.class);
  static final int UNLIMITED_SIZE = 3;

  private final Pool limited;
  private final Pool unlimited;
  /** The head of every open connection's pipeline, where a close skips the codec's wait for the server. */
  private final Set<ChannelHandlerContext> heads;
  /** Why a connection could not be given its head (and limit), or null. */
  private final AtomicReference<RuntimeException> notLimited;

  private PgPools(Pool limited, Pool unlimited, Set<ChannelHandlerContext> heads, AtomicReference<RuntimeException> notLimited) {
    this.limited = limited;
    this.unlimited = unlimited;
    this.heads = heads;
    this.notLimited = notLimited;
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
    PgConnectOptions cached = new PgConnectOptions(options).setCachePreparedStatements(true).setPipeliningLimit(16);
    // The server's half of the time limit, and durable commits whatever the server's or role's
    // default (an acknowledged round must survive a crash: docs/consistency.md): off is raised to
    // on, a stronger setting (remote_apply, say) is kept. Every write of the ledger goes through
    // this pool.
    String serverLimits = "SET statement_timeout = " + ms + "; SET idle_in_transaction_session_timeout = " + ms
        + "; SELECT set_config('synchronous_commit', 'on', false) WHERE current_setting('synchronous_commit') = 'off'";
    Set<ChannelHandlerContext> heads = ConcurrentHashMap.newKeySet();
    AtomicReference<RuntimeException> notLimited = new AtomicReference<>();
    Pool limited = PgBuilder.pool()
        // Retired idle after ms / 2 (checked every ms / 4, at most every second), before the limit would close them idle.
        .with(new PoolOptions().setName("ledger").setMaxSize(size)
            .setIdleTimeout((int) (ms / 2)).setIdleTimeoutUnit(TimeUnit.MILLISECONDS)
            .setPoolCleanerPeriod((int) Math.min(1000, ms / 4))
            .setConnectionTimeout((int) ms).setConnectionTimeoutUnit(TimeUnit.MILLISECONDS))
        .with(new NetClientOptions().setMetricsName("ledger").setConnectTimeout((int) ms))
        .connectingTo(new PgConnectOptions(cached).setMetricsName("ledger"))
        .withConnectHandler(conn -> {
          TimeLimit limit = new TimeLimit(ms, heads);
          if (!addFirst(conn, limit, notLimited)) {
            conn.close(); // without the limit: checkLimited refuses the start
            return;
          }
          // A SET rather than startup parameters, which poolers such as PgBouncer refuse.
          conn.query(serverLimits).execute().onComplete((done, failed) -> {
            if (failed != null) {
              // Not lent without the server's half: closed, the pool's attempt to open it fails.
              log.error("could not set the ledger's session: its time limit and durable commits ({}): {}", serverLimits, failed.toString());
              limit.cut();
            } else {
              conn.close(); // hands it to the pool
            }
          });
        })
        .using(vertx).build();
    limited = new WaitBounded(limited, timeout);
    Pool unlimited = PgBuilder.pool().with(new PoolOptions().setName("ledger-unlimited").setMaxSize(UNLIMITED_SIZE))
        .with(new NetClientOptions().setMetricsName("ledger-unlimited"))
        .connectingTo(new PgConnectOptions(cached).setMetricsName("ledger-unlimited"))
        .withConnectHandler(conn -> {
          Head head = new Head(heads);
          if (addFirst(conn, head, notLimited)) {
            keepAlive(head, ms);
          }
          conn.close(); // hands it to the pool
        })
        .using(vertx).build();
    return new PgPools(limited, unlimited, heads, notLimited);
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

  /**
   * The limited pool as its users see it: every connection taken from it (a commit's, and those of
   * {@code withTransaction}, which takes it through {@link #getConnection}) is waited for under
   * {@link #connectionWithin}; the rest is the pool's own.
   */
  private static final class WaitBounded implements Pool {
    private final Pool pool;
    private final Duration wait;

    WaitBounded(Pool pool, Duration wait) {
      this.pool = pool;
      this.wait = wait;
    }

    @Override
    public Future<SqlConnection> getConnection() {
      return connectionWithin(pool, wait);
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
    public PreparedQuery<RowSet<Row>> preparedQuery(String sql,
        PrepareOptions options) {
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
      log.warn("stopping: {} ledger connections not closed by PostgreSQL within {} ms; closing them without it", heads.size(),
          grace.toMillis());
      heads.forEach(ChannelHandlerContext::close);
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
      RuntimeException why = notLimited.get();
      if (why != null) {
        return Future.failedFuture(new IllegalStateException("the ledger's connections cannot be given their time limit", why));
      }
      return Future.succeededFuture();
    });
  }

  /**
   * Puts {@code head} first in the connection's pipeline, where a close reaches the socket at once.
   * Not the client's own idle timeout, nor its close: both close through the PostgreSQL codec, which
   * sends Terminate and then waits for the server to close (vertx-pg-client 5.0.10,
   * PgEncoder.close), so a silent server keeps the connection, and everything waiting on it, for
   * ever. Closed from the head, the codec fails what waits on it. False (logged, and noted for
   * {@link #checkLimited}) if the client's internals are not what this expects.
   */
  private static boolean addFirst(SqlConnection conn, Head head, AtomicReference<RuntimeException> notLimited) {
    try {
      var socket = (SocketConnectionBase) ((SqlConnectionBase<?>) conn).unwrap().unwrap();
      socket.socket().channelHandlerContext().pipeline().addFirst("ledger-head", head);
      return true;
    } catch (RuntimeException e) {
      notLimited.compareAndSet(null, e);
      log.error("a ledger connection cannot be given its time limit, nor be closed without the server: {}", e.toString());
      return false;
    }
  }

  /**
   * TCP keepalive on an unlimited connection, probing after {@code ms} of silence (at least 1 s),
   * then every third of that, three times: a connection whose database is gone (a failover that
   * moved its address, a dropped route) is closed within about twice the limit once its requests
   * were acknowledged, while a server busy with a long query still answers the probes. Linux's
   * defaults would wait two hours and more. A request sent into a dead route is retransmitted for
   * the kernel's ~15 minutes before this can start (the JDK has no TCP_USER_TIMEOUT); the limited
   * pool's own limit covers that case on the hot path.
   */
  static void keepAlive(Head head, long ms) {
    int idle = (int) Math.max(1, ms / 1000);
    boolean set;
    try {
      ChannelHandlerContext ctx = head.ctx; // set when the head joined the pipeline, on the connection's event loop
      var config = ctx.channel().config();
      set = config.setOption(NioChannelOption.of(StandardSocketOptions.SO_KEEPALIVE), true)
          && config.setOption(NioChannelOption.of(ExtendedSocketOptions.TCP_KEEPIDLE), idle)
          && config.setOption(NioChannelOption.of(ExtendedSocketOptions.TCP_KEEPINTERVAL), Math.max(1, idle / 3))
          && config.setOption(NioChannelOption.of(ExtendedSocketOptions.TCP_KEEPCOUNT), 3);
    } catch (RuntimeException e) { // a head not in the pipeline yet (no context), an option the channel refuses
      set = false;
    }
    if (!set) {
      log.warn("a ledger connection without short keepalive probes: a database gone away is noticed on it only after the"
          + " kernel's defaults");
    }
  }

  /** First in a connection's pipeline, known to {@link #close} while the connection is open. */
  static class Head extends IdleStateHandler {
    private final Set<ChannelHandlerContext> heads;

    Head(Set<ChannelHandlerContext> heads) {
      this(0, heads);
    }

    Head(long idleMs, Set<ChannelHandlerContext> heads) {
      super(0, 0, idleMs, TimeUnit.MILLISECONDS);
      this.heads = heads;
    }

    volatile ChannelHandlerContext ctx;

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) throws Exception {
      this.ctx = ctx;
      heads.add(ctx);
      ctx.channel().closeFuture().addListener(f -> heads.remove(ctx));
      super.handlerAdded(ctx);
    }

    /** Closes the connection at once, without waiting for the server. */
    void cut() {
      ChannelHandlerContext c = ctx;
      if (c != null) {
        c.close();
      }
    }
  }

  /** Closes a connection on which nothing has passed either way for its limit. */
  static final class TimeLimit extends Head {
    TimeLimit(long ms, Set<ChannelHandlerContext> heads) {
      super(ms, heads);
    }

    @Override
    protected void channelIdle(ChannelHandlerContext ctx, IdleStateEvent event) {
      if (event.state() == IdleState.ALL_IDLE) {
        log.warn("no answer from PostgreSQL ({}) for {} ms: closing the connection; what waits on it fails and is retried",
            ctx.channel().remoteAddress(), getAllIdleTimeInMillis());
        ctx.close();
      }
    }
  }
}
