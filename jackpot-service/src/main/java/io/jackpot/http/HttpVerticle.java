package io.jackpot.http;

import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import io.vertx.core.http.HttpServerOptions;

/** Serves the API on one port; deployed once per event loop, all instances sharing the port. */
public final class HttpVerticle extends VerticleBase {
  private final int port;
  private final ApiRouter api;
  private io.vertx.core.http.HttpServer server;

  public HttpVerticle(int port, ApiRouter api) {
    this.port = port;
    this.api = api;
  }

  @Override
  public Future<?> start() {
    server = vertx.createHttpServer(new HttpServerOptions().setPort(port).setCompressionSupported(false))
        .requestHandler(api.create(vertx));
    return server.listen();
  }

  /** Stops listening and lets requests in flight finish (up to 30 s). */
  @Override
  public Future<?> stop() {
    return server == null ? Future.succeededFuture() : server.shutdown(30, java.util.concurrent.TimeUnit.SECONDS);
  }
}
