package io.jackpot.http.api;

import io.jackpot.http.ConnectionGuard;
import io.jackpot.http.JsonBody;
import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.ext.web.Router;
import java.util.concurrent.TimeUnit;

/** Serves the API on one port; deployed once per event loop, all instances sharing the port. */
public final class HttpVerticle extends VerticleBase {
  private final int port;
  private final String host;
  private final int sendBufferBytes;
  private final ApiRouter api;
  private final ApiRouter.Surface surface;
  private final ConnectionGuard guard;
  private HttpServer server;

  /**
   * {@code host}: the address to listen on; {@code sendBufferBytes}: the kernel send buffer of each
   * connection, 0 for the OS default; {@code surface}: which endpoints this port serves; {@code
   * guard}: the bounds on slow and greedy clients, shared by the member's servers.
   */
  public HttpVerticle(String host, int port, int sendBufferBytes, ApiRouter api, ApiRouter.Surface surface, ConnectionGuard guard) {
    this.guard = guard;
    this.surface = surface;
    this.host = host;
    this.port = port;
    this.sendBufferBytes = sendBufferBytes;
    this.api = api;
  }

  @Override
  public Future<?> start() {
    // A stream message carries what a POST body may (JsonBody.LIMIT), in frames of the default size.
    // No WebSocket compression (Vert.x offers it by default): each compressing socket keeps its own
    // zlib state (hundreds of KB off the heap) and compresses every ticker message again.
    HttpServerOptions options = new HttpServerOptions().setHost(host).setPort(port).setCompressionSupported(false)
        .setPerMessageWebSocketCompressionSupported(false).setPerFrameWebSocketCompressionSupported(false)
        .setMaxWebSocketMessageSize((int) JsonBody.LIMIT)
        // A connection that sends nothing is closed after the header bound; the guard sets the idle bound once it speaks.
        .setIdleTimeout(guard.silentSeconds()).setIdleTimeoutUnit(TimeUnit.SECONDS);
    if (sendBufferBytes > 0) {
      options.setSendBufferSize(sendBufferBytes);
    }
    Router router = api.create(vertx, surface);
    server = vertx.createHttpServer(options)
        .connectionHandler(guard::opened)
        .requestHandler(request -> {
          if (!guard.refused(request)) {
            router.handle(request);
          }
        });
    return server.listen();
  }

  /** How long a stop lets requests in flight finish, at most. */
  public static final int SHUTDOWN_SECONDS = 30;

  /** Stops listening and lets requests in flight finish (up to {@link #SHUTDOWN_SECONDS}). */
  @Override
  public Future<?> stop() {
    return server == null ? Future.succeededFuture() : server.shutdown(SHUTDOWN_SECONDS, TimeUnit.SECONDS);
  }
}
