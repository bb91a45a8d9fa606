package io.jackpot.contribution.hz;

import com.hazelcast.map.EntryProcessor;
import java.util.Map;

/**
 * Removes the claims on {@code rounds[i]} (content {@code fingerprints[i]}) of one bucket that this
 * request ({@code token}) holds; leaves anyone else's alone. Answers nothing (no response to
 * serialise).
 */
record ReleaseRounds(String[] rounds, String[] fingerprints, String token, long now)
    implements EntryProcessor<Integer, ClaimBucket, Void> {
  ReleaseRounds {
    if (rounds.length != fingerprints.length) {
      throw new IllegalArgumentException(rounds.length + " rounds but " + fingerprints.length + " fingerprints");
    }
  }

  @Override
  public Void process(Map.Entry<Integer, ClaimBucket> entry) {
    ClaimBucket bucket = entry.getValue();
    if (bucket == null) {
      return null;
    }
    for (int i = 0; i < rounds.length; i++) {
      ClaimBucket.Held held = bucket.claims().get(rounds[i]);
      if (held != null && held.token().equals(token) && held.fingerprint().equals(fingerprints[i])) {
        bucket.claims().remove(rounds[i]);
      }
    }
    bucket.sweep(now);
    entry.setValue(bucket.claims().isEmpty() ? null : bucket);
    return null;
  }
}
