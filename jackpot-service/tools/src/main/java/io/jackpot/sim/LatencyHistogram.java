package io.jackpot.sim;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Latencies in 100 µs steps up to 60 s (longer ones in the last step, the true maximum kept
 * apart). Thread-safe; percentiles are the upper edge of their step, so never flattering.
 */
public final class LatencyHistogram {
  private static final long STEP_NANOS = 100_000;
  private static final int STEPS = 600_000;

  private final AtomicLongArray counts = new AtomicLongArray(STEPS);
  private final AtomicLong total = new AtomicLong();
  private final AtomicLong max = new AtomicLong();

  public void record(long nanos) {
    long n = Math.max(0, nanos);
    counts.incrementAndGet((int) Math.min(STEPS - 1, n / STEP_NANOS));
    total.incrementAndGet();
    max.accumulateAndGet(n, Math::max);
  }

  public long count() {
    return total.get();
  }

  /** The latency at or under which a {@code perMille}/1000 share of the recorded ones lie, in µs. */
  public long percentileMicros(int perMille) {
    long n = total.get();
    if (n == 0) {
      return 0;
    }
    long rank = Math.max(1, (n * perMille + 999) / 1000);
    long seen = 0;
    for (int i = 0; i < STEPS; i++) {
      seen += counts.get(i);
      if (seen >= rank) {
        if (i == STEPS - 1) {
          return maxMicros(); // the last step holds everything from 60 s up
        }
        return Math.min((i + 1) * STEP_NANOS, Math.max(max.get(), i * STEP_NANOS)) / 1000;
      }
    }
    return maxMicros();
  }

  public long maxMicros() {
    return max.get() / 1000;
  }
}
