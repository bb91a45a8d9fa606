package io.jackpot.contribution.http;

import io.jackpot.access.http.GameAuth;
import io.jackpot.contribution.ContributionService;
import io.jackpot.game.Caller;
import io.jackpot.http.Quorum;
import io.jackpot.http.WebSockets;
import io.vertx.core.Vertx;
import io.vertx.ext.web.RoutingContext;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * GET /v1/contributions/stream (WebSocket, game key at the upgrade): POST /v1/contributions' batches
 * as text messages {@code {"id": n, "contributions": [...]}} on one long-lived connection, with the
 * same checks, idempotency and answers, each answered under its id {@code {"id": n, "status": 200,
 * "results": [...]}} or {@code {"id": n, "status": 4xx/5xx, "error": {...}}} (503 and 429 with
 * {@code "retryAfter": seconds}), possibly out of order. Opens a {@link StreamConnection} per connection.
 */
final class ContributionStream {
  private static final Logger log = LoggerFactory.getLogger(ContributionStream.class);
  static final String PATH = "/v1/contributions/stream";
  /** Batches one connection may have under way before it is read no further (the SDK keeps at most 64 in flight). */
  static final int MAX_PENDING = 128;

  private final StreamMessages messages;
  private final long pingMillis;
  private final AtomicInteger open;
  /** A game key's hash → the caller it speaks for under the credentials in force now, if it still does. */
  private final Function<String, Optional<Caller>> callers;

  ContributionStream(ContributionService contributions, ContributionRoutes routes, Quorum quorum, BooleanSupplier ready,
      Duration ping, AtomicInteger open,
      Function<String, Optional<Caller>> callers) {
    this.messages = new StreamMessages(contributions, routes, quorum, ready);
    this.callers = callers;
    this.open = open;
    this.pingMillis = ping.toMillis();
  }

  void open(RoutingContext ctx) {
    if (!WebSockets.handshake(ctx, "the contribution stream")) {
      return;
    }
    Caller caller = GameAuth.caller(ctx);
    String keyHash = GameAuth.keyHash(ctx);
    String peer = String.valueOf(ctx.request().remoteAddress());
    ctx.request().toWebSocket().onSuccess(socket -> {
      StreamConnection stream = new StreamConnection(socket, ctx.request().connection(), ctx.vertx().getOrCreateContext(), peer, keyHash,
          callers, messages, pingMillis);
      log.info("contribution stream opened by operator {} from {}", caller.operatorId(), peer);
      socket.frameHandler(new StreamFrames(socket, peer, stream)::onFrame);
      socket.exceptionHandler(e -> log.debug("contribution stream from {}: {}", peer, e.toString())); // a reset closes it by itself
      socket.shutdownHandler(v -> stream.stop());
      socket.pongHandler(b -> stream.heard());
      Vertx vertx = ctx.vertx();
      long pinger = vertx.setPeriodic(pingMillis, timer -> stream.ping());
      open.incrementAndGet();
      socket.closeHandler(v -> {
        vertx.cancelTimer(pinger);
        open.decrementAndGet();
        log.info("contribution stream from {} closed", peer);
      });
    }).onFailure(e -> log.warn("contribution stream upgrade from {} failed: {}", peer, e.toString()));
  }
}
