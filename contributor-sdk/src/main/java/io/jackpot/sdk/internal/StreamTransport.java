package io.jackpot.sdk.internal;

import io.jackpot.sdk.JackpotException;
import java.net.URI;
import java.net.http.WebSocketHandshakeException;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * Batches on each endpoint's contribution stream ({@link ContributionStreams}). An endpoint whose
 * path drops the WebSocket upgrade, that has no stream, or whose stream is closed 1009 gets its
 * batches by POST for {@link #NO_STREAM_FOR}.
 */
final class StreamTransport implements BatchTransport {
  static final Duration NO_STREAM_FOR = Duration.ofMinutes(1);

  private final ContributionStreams streams;
  private final HttpTransport http;
  private final Endpoints endpoints;
  /** Endpoints whose batches go by POST, and until when (nanoTime). */
  private final Map<URI, Long> noStreamUntil = new ConcurrentHashMap<>();

  StreamTransport(ContributionStreams streams, HttpTransport http, Endpoints endpoints) {
    this.streams = streams;
    this.http = http;
    this.endpoints = endpoints;
  }

  @Override
  public CompletionStage<String> send(String body) {
    Endpoints.Endpoint e = endpoints.pick();
    Long until = noStreamUntil.get(e.base());
    return until != null && System.nanoTime() - until < 0 ? http.post(e, body) : overStream(e, body);
  }

  @Override
  public void close() {
    streams.close();
  }

  /** One attempt on the endpoint's stream; as {@link HttpTransport#call}. */
  private CompletionStage<String> overStream(Endpoints.Endpoint e, String body) {
    long start = System.nanoTime();
    return streams.send(e.base(), body).handle((answer, error) -> {
      long took = System.nanoTime() - start;
      if (error != null) {
        return failed(e, body, took, Causes.unwrap(error));
      }
      return CompletableFuture.completedFuture(ServiceAnswers.answered(e, took, answer.status(), answer.retryAfterMillis(),
          answer.text(), ServiceAnswers::resultsObject));
    }).thenCompose(next -> next);
  }

  private CompletionStage<String> failed(Endpoints.Endpoint e, String body, long took, Throwable t) {
    if (t instanceof WebSocketHandshakeException h) {
      CompletionStage<String> byPost = refusedUpgrade(e, body, took, h);
      if (byPost != null) {
        return byPost;
      }
    }
    if (t instanceof ContributionStreams.MessageTooBig) {
      // Every batch waiting on the connection fails so; each goes by POST (idempotent by round
      // id), which takes larger bodies, or answers 413, final, for one too large for it too.
      return byPost(e, body, t.getMessage() + " (a message too big for something on the way; or lower batchSize)");
    }
    e.breaker().onError(took, TimeUnit.NANOSECONDS, t);
    // A 429 or 503 at the upgrade (a proxy in front of the service) may say when to come back.
    throw new Retryable("no answer from " + e.base() + " on its contribution stream: " + t, RetryAfter.ofUpgrade(t), t);
  }

  /**
   * An upgrade refused by the service (401 unknown key, 403) is as refused as a POST would be.
   * One refused for want of the upgrade, or where there is no stream, goes by POST. Null for any
   * other refusal: a proxy's, an endpoint failure like any other.
   */
  private CompletionStage<String> refusedUpgrade(Endpoints.Endpoint e, String body, long took, WebSocketHandshakeException h) {
    String text = h.getResponse().body() instanceof String str ? str : null;
    int status = h.getResponse().statusCode();
    JackpotException refused = ServiceAnswers.finalRefusal(status, text);
    if (refused != null) {
      e.breaker().onSuccess(took, TimeUnit.NANOSECONDS);
      throw refused;
    }
    if (ServiceAnswers.errorCode(text) == ErrorCode.WEBSOCKET_REQUIRED) {
      return byPost(e, body, "the path to " + e.base() + " does not pass WebSocket upgrades (the service answered WEBSOCKET_REQUIRED)");
    }
    // 404 or 405: a member without the stream (docs/api.md's v1 has none; an older version during a
    // rolling upgrade), or a proxy that routes only what docs/api.md lists. POST may well work.
    if (status == 404 || status == 405) {
      return byPost(e, body, e.base() + " has no contribution stream (its upgrade was answered " + status + ")");
    }
    return null;
  }

  /** The batch by POST, and the endpoint's next ones for {@link #NO_STREAM_FOR}; {@code why} is logged once per spell. */
  private CompletionStage<String> byPost(Endpoints.Endpoint e, String body, String why) {
    long now = System.nanoTime();
    Long before = noStreamUntil.put(e.base(), now + NO_STREAM_FOR.toNanos());
    // A new spell: none before, or the last one over (the stream was tried again and failed again).
    if (before == null || now - before >= 0) {
      // Under the contributor's logger name, the one a game's logging setup knows.
      System.getLogger(HttpJackpotContributor.class.getName()).log(System.Logger.Level.WARNING,
          why + ": its batches go by POST, the stream is tried again every " + NO_STREAM_FOR.toSeconds() + " s");
    }
    return http.post(e, body);
  }
}
