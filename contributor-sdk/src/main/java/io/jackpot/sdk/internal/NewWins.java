package io.jackpot.sdk.internal;

import io.jackpot.sdk.Win;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Which of the ticker's wins are news to the listeners: each win once, and after a reconnect the
 * wins the next snapshot shows that were missed meanwhile. Thread-safe.
 */
final class NewWins {
  /** How many win ids are remembered as told: one in a snapshot and in a win message is told once. */
  private static final int REMEMBERED = 1024;

  /** Per pool ("jackpotId/poolKey"), the sequence of the last win heard of (0 for none); empty until the first snapshot. */
  private final Map<String, Long> lastWins = new HashMap<>();
  private final Set<String> told = Collections.newSetFromMap(new LinkedHashMap<>() {
    @Override
    protected boolean removeEldestEntry(Map.Entry<String, Boolean> eldest) {
      return size() > REMEMBERED;
    }
  });

  /**
   * The wins to tell from one message: a snapshot's {@code jackpots} (or null) and a {@code win}
   * (or null). Remembers them, so none is told twice.
   */
  synchronized List<Win> of(Object jackpots, Win win) {
    List<Win> news = new ArrayList<>();
    if (jackpots != null) {
      missed(jackpots, news);
    }
    if (win != null) {
      heard(win.jackpotId() + "/" + win.poolKey(), win.sequence());
      news.add(win);
    }
    news.removeIf(w -> !told.add(w.winId()));
    return news;
  }

  /** Remembers a pool's win by its sequence; a late message of an older win leaves the newer one. */
  private void heard(String pool, long sequence) {
    lastWins.merge(pool, sequence, Math::max);
  }

  /**
   * Adds the snapshot's last wins that are later than the last heard of for their pools. None for
   * a pool not seen before, so none from the first snapshot: what was won before the game
   * subscribed is not news. Only each pool's last win is shown, which is enough to stop autoplay.
   */
  private void missed(Object jackpots, List<Win> news) {
    for (Object j : jackpots instanceof List<?> list ? list : List.of()) {
      if (j instanceof Map<?, ?> jackpot && jackpot.get("pools") instanceof List<?> pools) {
        for (Object p : pools) {
          if (p instanceof Map<?, ?> pool) {
            missed(jackpot.get("id") + "/" + pool.get("key"), pool.get("lastWin"), news);
          }
        }
      }
    }
  }

  private void missed(String pool, Object lastWin, List<Win> news) {
    Long before = lastWins.get(pool);
    Win last = readable(lastWin);
    long sequence = last == null ? 0 : last.sequence();
    if (before != null && sequence > before) {
      news.add(last);
    }
    heard(pool, sequence);
  }

  @SuppressWarnings("unchecked")
  private static Win readable(Object lastWin) {
    try {
      return lastWin instanceof Map<?, ?> w ? Wire.win((Map<String, Object>) w) : null;
    } catch (RuntimeException unreadable) {
      return null; // not a win it can report
    }
  }
}
