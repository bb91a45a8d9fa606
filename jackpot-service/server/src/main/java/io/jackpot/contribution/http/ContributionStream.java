package io.jackpot.contribution.http;

import io.jackpot.error.ErrorCode;
import io.jackpot.access.http.GameAuth;
import io.jackpot.contribution.ContributionService;
import io.jackpot.game.Caller;
import io.jackpot.http.Errors;
import io.jackpot.http.JsonBody;
import io.jackpot.http.JsonFields;
import io.jackpot.http.Quorum;
import io.jackpot.http.StrictJson;
import io.jackpot.http.WebSockets;
import io.jackpot.json.JsonText;
import io.jackpot.plan.ContributionResult;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpConnection;
import io.vertx.core.http.ServerWebSocket;
import io.vertx.core.http.WebSocketFrame;
import io.vertx.core.json.DecodeException;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.RoutingContext;
import java.nio.charset.CharacterCodingException;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * GET /v1/contributions/stream (WebSocket, game key at the upgrade): the contribution batches of
 * POST /v1/contributions as text messages on one long-lived connection, each
 * {@code {"id": n, "contributions": [...]}}, each answered {@code {"id": n, "status": 200,
 * "results": [...]}} or {@code {"id": n, "status": 4xx/5xx, "error": {...}}} (503 and 429 with
 * {@code "retryAfter": seconds}), possibly out of order: the id pairs them. The same checks,
 * idempotency and answers as the POST, batch for batch. A message without an integer id, or not
 * JSON, or not well-formed UTF-8, closes the connection (1007): nothing could be answered to it;
 * one that is JSON only to a lenient reader (comments, a repeated name...) is answered 400 MALFORMED_JSON. Each connection is pinged
 * every {@code ping} interval; one from which nothing (no pong, no message) was heard since the
 * previous ping is closed (1001): the game is gone or unreachable, and an idle connection kept warm
 * is not dropped silently by a load balancer or NAT on the way.
 */
final class ContributionStream {
  private static final Logger log = LoggerFactory.getLogger(ContributionStream.class);
  static final String PATH = "/v1/contributions/stream";

  private final ContributionService contributions;
  private final ContributionRoutes routes;
  private final Quorum quorum;
  /** Batches one connection may have under way before it is read no further (the SDK keeps at most 64 in flight). */
  static final int MAX_PENDING = 128;
  /** Whether this member can serve (quorum, identity, commits not failing for long): a stream on one that cannot is closed, so its game reconnects elsewhere. */
  private final BooleanSupplier ready;

  private final long pingMillis;
  private final AtomicInteger open;

  /** A game key's hash → the caller it speaks for under the credentials in force now, if it still does. */
  private final Function<String, Optional<Caller>> callers;

  ContributionStream(ContributionService contributions, ContributionRoutes routes, Quorum quorum, BooleanSupplier ready,
      Duration ping, AtomicInteger open,
      Function<String, Optional<Caller>> callers) {
    this.callers = callers;
    this.open = open;
    this.pingMillis = ping.toMillis();
    this.contributions = contributions;
    this.routes = routes;
    this.quorum = quorum;
    this.ready = ready;
  }

  void open(RoutingContext ctx) {
    if (!WebSockets.handshake(ctx, "the contribution stream")) {
      return;
    }
    Caller caller = GameAuth.caller(ctx);
    String keyHash = GameAuth.keyHash(ctx);
    String peer = String.valueOf(ctx.request().remoteAddress());
    ctx.request().toWebSocket().onSuccess(socket -> {
      Session session = new Session(socket, ctx.request().connection(), ctx.vertx().getOrCreateContext(), keyHash);
      log.info("contribution stream opened by operator {} from {}", caller.operatorId(), peer);
      // Frames, not Vert.x' text messages: it decodes them replacing malformed UTF-8, where a
      // message that is not UTF-8 must close the connection (RFC 6455, 1007).
      socket.frameHandler(frame -> session.onFrame(frame, peer));
      socket.exceptionHandler(e -> log.debug("contribution stream from {}: {}", peer, e.toString())); // a reset closes it by itself
      socket.shutdownHandler(v -> session.stopping());
      socket.pongHandler(b -> session.heard());
      Vertx vertx = ctx.vertx();
      long pinger = vertx.setPeriodic(pingMillis, timer -> session.ping(peer));
      open.incrementAndGet();
      Runnable closed = () -> {
        vertx.cancelTimer(pinger);
        open.decrementAndGet();
      };
      socket.closeHandler(v -> {
        closed.run();
        log.info("contribution stream from {} closed", peer);
      });
    }).onFailure(e -> log.warn("contribution stream upgrade from {} failed: {}", peer, e.toString()));
  }

