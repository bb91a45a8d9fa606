package io.jackpot.http;

import com.hazelcast.splitbrainprotection.SplitBrainProtectionException;
import io.jackpot.error.DoneInPart;
import io.jackpot.error.ErrorCode;
import io.jackpot.error.Failures;
import io.jackpot.error.OverloadedException;
import io.jackpot.error.Rejection;
import io.jackpot.json.JsonText;
import io.netty.handler.codec.http.multipart.HttpPostRequestDecoder;
import io.vertx.core.VertxException;
import io.vertx.core.json.DecodeException;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.HttpException;
import io.vertx.pgclient.PgException;
import java.net.ConnectException;
import java.util.Set;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Turns failures into the API's error body {@code {"error": {"code", "message"}}}. Client errors
 * are logged in one line without a stack trace; server errors with the request and the trace.
 */
public final class Errors {
  private static final Logger log = LoggerFactory.getLogger(Errors.class);

  private Errors() {}

  /** Seconds a refusal that is worth retrying (429, 503) asks the caller to wait. */
  public static final int RETRY_AFTER_SECONDS = 1;

  /** A refusal the caller should retry after {@link #RETRY_AFTER_SECONDS}. */
  public static boolean retryable(int status) {
    return status == 429 || status == 503;
  }

  public static void send(RoutingContext ctx, Failure failure) {
    send(ctx, failure.status(), failure.code(), failure.message());
  }

  public static void send(RoutingContext ctx, int status, ErrorCode code, String message) {
    if (ctx.response().ended()) {
      return;
    }
    if (retryable(status)) {
      ctx.response().putHeader("Retry-After", Integer.toString(RETRY_AFTER_SECONDS));
    }
    String body = JsonText.error(new StringBuilder(64 + message.length()).append('{'), code, message).append('}').toString();
    ctx.response().setStatusCode(status).putHeader("Content-Type", "application/json").end(body);
  }

  /** A failure as answered: its status, code and message. */
  public record Failure(int status, ErrorCode code, String message) {}

  /** The router's failure handler. */
  public static void handle(RoutingContext ctx) {
    Throwable failure = Failures.cause(ctx.failure());
    if (failure == null) {
      byStatus(ctx, ctx.statusCode());
      return;
    }
    int refused = refusedByWeb(failure, ctx.statusCode());
    if (refused != 0) {
      // Vert.x Web's own refusal of what it could not read (a query or form that is not valid
      // percent-encoding, say): the caller's error, answered in the API's body, not a 500.
      if (log.isInfoEnabled()) {
        log.info("{} -> {}: {}", clipped(ctx.request().method() + " " + ctx.request().path()), refused, clipped(String.valueOf(
            failure.getCause() == null ? failure.getMessage() : failure.getCause().getMessage())));
      }
      byStatus(ctx, refused);
      return;
    }
    send(ctx, describe(failure, ctx.request().method() + " " + ctx.request().path()));
  }

  /**
   * The 4xx status of a failure Vert.x Web raised over the request itself (an HttpException, or a
   * failure it gave a 4xx status, as the body handler does for a form it cannot decode; or Netty's
   * form decoder refusing a body outright, as a multipart form without its boundary), or 0.
   */
  static int refusedByWeb(Throwable failure, int contextStatus) {
    if (failure instanceof HttpException h && h.getStatusCode() >= 400 && h.getStatusCode() < 500) {
      return h.getStatusCode();
    }
    if (failure instanceof HttpPostRequestDecoder.ErrorDataDecoderException) {
      return 400;
    }
    boolean ours = failure instanceof Rejection || failure instanceof DoneInPart || failure instanceof OverloadedException
        || failure instanceof DecodeException;
    return !ours && contextStatus >= 400 && contextStatus < 500 ? contextStatus : 0;
  }

  /** The answer to a request whose path, query or body Vert.x Web could not decode. */
  public static void malformed(RoutingContext ctx) {
    send(ctx, 400, ErrorCode.MALFORMED_REQUEST, "the request's path, query or body could not be decoded (not valid percent-encoding?)");
  }

  /**
   * What a failed call is answered, logged under {@code what} (the request or stream message):
   * the same mapping for HTTP requests and for the contribution stream.
   */
  public static Failure describe(Throwable error, String whatSent) {
    return describeAs(error, clipped(whatSent)); // a path or message id the caller chose: one short line each
  }

