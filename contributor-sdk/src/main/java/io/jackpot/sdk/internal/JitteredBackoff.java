package io.jackpot.sdk.internal;

import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Exponential backoff, each wait drawn between half and all of min(initial × 2^(attempt − 1), max)
 * so that callers failing together spread out, also at the cap; and how a Retry-After stretches it.
 */
final class JitteredBackoff {
  /** The longest Retry-After heeded: a batch waiting holds its in-flight permit and its rounds' buffer slots. */
  static final long MAX_RETRY_AFTER_MILLIS = 30_000;

  private final long initialMillis;
  private final long maxMillis;

  JitteredBackoff(Duration initial, Duration max) {
    this.initialMillis = initial.toMillis();
    this.maxMillis = max.toMillis();
  }

  /** The wait before attempt {@code attempt + 1} (1-based). */
  long millis(int attempt) {
    return millis(initialMillis, maxMillis, attempt, ThreadLocalRandom.current().nextDouble());
  }

  static long millis(long initialMillis, long maxMillis, int attempt, double random) {
    double base = Math.min((double) maxMillis, initialMillis * Math.pow(2, Math.max(0, attempt - 1)));
    // At least 1 ms: resilience4j takes a wait under 1 ms for "give up".
    return Math.max(1, (long) (base / 2 + random * base / 2));
  }

  /**
   * The wait after a Retry-After. Never sooner than the service asked, at most 30 s heeded. Up to
   * half as long again, so that every caller told "1 s" does not come back in the same instant.
   * Never shorter than the backoff either.
   */
  static long afterRetryAfter(long retryAfterMillis, long backoffMillis, double random) {
    long after = Math.min(retryAfterMillis, MAX_RETRY_AFTER_MILLIS);
    return Math.max(1, Math.max(after + (long) (random * after / 2), backoffMillis));
  }
}
