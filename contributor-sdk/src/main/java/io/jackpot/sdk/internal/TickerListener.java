package io.jackpot.sdk.internal;

import io.jackpot.sdk.Win;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
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
 * Follows the live ticker and hands every win to the listeners; reconnects whenever it drops, when
 * an attempt is not upgraded within its connect timeout, and
 * when it has heard nothing for {@link #SILENT_FOR} (a peer gone without closing: a
 * cut network, a host powered off): it pings every {@link #PING_EVERY}, and the service answers.
 * A win made while it was not connected is told from the next connection's snapshot, which shows
 * each pool's last win: the last one of each pool it already knew, not every one (a game told
 * to stop autoplay needs one), and not those of pools it had never seen.
 */
final class TickerListener implements WebSocket.Listener {
  static final Duration PING_EVERY = Duration.ofSeconds(15);
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
  /** Per pool ("jackpotId/poolKey"), the sequence of the last win heard of (0 for none); empty until the first snapshot. */
  private final Map<String, Long> lastWins = new HashMap<>();
  /** The ids of the last wins told (at most {@link #REMEMBERED}): one in a snapshot and in a win message is told once. */
  private final Set<String> told = Collections.newSetFromMap(new LinkedHashMap<>() {
    @Override
    protected boolean removeEldestEntry(Map.Entry<String, Boolean> eldest) {
      return size() > REMEMBERED;
    }
  });
  private static final int REMEMBERED = 1024;
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
   * One whole message, read as JSON whatever its spacing or key order (API.md's own examples are
   * spaced): the snapshot opens the subscription and tells the wins missed since the last
   * connection, a win is announced, the rest is ignored. A message that cannot be read is not one
   * to act on. The listeners are called outside the lock, so one that takes long holds up no other
   * connection's messages.
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
    List<Win> news = new ArrayList<>();
    synchronized (this) {
      if ("snapshot".equals(m.get("type"))) {
        missed(m.get("jackpots"), news);
      }
      if (win != null) {
        heard(win.jackpotId() + "/" + win.poolKey(), win.sequence());
        news.add(win);
      }
      news.removeIf(w -> !told.add(w.winId()));
    }
    if ("snapshot".equals(m.get("type"))) {
      subscribed.complete(null);
    }
    news.forEach(this::announce);
  }

  /** Remembers a pool's win by its sequence; a late message of an older win leaves the newer one. */
  private void heard(String pool, long sequence) {
    lastWins.merge(pool, sequence, Math::max);
  }

  /**
   * Adds to {@code news} the snapshot's last wins that are later than the last this listener heard
   * of for their pools; none for a pool it had not seen (so none from the first snapshot: what was
   * won before the game subscribed is not news). Remembers them.
   */
  private void missed(Object jackpots, List<Win> news) {
    for (Object j : jackpots instanceof List<?> list ? list : List.of()) {
      if (!(j instanceof Map<?, ?> jackpot) || !(jackpot.get("pools") instanceof List<?> pools)) {
        continue;
      }
      for (Object p : pools) {
        if (!(p instanceof Map<?, ?> pool)) {
          continue;
        }
        String key = jackpot.get("id") + "/" + pool.get("key");
        Long before = lastWins.get(key);
        Win last = null;
        try {
          if (pool.get("lastWin") instanceof Map<?, ?> w) {
            @SuppressWarnings("unchecked")
            Win read = Wire.win((Map<String, Object>) w);
            last = read;
          }
        } catch (RuntimeException unreadable) {
          // not a win it can report
        }
        long sequence = last == null ? 0 : last.sequence();
        if (before != null && sequence > before) {
          news.add(last);
        }
        heard(key, sequence);
      }
    }
  }

  /**
   * Every listener hears the win, whatever another one throws: an exception, or an Error of the
   * game's code (an AssertionError, say) that would otherwise drop the connection
   * and, the win being marked as told, hide it from the listeners after it. Only the VM's own
   * failures (out of memory, a stack overflow) go on.
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
