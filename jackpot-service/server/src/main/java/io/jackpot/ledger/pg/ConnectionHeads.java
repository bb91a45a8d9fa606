package io.jackpot.ledger.pg;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.socket.nio.NioChannelOption;
import io.netty.handler.timeout.IdleState;
import io.netty.handler.timeout.IdleStateEvent;
import io.netty.handler.timeout.IdleStateHandler;
import io.vertx.sqlclient.SqlConnection;
import io.vertx.sqlclient.impl.SocketConnectionBase;
import io.vertx.sqlclient.internal.SqlConnectionBase;
import java.net.StandardSocketOptions;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import jdk.net.ExtendedSocketOptions;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The ledger's connections as opened (the pools' connect handlers, see PgPools): the head put first
 * in each one's pipeline, the limited pool's time limit and server settings, the unlimited pool's keepalive.
 */
final class ConnectionHeads {
  /** Under PgPools' name, which operators' log filters know. */
  private static final Logger log = LoggerFactory.getLogger(PgPools.class);

  /** The head of every open connection's pipeline, where a close skips the codec's wait for the server. */
  private final Set<ChannelHandlerContext> heads = ConcurrentHashMap.newKeySet();
  /** Why a connection could not be given its head (and limit), or null. */
  private final AtomicReference<RuntimeException> notLimited = new AtomicReference<>();

  /** Why a connection could not be given its head, or null if every one so far was. */
  RuntimeException notLimited() {
    return notLimited.get();
  }

  int open() {
    return heads.size();
  }

  /** Closes every open connection at once, without waiting for the server. */
  void cutAll() {
    heads.forEach(ChannelHandlerContext::close);
  }

  /** The limited pool's connect handler: the limit, then the server's half of it ({@code serverLimits}). */
  void limit(SqlConnection conn, long ms, String serverLimits) {
    TimeLimit limit = new TimeLimit(ms, heads);
    if (!addFirst(conn, limit)) {
      conn.close(); // without the limit: checkLimited refuses the start
      return;
    }
    // A SET rather than startup parameters, which poolers such as PgBouncer refuse.
    conn.query(serverLimits).execute().onComplete((done, failed) -> {
      if (failed != null) {
        // Not lent without the server's half: closed, the pool's attempt to open it fails.
        log.error("could not set the ledger connection's time limit and durable commits ({}): {}", serverLimits, failed.toString());
        limit.cut();
      } else {
        conn.close(); // hands it to the pool
      }
    });
  }

  /** The unlimited pool's connect handler: a head without a limit, and keepalive probes. */
  void probe(SqlConnection conn, long ms) {
    Head head = new Head(heads);
    if (addFirst(conn, head)) {
      keepAlive(head, ms);
    }
    conn.close(); // hands it to the pool
  }

  /**
   * Puts {@code head} first in the connection's pipeline, where a close reaches the socket at once.
   * Not the client's own idle timeout, nor its close: both close through the PostgreSQL codec, which
   * sends Terminate and then waits for the server to close (vertx-pg-client 5.0.10,
   * PgEncoder.close), so a silent server keeps the connection, and everything waiting on it, for
   * ever. Closed from the head, the codec fails what waits on it. False (logged, and noted for
   * PgPools.checkLimited) if the client's internals are not what this expects.
   */
  private boolean addFirst(SqlConnection conn, Head head) {
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

  /** First in a connection's pipeline, known to PgPools.close (through the heads) while the connection is open. */
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
