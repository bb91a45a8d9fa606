package io.jackpot.http;

import io.jackpot.config.HttpLimits;
import io.jackpot.error.ErrorCode;
import io.jackpot.json.JsonText;
import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.handler.timeout.IdleStateHandler;
import io.netty.util.AttributeKey;
import io.vertx.core.http.HttpConnection;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpVersion;
import io.vertx.core.http.impl.HttpServerConnection;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Bounds slow and greedy clients on each connection's Netty pipeline; Vert.x 5 bounds neither
 * header time nor connections per address. One per member, shared by its HTTP servers.
 *
 * <p>A connection silent past the header bound, or whose headers take longer than it, is closed.
 * So is one idle between requests past the idle bound; WebSockets are left to their pings. An
 * address past its limit gets 429 TOO_MANY_CONNECTIONS with {@code Connection: close}.
 */
public final class ConnectionGuard {
  private static final Logger log = LoggerFactory.getLogger(ConnectionGuard.class);
  /** A slow client may open thousands of connections: a line at most every 10 s for each kind of close or refusal. */
  private static final Throttled slowLog = new Throttled(Duration.ofSeconds(10));
  private static final Throttled refusedLog = new Throttled(Duration.ofSeconds(10));
  /** The client the channel is counted for (absent: not counted, or refused). */
  private static final AttributeKey<String> COUNTED = AttributeKey.valueOf("jackpot.counted");
  private static final AttributeKey<Boolean> REFUSED = AttributeKey.valueOf("jackpot.refused");
  /** Vert.x' names for its handlers (HttpServerConnectionInitializer, NetServerImpl; Vert.x 5.0). */
  private static final String IDLE = "idle";
  private static final String DECODER = "httpDecoder";
  private static final String ENCODER = "httpEncoder";

  private final HttpLimits limits;
  private final Map<String, AtomicInteger> open = new ConcurrentHashMap<>();

  public ConnectionGuard(HttpLimits limits) {
    this.limits = limits;
  }

  /** The server's idle timeout, in seconds: until a connection's first bytes, the header bound. */
  public int silentSeconds() {
    return (int) limits.headerTimeout().toSeconds();
  }

  /** Connections open from {@code client} (its IP). */
  public int openFrom(String client) {
    AtomicInteger n = open.get(client);
    return n == null ? 0 : n.get();
  }

  /** The server's connection handler: runs on the connection's event loop once its protocol is known. */
  public void opened(HttpConnection connection) {
    if (!(connection instanceof HttpServerConnection server)) {
      return;
    }
    Channel channel = server.channelHandlerContext().channel();
    if (channel.hasAttr(COUNTED) || channel.hasAttr(REFUSED)) {
      return; // an HTTP/1.1 connection upgraded to HTTP/2 (h2c): the same TCP connection
    }
    String client = connection.remoteAddress() == null ? "" : String.valueOf(connection.remoteAddress().hostAddress());
    AtomicInteger count = open.computeIfAbsent(client, k -> new AtomicInteger());
    if (count.incrementAndGet() > limits.maxConnectionsPerClient()) {
      release(client, count);
      channel.attr(REFUSED).set(true);
      long refused = refusedLog.count(System.nanoTime());
      if (refused > 0) {
        log.warn("{} connection(s) refused 429 TOO_MANY_CONNECTIONS (latest from {}, past {} open); logged at most every 10 s", refused,
            client, limits.maxConnectionsPerClient());
      }
    } else {
      channel.attr(COUNTED).set(client);
      channel.closeFuture().addListener(f -> release(client, count));
    }
    ChannelPipeline pipeline = channel.pipeline();
    if (pipeline.get(IDLE) != null) {
      long idle = limits.idleTimeout().toMillis();
      pipeline.replace(IDLE, IDLE, new IdleStateHandler(0, 0, idle, TimeUnit.MILLISECONDS));
    }
    if (pipeline.get(DECODER) != null && pipeline.get(ENCODER) != null) {
      HeaderBound bound = new HeaderBound(limits.headerTimeout().toMillis(), String.valueOf(connection.remoteAddress()));
      bound.bytesArrived(channel); // the bytes that told HTTP/1.1 from HTTP/2 have come
      pipeline.addBefore(DECODER, "jackpotHeaderBytes", bound.bytes);
      pipeline.addAfter(ENCODER, "jackpotHeaderBound", bound.requests);
    }
  }

