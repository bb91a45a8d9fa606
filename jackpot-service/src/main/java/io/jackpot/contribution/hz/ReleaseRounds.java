package io.jackpot.contribution.hz;

import com.hazelcast.map.EntryProcessor;
import java.util.Map;

/** Removes the claims of one bucket that this request ({@code token}) holds; leaves anyone else's alone. */
record ReleaseRounds(Map<String, String> fingerprints, String token, long now)
    implements EntryProcessor<Integer, ClaimBucket, Boolean> {
  @Override
  public Boolean process(Map.Entry<Integer, ClaimBucket> entry) {
    if (entry.getValue() == null) {
      return false;
    }
    Map<String, ClaimBucket.Held> claims = entry.getValue().live(now);
    fingerprints.forEach((round, fingerprint) -> {
      ClaimBucket.Held held = claims.get(round);
      if (held != null && held.token().equals(token) && held.fingerprint().equals(fingerprint)) {
        claims.remove(round);
      }
    });
    entry.setValue(claims.isEmpty() ? null : new ClaimBucket(claims));
    return true;
  }
}
