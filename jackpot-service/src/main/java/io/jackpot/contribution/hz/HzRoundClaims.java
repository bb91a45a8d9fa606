package io.jackpot.contribution.hz;

import com.hazelcast.map.IMap;
import io.jackpot.contribution.RoundClaims;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletionStage;

/** Round claims in a Hazelcast IMap (round id → fingerprint) whose entries expire by map TTL. */
public final class HzRoundClaims implements RoundClaims {
  public static final String MAP = "jackpot.round-claims";

  private final IMap<String, String> map;

  public HzRoundClaims(IMap<String, String> map) {
    this.map = map;
  }

  @Override
  public CompletionStage<Map<String, Claim>> claim(Map<String, String> fingerprintByRound) {
    Map<String, String> copy = new HashMap<>(fingerprintByRound);
    return map.submitToKeys(copy.keySet(), new ClaimRounds(copy));
  }

  @Override
  public CompletionStage<Void> release(Map<String, String> fingerprintByRound) {
    Map<String, String> copy = new HashMap<>(fingerprintByRound);
    return map.submitToKeys(copy.keySet(), new ReleaseRounds(copy)).thenApply(r -> null);
  }
}