  private static Failure describeAs(Throwable error, String what) {
    Throwable failure = Failures.cause(error);
    if (failure instanceof DoneInPart part) {
      // Logged once, with what was done: the cause's line names the request and the part done.
      Failure f = describeAs(part.getCause(), what + " (" + part.getMessage() + ")");
      return new Failure(f.status(), f.code(), part.getMessage());
    }
    if (failure instanceof Rejection r) {
      if (log.isInfoEnabled()) {
        log.info("{} -> {} {}: {}", what, status(r.kind()), r.code(), clipped(r.getMessage()));
      }
      return new Failure(status(r.kind()), r.code(), r.getMessage());
    } else if (failure instanceof OverloadedException) {
      log.warn("{} -> 503 OVERLOADED", what);
      return new Failure(503, ErrorCode.OVERLOADED, failure.getMessage());
    } else if (failure instanceof DecodeException) {
      return new Failure(400, ErrorCode.MALFORMED_JSON, "the body is not valid JSON");
    } else if (causedBy(failure, SplitBrainProtectionException.class)) {
      log.warn("{} -> 503 NO_QUORUM", what);
      return new Failure(503, ErrorCode.NO_QUORUM, "this member's side of the cluster lacks the quorum; nothing was changed, retry on another member");
    } else if (isInfrastructure(failure)) {
      log.warn("{} -> 503 UNAVAILABLE: {}", what, failure.toString());
      return new Failure(503, ErrorCode.UNAVAILABLE, "the cluster or the ledger did not answer; nothing was changed, retry shortly");
    }
    log.error("{} failed", what, failure);
    return new Failure(500, ErrorCode.INTERNAL, "the service failed to handle this request; it was logged");
  }

  /**
   * Hazelcast, connection and database-availability failures mean "try again", not "bug". A
   * request that failed this way changed nothing: such failures happen before the sequencer, which
   * never gives up. A database error in our own SQL (syntax, constraint) is a bug: 500.
   */
  private static boolean causedBy(Throwable t, Class<? extends Throwable> type) {
    for (Throwable c = t; c != null; c = c.getCause()) {
      if (type.isInstance(c)) {
        return true;
      }
    }
    return false;
  }

  /**
   * The SQL client's pool, failing with a bare VertxException (vertx-sql-client 5.0.10,
   * SqlConnectionPool and SocketConnectionBase): no connection free within the time limit, or the
   * connection lent was closed meanwhile (the ledger's time limit, PgPools). Message prefixes.
   */
  static final Set<String> POOL_FAILURES = Set.of("Timeout waiting for connection", "Connection is not active now");

  private static boolean isInfrastructure(Throwable t) {
    for (Throwable c = t; c != null; c = c.getCause()) {
      if (c instanceof PgException pg) {
        String sqlState = pg.getSqlState() == null ? "" : pg.getSqlState();
        // 08 connection, 53 insufficient resources, 57 operator intervention (e.g. shutting down), 40 rollbacks.
        return sqlState.startsWith("08") || sqlState.startsWith("53") || sqlState.startsWith("57") || sqlState.startsWith("40");
      }
      String name = c.getClass().getName();
      if (name.startsWith("com.hazelcast.") || name.startsWith("io.vertx.sqlclient.")
          || c instanceof ConnectException || c instanceof TimeoutException
          || c instanceof VertxException v && v.getMessage() != null
              && POOL_FAILURES.stream().anyMatch(v.getMessage()::startsWith)) {
        return true;
      }
    }
    return false;
  }

  /** The code of a status the router gives without one of its own (none of the service's routes does). */
  private static ErrorCode otherCode(int status) {
    return switch (status) {
      case 401 -> ErrorCode.UNAUTHENTICATED;
      case 403 -> ErrorCode.FORBIDDEN;
      case 503 -> ErrorCode.UNAVAILABLE;
      default -> status >= 400 && status < 500 ? ErrorCode.MALFORMED_REQUEST : ErrorCode.INTERNAL;
    };
  }

  private static void byStatus(RoutingContext ctx, int status) {
    switch (status) {
      case 400 -> malformed(ctx);
      case 413 -> send(ctx, 413, ErrorCode.PAYLOAD_TOO_LARGE, "the body is larger than the service accepts");
      case 404 -> send(ctx, 404, ErrorCode.NOT_FOUND, "no such endpoint: " + ctx.request().path());
      case 405 -> send(ctx, 405, ErrorCode.METHOD_NOT_ALLOWED, ctx.request().method() + " is not allowed on " + ctx.request().path());
      case 415 -> send(ctx, 415, ErrorCode.UNSUPPORTED_MEDIA_TYPE, "send the body as application/json");
      default -> send(ctx, status < 400 ? 500 : status, otherCode(status), "request failed with status " + status);
    }
  }

  static int status(Rejection.Kind kind) {
    return switch (kind) {
      case INVALID -> 400;
      case UNAUTHENTICATED -> 401;
      case FORBIDDEN -> 403;
      case NOT_FOUND -> 404;
      case CONFLICT -> 409;
      case TOO_MANY -> 429;
      case UNAVAILABLE -> 503;
    };
  }

  /**
   * At most {@link #LOGGED_CHARS} of what a caller sent (a path, an echoed id), its control
   * characters shown as '?': one refused request, one short line, and no line the caller wrote (a
   * decoded {@code %0A} in a path would start one in the text log).
   */
  public static String clipped(String s) {
    if (s == null) {
      return null;
    }
    String shown = s.chars().anyMatch(Character::isISOControl) ? s.codePoints()
        .map(c -> Character.isISOControl(c) ? '?' : c)
        .collect(StringBuilder::new, StringBuilder::appendCodePoint, StringBuilder::append).toString() : s;
    return shown.length() <= LOGGED_CHARS ? shown : shown.substring(0, LOGGED_CHARS) + "…(" + shown.length() + " chars)";
  }

  static final int LOGGED_CHARS = 200;

}
