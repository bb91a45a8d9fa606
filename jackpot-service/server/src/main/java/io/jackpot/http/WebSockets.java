package io.jackpot.http;

import io.jackpot.error.ErrorCode;
import io.jackpot.error.Rejection;
import io.netty.channel.Channel;
import io.netty.channel.ChannelOption;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpConnection;
import io.vertx.core.http.ServerWebSocket;
import io.vertx.core.net.impl.ConnectionBase;
import io.vertx.ext.web.RoutingContext;
import java.time.Duration;
import java.util.Arrays;

/**
 * WebSockets at both ends of their life: whether a request is a handshake the server takes
 * ({@link #handshake}), and closing. A close frame waits behind what the peer has not read, so a
 * peer that reads nothing would hold the connection until TCP gives up, minutes later. So after a
 * grace the TCP connection itself is closed.
 */
public final class WebSockets {
  private WebSockets() {}

  /**
   * Whether the request is a WebSocket handshake the server takes (RFC 6455, version 13), so that
   * every refusal is in the API's error body (Vert.x answers a bad one in plain text, or empty): not
   * an upgrade with its key, a 400 WEBSOCKET_REQUIRED is thrown ({@code what}: the endpoint, for
   * its message); another protocol version is answered here, 426 UNSUPPORTED_WEBSOCKET_VERSION with
   * {@code Sec-WebSocket-Version: 13} (and {@code Upgrade: websocket}, as 426 requires), and false
   * returned.
   */
  public static boolean handshake(RoutingContext ctx, String what) {
    var request = ctx.request();
    // Connection may come in several lines, each a list (a proxy adding its own): any names the upgrade.
    boolean upgrade = "websocket".equalsIgnoreCase(request.getHeader("Upgrade")) && request.headers().getAll("Connection").stream()
        .flatMap(line -> Arrays.stream(line.split(","))).anyMatch(token -> token.trim().equalsIgnoreCase("upgrade"));
    if (!upgrade || request.getHeader("Sec-WebSocket-Key") == null) {
      throw Rejection.invalid(ErrorCode.WEBSOCKET_REQUIRED, what + " is a WebSocket: send a WebSocket handshake"
          + " (Upgrade: websocket, Connection: Upgrade, Sec-WebSocket-Key)");
    }
    if (!"13".equals(request.getHeader("Sec-WebSocket-Version"))) {
      ctx.response().putHeader("Sec-WebSocket-Version", "13").putHeader("Upgrade", "websocket");
      Errors.send(ctx, 426, ErrorCode.UNSUPPORTED_WEBSOCKET_VERSION, "send Sec-WebSocket-Version: 13");
      return false;
    }
    return true;
  }

  /** How long a close frame may take to get through before the connection is reset. */
  public static final Duration GRACE = Duration.ofSeconds(10);

  /**
   * Sends the close frame; if the connection is still open after {@link #GRACE}, closes {@code
   * connection} (the upgraded request's, {@code request().connection()}) underneath. (Vert.x's
   * own closing timeout starts only once the frame is written.)
   */
  public static void closeOrAbort(Vertx vertx, ServerWebSocket socket, HttpConnection connection, short code, String reason) {
    if (socket.isClosed()) {
      return;
    }
    socket.close(code, reason);
    vertx.setTimer(GRACE.toMillis(), t -> {
      if (!socket.isClosed()) {
        abort(connection);
      }
    });
  }

  /**
   * Resets the TCP connection at once. Vert.x's own {@code close()} of an upgraded connection, and
   * a close sent down its Netty pipeline, go through Vert.x's handler, which closes the WebSocket
   * first and so waits for the same unread data. The close is therefore started below that handler
   * (at the pipeline's head), with SO_LINGER 0 so the kernel drops the unsent data too. The channel
   * is reachable only through an implementation class (Vert.x 5.0); anything else falls back.
   */
  private static void abort(HttpConnection connection) {
    if (connection instanceof ConnectionBase base) {
      Channel channel = base.channel();
      channel.config().setOption(ChannelOption.SO_LINGER, 0);
      channel.pipeline().firstContext().close();
    } else {
      connection.close();
    }
  }
}
