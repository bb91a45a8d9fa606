package io.jackpot.contribution.hz;

import java.io.Serializable;
import java.util.HashMap;
import java.util.Set;

/**
 * The round claims of one bucket (HzRoundClaims#bucketOf): round key → holder and expiry.
 * Changed in place on the bucket's partition thread only; copying it per call cost about 10% of
 * the CPU. The backup replays the same processor, so decisions depend only on bucket and fields.
 */
final class ClaimBucket implements Serializable {
  private static final long serialVersionUID = 1L;
  /** Lapsed claims are swept out once a bucket holds more than this... */
  static final int SWEEP_ABOVE = 256;
  /** ...at most once per this many milliseconds (a bucket holds a game instance's rounds in flight). */
  static final long SWEEP_EVERY_MILLIS = 1_000;

  private final HashMap<String, Held> claims = new HashMap<>();
  private long nextSweepAt = Long.MIN_VALUE;

  /**
   * A claim: the round's fingerprint, the request's token, when it lapses (epoch millis), and the
   * member holding it.
   */
  record Held(String fingerprint, String token, long expiresAt, String holder) implements Serializable {
    /** Lapsed at {@code now}, or held by a {@code released} member (ClaimHolders). */
    boolean standsNot(long now, Set<String> released) {
      return expiresAt < now || (released != null && released.contains(holder));
    }
  }

  HashMap<String, Held> claims() {
    return claims;
  }

  /** The claim on {@code round} that still stands, or null. */
  Held standing(String round, long now, Set<String> released) {
    Held held = claims.get(round);
    return held == null || held.standsNot(now, released) ? null : held;
  }

  /**
   * Removes lapsed claims when the bucket has grown, at most once a second (claims are normally
   * released, not left to lapse; a scan on every call cost as much as the claims themselves).
   */
  void sweep(long now) {
    if (claims.size() > SWEEP_ABOVE && now >= nextSweepAt) {
      claims.values().removeIf(h -> h.expiresAt() < now);
      nextSweepAt = now + SWEEP_EVERY_MILLIS;
    }
  }
}
