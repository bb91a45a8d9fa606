package io.jackpot.ticker.http;

import io.jackpot.fx.Display;
import io.jackpot.http.WebSockets;
import io.vertx.core.Context;
import io.vertx.core.buffer.Buffer;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BiFunction;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * This member's ticker subscribers, grouped by the event loop of their connection. A serialised
 * message goes to each loop once; a subscriber whose write queue is full is dropped at once.
 *
 * <p>Groups are per loop thread, not per context: each HTTP request has a context of its own, so
 * groups per context would grow with every connection ever made.
 */
public final class TickerHub {
  private static final Logger log = LoggerFactory.getLogger(TickerHub.class);

  /** One event loop's subscribers, and a context on that loop to reach them; the set is touched on that loop only. */
  private record Loop(Context context, Set<Subscriber> subscribers) {}

  private final Map<Thread, Loop> byLoop = new ConcurrentHashMap<>();
  private final AtomicInteger size = new AtomicInteger();
  /** Subscribers by client address (present while it has any). */
  private final Map<String, AtomicInteger> byClient = new ConcurrentHashMap<>();
  private final AtomicLong dropped = new AtomicLong();
  private final Function<String, Optional<Display>> displayNow;

  /** {@code displayNow}: how a currency is shown at the rates in force (empty: it cannot be, having no rate). */
  public TickerHub(Function<String, Optional<Display>> displayNow) {
    this.displayNow = displayNow;
  }

  /** Registers a subscriber; call on the subscriber's own context (its connection's event loop). */
  public void add(Subscriber s) {
    if (!Context.isOnEventLoopThread()) {
      throw new IllegalStateException("a ticker subscriber is added on its connection's event loop");
    }
    s.socket.closeHandler(v -> remove(s));
    s.socket.pongHandler(b -> s.lastPong = System.currentTimeMillis());
    if (s.socket.isClosed()) {
      return; // gone before it was added: its close handler may never run
    }
    s.loop = Thread.currentThread();
    byLoop.computeIfAbsent(s.loop, t -> new Loop(s.context, new HashSet<>())).subscribers().add(s);
    size.incrementAndGet();
    byClient.compute(s.client, (k, n) -> {
      AtomicInteger count = n == null ? new AtomicInteger() : n;
      count.incrementAndGet();
      return count;
    });
  }

  private void remove(Subscriber s) {
    Loop loop = s.loop == null ? null : byLoop.get(s.loop);
    if (loop != null && loop.subscribers().remove(s)) {
      size.decrementAndGet();
      byClient.computeIfPresent(s.client, (k, n) -> n.decrementAndGet() == 0 ? null : n);
    }
  }

  /** The subscribers of one client address. */
  public int from(String client) {
    AtomicInteger n = byClient.get(client);
    return n == null ? 0 : n.get();
  }

  /** How many event loops hold subscribers' groups (each broadcast visits each once). */
  int loops() {
    return byLoop.size();
  }

  /**
   * Writes one message (read at {@code at}; a win or an update) to every subscriber that follows
   * any of {@code jackpotIds} (one that follows all jackpots follows those defined since it came). {@code variant} makes the message for a display currency (null:
   * none) and the followed jackpots among {@code jackpotIds}, in their order; each variant is made
   * once per broadcast, whatever the number of subscribers.
   */
  public void broadcast(List<String> jackpotIds, long at, boolean win,
      BiFunction<Display, List<String>, String> variant) {
    Map<List<Object>, String> made = new ConcurrentHashMap<>();
    Map<String, Optional<Display>> displays = new ConcurrentHashMap<>();
    byLoop.values().forEach(loop -> loop.context().runOnContext(v -> {
      for (Subscriber s : Set.copyOf(loop.subscribers())) {
        List<String> followed = s.jackpots == null ? jackpotIds : jackpotIds.stream().filter(s.jackpots::contains).toList();
        if (followed.isEmpty()) {
          continue;
        }
        // At the rate in force now, not the one at connect; a currency whose rate was withdrawn is shown no more.
        Display display = s.currency == null ? null
            : displays.computeIfAbsent(s.currency, displayNow::apply).orElse(null);
        String message = made.computeIfAbsent(List.of(display == null ? "" : display.currency(), followed),
            k -> variant.apply(display, followed));
        if (s.pending != null) {
          s.pending.add(new Subscriber.Pending(at, win, message));
        } else {
          write(s, message);
        }
      }
    }));
  }

  /**
   * Writes to one subscriber; one whose socket is closing is let go. Vert.x throws on a socket
   * whose peer has sent its close frame (before the close handler runs): that must not cost the
   * subscribers after it in the loop their message.
   */
  private void write(Subscriber s, String message) {
    try {
      writeOrDrop(s, message);
    } catch (IllegalStateException closing) {
      remove(s);
    }
  }

  private void writeOrDrop(Subscriber s, String message) {
    if (s.socket.isClosed()) {
      remove(s);
      return;
    }
    if (s.socket.writeQueueFull()) {
      remove(s);
      dropped.incrementAndGet();
      log.info("ticker subscriber {} dropped: it does not read (write queue full)", s.socket.remoteAddress());
      // The close frame waits behind what it has not read: if it never reads, the connection is cut.
      WebSockets.closeOrAbort(s.context.owner(), s.socket, s.connection, (short) 1008, "too slow: write queue full");
      return;
    }
    s.socket.writeTextMessage(message);
  }

  /** Pings every subscriber; closes those that did not answer the previous ping. */
  public void ping() {
    long now = System.currentTimeMillis();
    byLoop.values().forEach(loop -> loop.context().runOnContext(v -> {
      for (Subscriber s : Set.copyOf(loop.subscribers())) {
        if (s.socket.isClosed()) {
          remove(s);
          continue;
        }
        try {
          if (s.lastPong < s.lastPing) {
            remove(s);
            WebSockets.closeOrAbort(s.context.owner(), s.socket, s.connection, (short) 1001, "no answer to ping");
            continue;
          }
          s.lastPing = now;
          s.socket.writePing(Buffer.buffer("t"));
        } catch (IllegalStateException closing) {
          remove(s); // closing meanwhile (see write)
        }
      }
    }));
  }

  public int size() {
    return size.get();
  }

  public long dropped() {
    return dropped.get();
  }
}
