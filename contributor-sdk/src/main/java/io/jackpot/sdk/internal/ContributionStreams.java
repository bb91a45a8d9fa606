package io.jackpot.sdk.internal;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Contribution batches over one WebSocket per endpoint (GET /v1/contributions/stream, docs/api.md),
 * every batch in flight multiplexed on it under an id of its own. A batch unanswered in time, or
 * on a connection that drops, fails; the caller retries it. Thread-safe.
 */
final class ContributionStreams {
  /** The service's answer to one batch: its id and status, the whole message, Retry-After in ms (or -1). */
  record Answer(long id, int status, String text, long retryAfterMillis) {}

  /**
   * The stream was closed 1009: a message too big for something on the way (a gateway's limit on
   * WebSocket messages; the service's own limit is above the largest batch the SDK makes). Sent
   * again on the stream, the same batch would close the next connection too.
   */
  static final class MessageTooBig extends IOException {
    MessageTooBig(String message) {
      super(message);
    }
  }

  private final HttpClient http;
  private final String gameKey;
  private final Duration timeout;
  /** Runs each batch's answer deadline; the SDK's own thread, so no thread is made per batch. */
  private final ScheduledExecutorService deadlines;
  private final Map<URI, Connection> connections = new ConcurrentHashMap<>();
  private final AtomicLong ids = new AtomicLong();
  private volatile boolean closed;

  ContributionStreams(HttpClient http, String gameKey, Duration timeout, ScheduledExecutorService deadlines) {
    this.http = http;
    this.gameKey = gameKey;
    this.timeout = timeout;
    this.deadlines = deadlines;
  }

  /**
   * Sends {@code body} ({"contributions": [...]}) to the endpoint at {@code base}. The body is
   * printable ASCII (Contribution and the config check every field that goes in it), so the
   * WebSocket's encoder, which refuses an unpaired surrogate, takes it as it is.
   */
  CompletableFuture<Answer> send(URI base, String body) {
    if (closed) {
      return CompletableFuture.failedFuture(new IOException("the contributor is closed"));
    }
    Connection c = connections.get(base);
    if (c == null) {
      // Opened only once it is in the map: a connection that fails at once removes itself.
      Connection fresh = new Connection(base);
      c = connections.putIfAbsent(base, fresh);
      if (c == null) {
        c = fresh;
        fresh.open();
        if (closed) {
          fresh.close(); // close() ran meanwhile and may not have seen it in the map
        }
      }
    }
    return c.send(ids.incrementAndGet(), body);
  }

  /** Closes every connection; batches still waiting fail, and no new connection is opened. */
  void close() {
    closed = true;
    connections.values().forEach(Connection::close);
  }

  /**
   * An answer read once: the id and status the service writes first ({"id":n,"status":200,...})
   * are taken from the front of the text; any other answer (refusals, another layout) is parsed.
   */
  static Answer read(String text) throws IOException {
    int idEnd = text.indexOf(',');
    if (text.startsWith("{\"id\":") && idEnd > 6 && text.startsWith("\"status\":200,", idEnd + 1)) {
      try {
        return new Answer(Long.parseLong(text.substring(6, idEnd)), 200, text, -1);
      } catch (NumberFormatException e) {
        // parsed below
      }
    }
    Map<String, Object> m = Wire.map(text);
    long retryAfter = m.get("retryAfter") instanceof Number n ? RetryAfter.secondsToMillis(n) : -1;
    return new Answer(((Number) m.get("id")).longValue(), ((Number) m.get("status")).intValue(), text, retryAfter);
  }

  /** One WebSocket to one endpoint and the batches waiting on it; a new one replaces it once it drops. */
  private final class Connection implements WebSocket.Listener {
    private final URI base;
    private final CompletableFuture<WebSocket> socket = new CompletableFuture<>();
    private final Map<Long, CompletableFuture<Answer>> waiting = new ConcurrentHashMap<>();
    private final StringBuilder partial = new StringBuilder();
    /** The JDK's WebSocket takes one send at a time: each waits for the one before. */
    private CompletableFuture<?> lastSend = CompletableFuture.completedFuture(null);
    private volatile Throwable dead;

