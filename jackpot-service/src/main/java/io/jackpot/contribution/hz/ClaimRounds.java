package io.jackpot.contribution.hz;

import com.hazelcast.map.EntryProcessor;
import io.jackpot.contribution.RoundClaims.Claim;
import java.util.Map;

/** Claims each round id for its fingerprint unless already claimed; deterministic. */
record ClaimRounds(Map<String, String> fingerprints) implements EntryProcessor<String, String, Claim> {
  @Override
  public Claim process(Map.Entry<String, String> entry) {
    String mine = fingerprints.get(entry.getKey());
    String held = entry.getValue();
    if (held == null) {
      entry.setValue(mine);
      return Claim.NEW;
    }
    return held.equals(mine) ? Claim.SAME : Claim.DIFFERENT;
  }
}
