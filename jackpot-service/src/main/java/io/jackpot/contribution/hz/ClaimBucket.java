package io.jackpot.contribution.hz;

import java.io.Serializable;
import java.util.HashMap;
import java.util.Set;

/**
 * The round claims of one bucket (round ids hashed into {@link HzRoundClaims#BUCKETS} buckets):
 * round id → who holds it and until when. Changed in place by the entry processors, on the
 * bucket's partition thread only (the map keeps objects, and the backup replays the same
 * processor on its own copy); copying the bucket on every call cost about 10% of the service's CPU.
 */
record ClaimBucket(HashMap<String, Held> claims) implements Serializable {
  /** Lapsed claims are swept out once a bucket holds more than this. */
  static final int SWEEP_ABOVE = 256;

  static ClaimBucket empty() {
    return new ClaimBucket(new HashMap<>());
  }

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

  /** The claim on {@code round} that still stands, or null. */
  Held standing(String round, long now, Set<String> released) {
    Held held = claims.get(round);
    return held == null || held.standsNot(now, released) ? null : held;
  }

  /** Removes lapsed claims when the bucket has grown (claims are normally released, not left to lapse). */
  void sweep(long now) {
    if (claims.size() > SWEEP_ABOVE) {
      claims.values().removeIf(h -> h.expiresAt() < now);
    }
  }

}