    Connection(URI base) {
      this.base = base;
    }

    void open() {
      try {
        URI uri = URI.create(base.toString().replaceFirst("/$", "").replaceFirst("^http", "ws") + "/v1/contributions/stream");
        http.newWebSocketBuilder().header("Authorization", "Bearer " + gameKey).connectTimeout(timeout).buildAsync(uri, this)
            .whenComplete((ws, error) -> {
              if (error != null) {
                socket.completeExceptionally(error);
                died(error);
              } else {
                socket.complete(ws);
              }
            });
      } catch (RuntimeException e) {
        socket.completeExceptionally(e);
        died(e);
      }
    }

    CompletableFuture<Answer> send(long id, String body) {
      CompletableFuture<Answer> answer = new CompletableFuture<>();
      waiting.put(id, answer);
      answer.whenComplete((a, e) -> waiting.remove(id));
      // No answer in time: the connection may be dead without knowing it (a peer gone, a dropped
      // NAT entry). It is abandoned, so the retry opens a fresh one. The deadline runs on the SDK's
      // scheduler (CompletableFuture's delayed executor made a thread per batch on two cores) and
      // is cancelled once answered, so it holds no answer text until it would have fired.
      if (!Deadline.on(deadlines, answer, timeout,
          () -> abandon(new IOException("no answer within " + timeout.toMillis() + " ms on the contribution stream to " + base)))) {
        answer.completeExceptionally(new IOException("the contributor is closed"));
        return answer;
      }
      if (dead != null) {
        answer.completeExceptionally(dead);
        return answer;
      }
      String message = "{\"id\":" + id + "," + body.substring(1);
      synchronized (this) {
        lastSend = lastSend.handle((v, e) -> null).thenCompose(v -> socket.thenCompose(ws -> ws.sendText(message, true)))
            .whenComplete((ws, e) -> {
              if (e != null) {
                answer.completeExceptionally(e);
              }
            });
      }
      return answer;
    }

    @Override
    public CompletionStage<?> onText(WebSocket ws, CharSequence data, boolean last) {
      if (!last || partial.length() > 0) {
        partial.append(data);
      }
      if (last) {
        // A message in one frame (the usual case) is read as it came: one copy (the frame to a
        // String), not two (through the StringBuilder first).
        String text = partial.length() > 0 ? partial.toString() : data.toString();
        partial.setLength(0);
        try {
          Answer read = read(text);
          CompletableFuture<Answer> answer = waiting.remove(read.id());
          if (answer != null) {
            answer.complete(read);
          }
        } catch (IOException | RuntimeException unreadable) {
          abandon(new IOException("unreadable answer on the contribution stream to " + base + ": " + unreadable));
        }
      }
      ws.request(1);
      return null;
    }

    @Override
    public CompletionStage<?> onClose(WebSocket ws, int code, String reason) {
      String why = "the contribution stream to " + base + " closed: " + code + " " + reason;
      died(code == 1009 ? new MessageTooBig(why) : new IOException(why));
      return null;
    }

    @Override
    public void onError(WebSocket ws, Throwable error) {
      died(error);
    }

    /** No more batches on this connection: those waiting fail, the next send opens a new one. */
    private void died(Throwable error) {
      dead = error;
      connections.remove(base, this);
      waiting.values().forEach(a -> a.completeExceptionally(error));
    }

    void close() {
      died(new IOException("the contributor is closed"));
      socket.thenAccept(Closing::closeOrAbort);
    }

    /** Drops the connection at once (pending sends and answers fail). */
    private void abandon(Throwable why) {
      died(why);
      socket.thenAccept(WebSocket::abort);
    }
  }
}
