package io.jackpot.sdk.internal;

import io.jackpot.sdk.Win;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * Follows the live ticker and hands every win to the listeners. Reconnects when the connection
 * drops, when an upgrade takes longer than its connect timeout, and when it is silent too long.
 */
final class TickerListener implements WebSocket.Listener {
  /** Pings this often; the service answers each one. */
  static final Duration PING_EVERY = Duration.ofSeconds(15);
  /** Silent this long, the peer is gone without closing (a cut network, a host powered off): reconnect. */
  static final Duration SILENT_FOR = PING_EVERY.multipliedBy(3);
  private volatile long lastHeard = System.nanoTime();
  private final AtomicBoolean watching = new AtomicBoolean();
  private final HttpClient http;
  private final Duration connectTimeout;
  private final Endpoints endpoints;
  private final ScheduledExecutorService scheduler;
  private final List<Consumer<Win>> listeners;
  private final BooleanSupplier closed;
  private final StringBuilder partial = new StringBuilder();
  private final CompletableFuture<Void> subscribed = new CompletableFuture<>();
  private final NewWins news = new NewWins();
  /** The endpoint of the last connection attempt (for the warning). */
  private volatile URI tried;
  /** Connection attempts that failed or ended before the ticker said anything, since it last did. */
  private final AtomicInteger failures = new AtomicInteger();
  /** The longest wait between two attempts (the first waits about 1 s; every game comes back spread out). */
  static final long MAX_RECONNECT_MILLIS = 30_000;
  /** After this many failures in a row, and every time as many again, the game's log hears of it. */
  static final int WARN_EVERY = 10;

  /** Completes when the first snapshot arrives: wins from then on are reported. */
  CompletionStage<Void> subscribed() {
    return subscribed;
  }

  /**
   * @param connectTimeout how long an attempt may take until the connection is upgraded; one that
   *     takes longer fails and is followed by the next (the client's own connect timeout covers the
   *     TCP connect only, not an upgrade the far end never answers)
   */
  TickerListener(HttpClient http, Duration connectTimeout, Endpoints endpoints, ScheduledExecutorService scheduler,
      List<Consumer<Win>> listeners, BooleanSupplier closed) {
    this.http = http;
    this.connectTimeout = connectTimeout;
    this.endpoints = endpoints;
    this.scheduler = scheduler;
    this.listeners = listeners;
    this.closed = closed;
  }

  /** The open connection, if any (closed with the contributor). */
  private volatile WebSocket current;

  /** Ends the connection (the contributor is closing; connect() no longer reconnects). */
  void close() {
    subscribed.completeExceptionally(new IllegalStateException("the contributor is closed"));
    WebSocket ws = current;
    if (ws != null && !ws.isOutputClosed()) {
      Closing.closeOrAbort(ws);
    }
  }

  void connect() {
    if (closed.getAsBoolean()) {
      return;
    }
    if (watching.compareAndSet(false, true)) {
      scheduler.scheduleAtFixedRate(this::checkAlive, PING_EVERY.toMillis(), PING_EVERY.toMillis(), TimeUnit.MILLISECONDS);
    }
    URI base = endpoints.peek().base();
    tried = base;
    URI ws = URI.create(base.toString().replaceFirst("^http", "ws") + "/v1/ticker");
    http.newWebSocketBuilder().connectTimeout(connectTimeout).buildAsync(ws, this).whenComplete((socket, error) -> {
      if (error != null) {
        reconnect(error);
      } else if (closed.getAsBoolean()) {
        close();
      }
    });
  }

  /** Pings the open connection; one silent for too long is dropped and replaced. */
  private void checkAlive() {
    WebSocket ws = current;
    if (closed.getAsBoolean() || ws == null) {
      return;
    }
    if (System.nanoTime() - lastHeard > SILENT_FOR.toNanos()) {
      synchronized (this) {
        if (current != ws) {
          return; // it ended meanwhile, and its end already reconnects
        }
        current = null; // its own late callbacks, if any, no longer reconnect
      }
      ws.abort();
      reconnect(null);
    } else {
      ws.sendPing(ByteBuffer.allocate(0));
    }
  }

