package io.jackpot.award.http;

import io.github.resilience4j.ratelimiter.RateLimiter;
import io.github.resilience4j.ratelimiter.RateLimiterConfig;
import io.github.resilience4j.ratelimiter.RateLimiterRegistry;
import io.jackpot.error.ErrorCode;
import io.jackpot.error.Rejection;
import java.time.Duration;

/**
 * Claims per game key per second on this member (JACKPOT_CLAIMS_PER_SECOND): a leaked or faulty key
 * cannot try round ids as fast as it can send them. Claims are rare, so a game well within its
 * wins never meets the limit.
 */
final class ClaimLimits {
  private final RateLimiterRegistry limiters;
  private final int perSecond;

  ClaimLimits(int perSecond) {
    this(perSecond, Duration.ofSeconds(1));
  }

  ClaimLimits(int perPeriod, Duration period) {
    this.perSecond = perPeriod;
    this.limiters = RateLimiterRegistry.of(RateLimiterConfig.custom().limitForPeriod(perPeriod)
        .limitRefreshPeriod(period).timeoutDuration(Duration.ZERO).build());
  }

  /** Takes one claim of the key with hash {@code keyHash}, or refuses it (429 TOO_MANY_CLAIMS). */
  void take(String keyHash) {
    RateLimiter limiter = limiters.rateLimiter(keyHash);
    if (!limiter.acquirePermission()) {
      throw new Rejection(Rejection.Kind.TOO_MANY, ErrorCode.TOO_MANY_CLAIMS, "this game key made more than " + perSecond
          + " claims in the last second; nothing was paid: send the claim again after Retry-After");
    }
  }
}
