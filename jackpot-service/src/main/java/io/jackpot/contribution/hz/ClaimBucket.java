package io.jackpot.contribution.hz;

import java.io.Serializable;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/**
 * The round claims of one bucket (round ids hashed into {@link HzRoundClaims#BUCKETS} buckets):
 * round id → who holds it and until when. Immutable; entry processors replace it whole.
 */
record ClaimBucket(Map<String, Held> claims) implements Serializable {
  static final ClaimBucket EMPTY = new ClaimBucket(Map.of());

  /**
   * A claim: the round's fingerprint, the request's token, when it lapses (epoch millis), and the
   * member holding it.
   */
  record Held(String fingerprint, String token, long expiresAt, String holder) implements Serializable {}

  /** A copy without the claims that lapsed before {@code now}. */
  Map<String, Held> live(long now) {
    return live(now, null);
  }

  /**
   * A copy without the claims that lapsed before {@code now}, nor those of holders outside
   * {@code respected} (members gone whose work is all recorded; null respects every holder).
   */
  Map<String, Held> live(long now, Set<String> respected) {
    Map<String, Held> out = new HashMap<>(claims.size() + 8);
    claims.forEach((id, held) -> {
      if (held.expiresAt() >= now && (respected == null || respected.contains(held.holder()))) {
        out.put(id, held);
      }
    });
    return out;
  }
}
