package io.jackpot.contribution.hz;

import com.hazelcast.map.EntryProcessor;
import io.jackpot.contribution.RoundClaims.Claim;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/**
 * Claims the given rounds of one bucket for one request of member {@code holder}: absent → claimed
 * for it (NEW); held with the same fingerprint → SAME; with another → DIFFERENT. A claim of a
 * {@code released} member (gone, its work all recorded; ClaimHolders) counts as absent.
 * Deterministic: the time and the released holders come in.
 */
record ClaimRounds(Map<String, String> fingerprints, String token, String holder, long now, long ttlMillis, Set<String> released)
    implements EntryProcessor<Integer, ClaimBucket, Map<String, Claim>> {
  @Override
  public Map<String, Claim> process(Map.Entry<Integer, ClaimBucket> entry) {
    ClaimBucket bucket = entry.getValue() == null ? ClaimBucket.empty() : entry.getValue();
    Map<String, Claim> out = new HashMap<>();
    fingerprints.forEach((round, fingerprint) -> {
      ClaimBucket.Held held = bucket.standing(round, now, released);
      if (held == null) {
        bucket.claims().put(round, new ClaimBucket.Held(fingerprint, token, now + ttlMillis, holder));
        out.put(round, Claim.NEW);
      } else {
        out.put(round, held.fingerprint().equals(fingerprint) ? Claim.SAME : Claim.DIFFERENT);
      }
    });
    bucket.sweep(now);
    entry.setValue(bucket); // changed in place; setValue makes the change count
    return out;
  }
}
