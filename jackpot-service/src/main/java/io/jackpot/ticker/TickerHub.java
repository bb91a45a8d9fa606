package io.jackpot.ticker;

import io.vertx.core.Context;
import io.vertx.core.buffer.Buffer;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * This member's ticker subscribers, grouped by the event loop that owns their connection, so that a
 * message already serialised is handed to each loop once and written there to its subscribers. A
 * subscriber whose write queue is full is dropped at once; the others are not held up.
 */
public final class TickerHub {
  private static final Logger log = LoggerFactory.getLogger(TickerHub.class);

  private final Map<Context, Set<Subscriber>> byContext = new ConcurrentHashMap<>();
  private final AtomicInteger size = new AtomicInteger();
  private final AtomicLong dropped = new AtomicLong();

  /** Registers a subscriber; call on the subscriber's own context. */
  public void add(Subscriber s) {
    byContext.computeIfAbsent(s.context, c -> new HashSet<>()).add(s);
    size.incrementAndGet();
    s.socket.closeHandler(v -> remove(s));
    s.socket.pongHandler(b -> s.lastPong = System.currentTimeMillis());
  }

  private void remove(Subscriber s) {
    Set<Subscriber> set = byContext.get(s.context);
    if (set != null && set.remove(s)) {
      size.decrementAndGet();
    }
  }

  /**
   * Writes a message (read at {@code at}; a win or an update) to every subscriber that follows
   * {@code jackpotId}. {@code variant} makes the message for a display currency (null: none); each
   * variant is made once per broadcast, whatever the number of subscribers.
   */
  public void broadcast(String jackpotId, long at, boolean win, java.util.function.Function<io.jackpot.fx.Display, String> variant) {
    Map<Object, String> made = new ConcurrentHashMap<>();
    byContext.forEach((context, subscribers) -> context.runOnContext(v -> {
      for (Subscriber s : Set.copyOf(subscribers)) {
        if (s.jackpots.contains(jackpotId)) {
          String message = made.computeIfAbsent(s.display == null ? "" : s.display, k -> variant.apply(s.display));
          if (s.pending != null) {
            s.pending.add(new Subscriber.Pending(at, win, message));
          } else {
            write(s, message);
          }
        }
      }
    }));
  }

  private void write(Subscriber s, String message) {
    if (s.socket.writeQueueFull()) {
      remove(s);
      dropped.incrementAndGet();
      log.info("ticker subscriber {} dropped: it does not read (write queue full)", s.socket.remoteAddress());
      s.socket.close((short) 1008, "too slow: write queue full");
      return;
    }
    s.socket.writeTextMessage(message);
  }

  /** Pings every subscriber; closes those that did not answer the previous ping. */
  public void ping() {
    long now = System.currentTimeMillis();
    byContext.forEach((context, subscribers) -> context.runOnContext(v -> {
      for (Subscriber s : Set.copyOf(subscribers)) {
        if (s.lastPong < s.lastPing) {
          remove(s);
          s.socket.close((short) 1001, "no answer to ping");
          continue;
        }
        s.lastPing = now;
        s.socket.writePing(Buffer.buffer("t"));
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
