package io.jackpot.ledger.pg;

import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.timeout.IdleState;
import io.netty.handler.timeout.IdleStateEvent;
import io.netty.handler.timeout.IdleStateHandler;
import io.vertx.core.Vertx;
import io.vertx.core.net.NetClientOptions;
import io.vertx.pgclient.PgBuilder;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.PoolOptions;
import io.vertx.sqlclient.SqlConnection;
import io.vertx.sqlclient.impl.SocketConnectionBase;
import io.vertx.sqlclient.internal.SqlConnectionBase;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A member's two connection pools to the ledger's database.
 *
 * <p>{@code limited} carries the commits and every read a game or player waits on, under a time
 * limit: a connection that has had nothing from the server for {@code timeout} is closed, which
 * fails what waits on it (a commit is then retried on another connection, its commit id keeping
 * the retry from recording twice), and the server ends a transaction of these sessions that has
 * stayed idle that long (its client gone), so that the locks it holds on a commit's rows do not
 * hold up that retry. Without the limit, a database cut off without a reset (a failover that moves
 * its address, a dropped route, a frozen server) holds every commit for as long as the kernel
 * retransmits, about 15 minutes on Linux, and an abandoned transaction holds its locks for the
 * server's keepalive time, two hours by default. Idle connections are retired at half the limit,
 * before the limit would close them.
 *
 * <p>{@code unlimited} (two connections) has no limit: schema migrations, reconciliation, round
 * counts and pool rebuilds read whole tables and may rightly take longer.
 */
public record PgPools(Pool limited, Pool unlimited) {
  private static final Logger log = LoggerFactory.getLogger(PgPools.class);
  static final int UNLIMITED_SIZE = 2;

  public static PgPools open(Vertx vertx, PgConnectOptions options, int size, Duration timeout) {
    long ms = timeout.toMillis();
    if (ms < 2) {
      throw new IllegalArgumentException("timeout must be at least 2 ms, got " + timeout);
    }
    PgConnectOptions cached = new PgConnectOptions(options).setCachePreparedStatements(true).setPipeliningLimit(16);
    Pool limited = PgBuilder.pool()
        .with(new PoolOptions().setName("ledger").setMaxSize(size).setIdleTimeout((int) (ms / 2)).setIdleTimeoutUnit(TimeUnit.MILLISECONDS))
        .with(new NetClientOptions().setMetricsName("ledger"))
        .connectingTo(new PgConnectOptions(cached).setMetricsName("ledger")
            .addProperty("idle_in_transaction_session_timeout", Long.toString(ms)))
        .withConnectHandler(conn -> {
          try {
            limitReads(conn, ms);
          } finally {
            conn.close(); // hands it to the pool
          }
        })
        .using(vertx).build();
    Pool unlimited = PgBuilder.pool().with(new PoolOptions().setName("ledger-unlimited").setMaxSize(UNLIMITED_SIZE))
        .with(new NetClientOptions().setMetricsName("ledger-unlimited"))
        .connectingTo(new PgConnectOptions(cached).setMetricsName("ledger-unlimited")).using(vertx).build();
    return new PgPools(limited, unlimited);
  }

  /**
   * Puts the limit first in the connection's pipeline. Not the client's own read-idle timeout:
   * that closes through the PostgreSQL codec, which sends Terminate and then waits for the
   * server to close (vertx-pg-client 5.0.10, PgEncoder.close), so a silent server keeps the
   * connection, and everything waiting on it, for ever. Closed from the head of the pipeline,
   * the socket is closed at once and the codec fails what waits on it.
   */
  private static void limitReads(SqlConnection conn, long ms) {
    var socket = (SocketConnectionBase) ((SqlConnectionBase<?>) conn).unwrap().unwrap();
    socket.socket().channelHandlerContext().pipeline().addFirst("ledger-read-limit", new ReadLimit(ms));
  }

  /** Closes a connection that has read nothing for its limit. */
  static final class ReadLimit extends IdleStateHandler {
    private final long ms;

    ReadLimit(long ms) {
      super(ms, 0, 0, TimeUnit.MILLISECONDS);
      this.ms = ms;
    }

    @Override
    protected void channelIdle(ChannelHandlerContext ctx, IdleStateEvent event) {
      if (event.state() == IdleState.READER_IDLE) {
        log.warn("no answer from PostgreSQL ({}) for {} ms: closing the connection; what waits on it fails and is retried",
            ctx.channel().remoteAddress(), ms);
        ctx.close();
      }
    }
  }
}