  /**
   * One connection. Its fields are touched on its own context only. When the service stops (the
   * HTTP server's shutdown), batches already taken are answered, later ones are refused with a
   * retryable 503, and the connection is closed with 1001 once nothing is pending, so the game
   * moves to another member at once instead of the stop waiting for it.
   */
  private final class Session {
    private final ServerWebSocket socket;
    /** The connection underneath, to be cut if the close frame cannot get through. */
    private final HttpConnection connection;
    private final Context context;
    /** The hash of the game key the stream was opened with: each batch is taken for the caller it speaks for then. */
    private final String keyHash;
    /** Whether the stream's game key was found revoked: every later batch is refused, and the stream closed (1008). */
    private boolean revoked;
    private int pending;
    private boolean paused;
    private boolean stopping;
    private short closeCode = 1001;
    private String closeReason = "the service is stopping; reconnect";

    /** Whether anything (a message, a pong) came since the last ping. */
    private boolean heard = true;
    /** Pings in a row that found reading paused, the write queue full and no answer taken since the last. */
    private int unreadTicks;
    /** Whether an answer went out to the kernel since the last ping: the game reads, if slowly. */
    private boolean taken;

    Session(ServerWebSocket socket, HttpConnection connection, Context context, String keyHash) {
      this.connection = connection;
      this.socket = socket;
      this.context = context;
      this.keyHash = keyHash;
    }

    void heard() {
      heard = true;
    }

    private void reply(long id, Errors.Failure f) {
      write(refusal(id, f));
    }

    /**
     * A socket closed meanwhile loses the answer; the game sends the batch again (same round ids:
     * DUPLICATE). An answer handed to the kernel means the game is reading (see {@link #ping}).
     */
    private void write(String text) {
      if (!socket.isClosed()) {
        socket.writeTextMessage(text).onSuccess(v -> taken = true);
      }
    }

    /**
     * Closes the connection if nothing came since the previous ping and none of its answers went
     * out (its pong may be behind answers it is still reading), else pings again. While reading is
     * paused only if the game took none of its answers through two pings: then it is gone or stuck.
     */
    void ping(String peer) {
      if (socket.isClosed()) {
        return;
      }
      if (!revoked && callers.apply(keyHash).isEmpty()) {
        revoke(); // an idle stream whose key was revoked is not kept open
        closeIfDone();
        return;
      }
      boolean readSince = taken;
      taken = false;
      if (paused) {
        unreadTicks = socket.writeQueueFull() && !readSince ? unreadTicks + 1 : 0;
        if (unreadTicks == 2) { // once: the close that follows needs no repeating
          log.warn("contribution stream from {}: its answers went unread through two pings ({} ms apart); closing it", peer, pingMillis);
          WebSockets.closeOrAbort(context.owner(), socket, connection, (short) 1001, "answers not read");
        }
        return;
      }
      unreadTicks = 0;
      if (!heard && !readSince) {
        log.warn("contribution stream from {}: no answer to a ping within {} ms; closing it", peer, pingMillis);
        WebSockets.closeOrAbort(context.owner(), socket, connection, (short) 1001, "no answer to ping");
        return;
      }
      heard = false;
      try {
        socket.writePing(Buffer.buffer("c"));
      } catch (IllegalStateException closedMeanwhile) {
        // the connection went just now: its close handler stops the timer
      }
    }

    void stopping() {
      context.runOnContext(v -> {
        stopping = true;
        closeIfDone();
      });
    }

    /**
     * This member cannot take the game's batches now (no quorum, or not ready): the connection is
     * closed once what it took is answered (1013, try again later). A game keeps its stream for as
     * long as it is open, and a load balancer sends only new connections elsewhere: without this
     * it would keep retrying on the same member, for good if that member never recovers.
     */
    private void leave(String why) {
      if (!stopping) {
        stopping = true;
        closeCode = 1013;
        closeReason = why + "; reconnect";
      }
      closeIfDone();
    }

    /** The stream's key is no longer accepted: later batches are refused, and the stream closes (1008) once nothing is pending. */
    private void revoke() {
      if (!revoked) {
        revoked = true;
        log.warn("{}: the stream's game key is no longer accepted; refusing its batches and closing it (1008)", PATH);
      }
      stopping = true;
      closeCode = 1008;
      closeReason = "the game key is no longer accepted";
    }

    private void closeIfDone() {
      if (stopping && pending == 0 && !socket.isClosed()) {
        socket.close(closeCode, closeReason);
      }
    }

    /** The text message being received, frame by frame; null between messages. */
    private Buffer partial;

    /**
     * Gathers a text message's frames (up to {@link JsonBody#LIMIT}) and takes it once whole. A
     * message over the limit can never be answered (its id is in what was refused): the connection
     * is closed (1009) rather than left with a batch waiting for ever.
     */
    void onFrame(WebSocketFrame frame, String peer) {
      if (socket.isClosed() || !(frame.isText() || frame.isBinary() || frame.isContinuation())) {
        return; // pings, pongs and the close are handled by Vert.x
      }
      if (frame.isBinary() || frame.isContinuation() && partial == null) {
        socket.close((short) 1003, "send text messages");
        return;
      }
      if (frame.isText()) {
        partial = Buffer.buffer();
      }
      Buffer data = frame.binaryData();
      if ((long) partial.length() + data.length() > JsonBody.LIMIT) {
        partial = null;
        log.warn("contribution stream from {}: a message over 1 MiB; closing it (1009)", peer);
        socket.close((short) 1009, "a message is at most 1 MiB; nothing in it was applied");
        return;
      }
      partial.appendBuffer(data);
      if (!frame.isFinal()) {
        return;
      }
      byte[] bytes = partial.getBytes();
      partial = null;
      String text;
      try {
        text = StrictJson.utf8(bytes);
      } catch (CharacterCodingException e) {
        log.info("contribution stream from {}: a message that is not well-formed UTF-8; closing it (1007)", peer);
        socket.close((short) 1007, "messages must be well-formed UTF-8; nothing in it was applied");
        return;
      }
      onMessage(text);
    }

