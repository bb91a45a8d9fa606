package io.jackpot.http;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Counts events and says when to log them: the first at once, then at most once per
 * {@code every}, with how many came since the last line. Thread-safe; for refusals that a busy
 * client can trigger thousands of times a second (one log line each would flood the log).
 */
public final class Throttled {
  private final long everyNanos;
  private final AtomicLong pending = new AtomicLong();
  private final AtomicLong lastLogged = new AtomicLong(Long.MIN_VALUE);

  public Throttled(Duration every) {
    this.everyNanos = every.toNanos();
  }

  /** One more event at {@code nowNanos}: how many to report now (this one included), or 0 to stay quiet. */
  public long count(long nowNanos) {
    pending.incrementAndGet();
    long last = lastLogged.get();
    if (last != Long.MIN_VALUE && nowNanos - last < everyNanos) {
      return 0;
    }
    return lastLogged.compareAndSet(last, nowNanos) ? pending.getAndSet(0) : 0;
  }
}