  /**
   * The next attempt, after a backoff that doubles with each failure in a row from about 1 s up to
   * {@link #MAX_RECONNECT_MILLIS}, drawn between half and all of it, and never sooner than a 429 or
   * 503's Retry-After on the upgrade asked; {@code why}: the failed attempt's error, or null.
   */
  private void reconnect(Throwable why) {
    if (closed.getAsBoolean()) {
      return;
    }
    int n = failures.incrementAndGet();
    long wait = reconnectWait(n, RetryAfter.ofUpgrade(why), ThreadLocalRandom.current().nextDouble());
    if (n % WARN_EVERY == 0) {
      System.getLogger(TickerListener.class.getName()).log(System.Logger.Level.WARNING, "the jackpot ticker (last tried at " + tried + ")"
          + " has failed " + n + " times in a row" + (why == null ? "" : " (last: " + why + ")") + "; trying again in " + wait + " ms");
    }
    try {
      scheduler.schedule(this::connect, wait, TimeUnit.MILLISECONDS);
    } catch (RejectedExecutionException closing) {
      // the contributor is closing
    }
  }

  /** The wait before the next attempt after {@code failures} in a row; {@code retryAfterMillis} -1 for none. */
  static long reconnectWait(int failures, long retryAfterMillis, double random) {
    long wait = JitteredBackoff.millis(1_000, MAX_RECONNECT_MILLIS, failures, random);
    return retryAfterMillis < 0 ? wait : JitteredBackoff.afterRetryAfter(retryAfterMillis, wait, random);
  }

  /** A new connection: what a dropped one left half-read is not the start of this one's first message. */
  @Override
  public void onOpen(WebSocket socket) {
    partial.setLength(0);
    lastHeard = System.nanoTime();
    current = socket;
    socket.request(1);
  }

  @Override
  public CompletionStage<?> onPong(WebSocket socket, ByteBuffer message) {
    lastHeard = System.nanoTime();
    socket.request(1);
    return null;
  }

  @Override
  @SuppressWarnings("unchecked")
  public CompletionStage<?> onText(WebSocket socket, CharSequence data, boolean last) {
    lastHeard = System.nanoTime();
    partial.append(data);
    if (last) {
      String text = partial.toString();
      partial.setLength(0);
      handle(text);
    }
    socket.request(1);
    return null;
  }

  /**
   * One whole message, read as JSON whatever its spacing or key order (docs/api.md's own examples are
   * spaced). The snapshot opens the subscription, a win is announced, the rest is ignored, and so
   * is a message that cannot be read. The listeners are called outside any lock, so one that takes
   * long holds up no other connection's messages.
   */
  void handle(String text) {
    Map<String, Object> m;
    Win win = null;
    try {
      m = Wire.map(text);
      if ("win".equals(m.get("type"))) {
        win = Wire.win(m);
      }
    } catch (IOException | RuntimeException unreadable) {
      return;
    }
    failures.set(0); // the ticker speaks: the next drop starts the backoff over
    boolean snapshot = "snapshot".equals(m.get("type"));
    List<Win> told = news.of(snapshot ? m.get("jackpots") : null, win);
    if (snapshot) {
      subscribed.complete(null);
    }
    told.forEach(this::announce);
  }

  /**
   * Every listener hears the win, whatever another one throws. An Error of the game's code (an
   * AssertionError, say) would otherwise drop the connection and hide the win, already told, from
   * the listeners after it. Only the VM's own failures (out of memory, a stack overflow) go on.
   */
  private void announce(Win win) {
    for (var listener : listeners) {
      try {
        listener.accept(win);
      } catch (VirtualMachineError e) {
        throw e;
      } catch (RuntimeException | Error e) {
        System.getLogger(TickerListener.class.getName()).log(System.Logger.Level.WARNING, "a jackpot-won listener failed", e);
      }
    }
  }

  /** Answered by the client itself; here only the demand for the next message is renewed. */
  @Override
  public CompletionStage<?> onPing(WebSocket socket, ByteBuffer message) {
    lastHeard = System.nanoTime();
    socket.request(1);
    return null;
  }

  /** The open connection ended: another one follows (one dropped for silence already has). */
  @Override
  public CompletionStage<?> onClose(WebSocket socket, int code, String reason) {
    ended(socket, null);
    return null;
  }

  @Override
  public void onError(WebSocket socket, Throwable error) {
    ended(socket, error);
  }

  private synchronized void ended(WebSocket socket, Throwable error) {
    if (socket == current) {
      current = null; // nothing to ping until the next one opens
      reconnect(error);
    }
  }
}
