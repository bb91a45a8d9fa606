package io.jackpot.http;

import io.vertx.core.Vertx;
import io.vertx.core.http.HttpConnection;
import io.vertx.core.http.ServerWebSocket;
import java.time.Duration;

/**
 * Closing a WebSocket whose peer may never take the close frame. {@code close(code, reason)} queues
 * the frame behind whatever the peer has not read; a peer that reads nothing never gets it, and the
 * connection (its buffers, its file descriptor, its session) stays until TCP gives up, many
 * minutes later. So after a grace the TCP connection itself is closed.
 */
public final class WebSockets {
  private WebSockets() {}

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
    if (connection instanceof io.vertx.core.net.impl.ConnectionBase base) {
      io.netty.channel.Channel channel = base.channel();
      channel.config().setOption(io.netty.channel.ChannelOption.SO_LINGER, 0);
      channel.pipeline().firstContext().close();
    } else {
      connection.close();
    }
  }
}
