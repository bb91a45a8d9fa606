package io.jackpot.contribution.hz;

import java.io.Serializable;
import java.util.HashMap;
import java.util.Map;

/**
 * The round claims of one bucket (round ids hashed into {@link HzRoundClaims#BUCKETS} buckets):
 * round id → who holds it and until when. Immutable; entry processors replace it whole.
 */
record ClaimBucket(Map<String, Held> claims) implements Serializable {
  static final ClaimBucket EMPTY = new ClaimBucket(Map.of());

  /** A claim: the round's fingerprint, the request's token, and when it lapses (epoch millis). */
  record Held(String fingerprint, String token, long expiresAt) implements Serializable {}

  /** A copy without the claims that lapsed before {@code now}. */
  Map<String, Held> live(long now) {
    Map<String, Held> out = new HashMap<>(claims.size() + 8);
    claims.forEach((id, held) -> {
      if (held.expiresAt() >= now) {
        out.put(id, held);
      }
    });
    return out;
  }
}
