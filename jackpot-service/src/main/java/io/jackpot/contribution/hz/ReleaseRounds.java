package io.jackpot.contribution.hz;

import com.hazelcast.map.EntryProcessor;
import java.util.Map;

/** Removes the claims of one bucket that this request ({@code token}) holds; leaves anyone else's alone. */
record ReleaseRounds(Map<String, String> fingerprints, String token, long now)
    implements EntryProcessor<Integer, ClaimBucket, Boolean> {
  @Override
  public Boolean process(Map.Entry<Integer, ClaimBucket> entry) {
    ClaimBucket bucket = entry.getValue();
    if (bucket == null) {
      return false;
    }
    fingerprints.forEach((round, fingerprint) -> {
      ClaimBucket.Held held = bucket.claims().get(round);
      if (held != null && held.token().equals(token) && held.fingerprint().equals(fingerprint)) {
        bucket.claims().remove(round);
      }
    });
    bucket.sweep(now);
    entry.setValue(bucket.claims().isEmpty() ? null : bucket);
    return true;
  }
}