  private void release(String client, AtomicInteger count) {
    if (count.decrementAndGet() <= 0) {
      open.remove(client, count);
    }
  }

  /** Answers a request on a connection past its address's bound 429, and closes the connection; false for the others. */
  public boolean refused(HttpServerRequest request) {
    HttpConnection connection = request.connection();
    if (!(connection instanceof HttpServerConnection server)
        || !server.channelHandlerContext().channel().hasAttr(REFUSED)) {
      return false;
    }
    String body = JsonText.error(new StringBuilder(256).append('{'), ErrorCode.TOO_MANY_CONNECTIONS, "this address holds "
        + limits.maxConnectionsPerClient() + " connections to this member (JACKPOT_HTTP_MAX_CONNECTIONS_PER_CLIENT); reuse one")
        .append('}').toString();
    var response = request.response().setStatusCode(429).putHeader("Content-Type", "application/json")
        .putHeader("Retry-After", Integer.toString(Errors.RETRY_AFTER_SECONDS));
    if (request.version() != HttpVersion.HTTP_2) {
      response.putHeader("Connection", "close");
    }
    response.end(body).onComplete(done -> connection.close());
    return true;
  }

  /**
   * One HTTP/1.1 connection's header bound: started by the first bytes of a request (seen before
   * the decoder), stopped by its decoded head (seen after it). A 101 answer ends it: past an
   * upgrade there are no more HTTP requests, and a WebSocket is kept by its pings, not the idle bound.
   */
  private static final class HeaderBound {
    private final long millis;
    private final String peer;
    private ScheduledFuture<?> timer;
    /** Between a request's head and its last content: its body's bytes start no bound. */
    private boolean inRequest;

    final ChannelInboundHandlerAdapter bytes = new ChannelInboundHandlerAdapter() {
      @Override
      public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (msg instanceof ByteBuf b && b.isReadable()) {
          bytesArrived(ctx.channel());
        }
        ctx.fireChannelRead(msg);
      }
    };

    final ChannelDuplexHandler requests = new ChannelDuplexHandler() {
      @Override
      public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (msg instanceof HttpRequest) {
          cancel();
          inRequest = true;
        }
        if (msg instanceof LastHttpContent) {
          inRequest = false;
        }
        ctx.fireChannelRead(msg);
      }

      @Override
      public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) throws Exception {
        boolean upgrade = msg instanceof HttpResponse r && r.status().code() == 101;
        String to = upgrade ? ((HttpResponse) msg).headers().get(HttpHeaderNames.UPGRADE) : null;
        ctx.write(msg, promise);
        if (upgrade) {
          cancel();
          ChannelPipeline pipeline = ctx.pipeline();
          pipeline.remove(bytes);
          pipeline.remove(this);
          if ("websocket".equalsIgnoreCase(to) && pipeline.get(IDLE) != null) {
            pipeline.remove(IDLE);
          }
        }
      }

      @Override
      public void channelInactive(ChannelHandlerContext ctx) {
        cancel();
        ctx.fireChannelInactive();
      }
    };

    HeaderBound(long millis, String peer) {
      this.millis = millis;
      this.peer = peer;
    }

    void bytesArrived(Channel channel) {
      if (timer != null || inRequest) {
        return;
      }
      timer = channel.eventLoop().schedule(() -> {
        timer = null;
        long closed = slowLog.count(System.nanoTime());
        if (closed > 0) {
          log.info("{} connection(s) closed: request headers not in within {} ms (latest from {}); logged at most every 10 s", closed,
              millis, peer);
        }
        channel.close();
      }, millis, TimeUnit.MILLISECONDS);
    }

    void cancel() {
      if (timer != null) {
        timer.cancel(false);
        timer = null;
      }
    }
  }
}