    void onMessage(String text) {
      heard = true;
      take(text);
      throttle(); // refusals written at once count against the write queue too
    }

    private void take(String text) {
      JsonObject message;
      long id;
      boolean strict = true;
      try {
        Object value;
        try {
          value = StrictJson.decode(text);
        } catch (DecodeException e) {
          // Not strict JSON, so nothing is taken from it; read leniently only for its id, to answer it.
          strict = false;
          value = new JsonObject(text);
        }
        if (!(value instanceof JsonObject o)) {
          throw new DecodeException("not an object");
        }
        if (!(o.getValue("id") instanceof Number n) || n.doubleValue() != n.longValue()) {
          socket.close((short) 1007, "every message needs an integer id");
          return;
        }
        message = o;
        id = n.longValue();
      } catch (DecodeException e) {
        socket.close((short) 1007, "messages must be JSON objects");
        return;
      }
      if (!strict) {
        reply(id, new Errors.Failure(400, ErrorCode.MALFORMED_JSON, JsonFields.NOT_JSON));
        return;
      }
      // The credentials in force decide, not those of the stream's opening: a key revoked since
      // (LiveCredentials) takes nothing more, and a changed list of games applies at once.
      Optional<Caller> caller = revoked ? Optional.empty() : callers.apply(keyHash);
      if (caller.isEmpty()) {
        revoke();
        reply(id, new Errors.Failure(401, ErrorCode.UNAUTHENTICATED, "this stream's game key is no longer accepted (revoked); nothing was changed"));
        closeIfDone();
        return;
      }
      if (stopping) {
        reply(id, new Errors.Failure(503, ErrorCode.UNAVAILABLE, "this member is stopping; nothing was changed, retry on another member"));
        return;
      }
      if (!quorum.held()) {
        log.warn("{} message {} -> 503 NO_QUORUM", PATH, id);
        reply(id, quorum.refusal());
        leave("this member lost its quorum");
        return;
      }
      if (!ready.getAsBoolean()) {
        log.warn("{} message {} -> 503 NOT_READY", PATH, id);
        reply(id, new Errors.Failure(503, ErrorCode.NOT_READY, "this member is not ready; nothing was changed, retry on another member"));
        leave("this member is not ready");
        return;
      }
      CompletionStage<List<ContributionResult>> stage;
      try {
        stage = contributions.contribute(caller.get(), ContributionRoutes.parse(message));
      } catch (RuntimeException e) {
        reply(id, Errors.describe(e, PATH + " message " + id));
        return;
      }
      pending++;
      throttle();
      stage.whenComplete((results, error) -> context.runOnContext(v -> {
        pending--;
        try {
          if (error != null) {
            reply(id, Errors.describe(error, PATH + " message " + id));
          } else {
            StringBuilder out = new StringBuilder(ContributionRoutes.capacity(results)).append("{\"id\":").append(id).append(",\"status\":200,");
            write(routes.appendResults(out, results).append('}').toString());
          }
        } catch (RuntimeException e) {
          // Answered as the POST would be (500), never left without an answer.
          reply(id, Errors.describe(e, PATH + " message " + id));
        } finally {
          closeIfDone();
          throttle();
        }
      }));
    }

    /**
     * Reads no further batches while {@link #MAX_PENDING} are under way or the answers are not being
     * read (the socket's write queue is full): a game that pipelines without reading answers must
     * not grow this member's heap without bound. TCP then holds the game's sends back.
     */
    private void throttle() {
      if (socket.isClosed()) {
        return; // the game went away: nothing to read or hold back (and Vert.x refuses the calls)
      }
      boolean full = pending >= MAX_PENDING || socket.writeQueueFull();
      if (full && !paused) {
        paused = true;
        socket.pause();
        socket.drainHandler(v -> throttle());
      } else if (!full && paused) {
        paused = false;
        heard = true; // a pong may still be behind what the game sent while it was not read
        socket.resume();
      }
    }
  }

  private static String refusal(long id, Errors.Failure f) {
    StringBuilder out = new StringBuilder(128).append("{\"id\":").append(id).append(",\"status\":").append(f.status());
    if (Errors.retryable(f.status())) {
      out.append(",\"retryAfter\":").append(Errors.RETRY_AFTER_SECONDS);
    }
    return JsonText.error(out.append(','), f.code(), f.message()).append('}').toString();
  }
}
