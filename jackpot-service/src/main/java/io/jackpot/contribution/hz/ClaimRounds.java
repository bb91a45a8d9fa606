package io.jackpot.contribution.hz;

import com.hazelcast.map.EntryProcessor;
import io.jackpot.contribution.RoundClaims.Claim;
import java.util.Map;

/**
 * Claims each round id for its fingerprint unless already claimed; deterministic. The stored
 * value is {@code fingerprint|token}, the token naming the request that holds the claim.
 */
record ClaimRounds(Map<String, String> fingerprints, String token) implements EntryProcessor<String, String, Claim> {
  @Override
  public Claim process(Map.Entry<String, String> entry) {
    String mine = fingerprints.get(entry.getKey());
    String held = entry.getValue();
    if (held == null) {
      entry.setValue(mine + "|" + token);
      return Claim.NEW;
    }
    return held.startsWith(mine + "|") ? Claim.SAME : Claim.DIFFERENT;
  }
}
