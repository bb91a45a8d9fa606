package io.jackpot.contribution.hz;

import com.hazelcast.map.IMap;
import io.jackpot.contribution.RoundClaims;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;

/**
 * Round claims in a Hazelcast IMap (round id → fingerprint|token) whose entries expire by map TTL.
 * Results are handed over on {@code callbacks}, never on a partition thread (see HzPools).
 */
public final class HzRoundClaims implements RoundClaims {
  public static final String MAP = "jackpot.round-claims";

  private final IMap<String, String> map;
  private final Executor callbacks;

  public HzRoundClaims(IMap<String, String> map, Executor callbacks) {
    this.map = map;
    this.callbacks = callbacks;
  }

  @Override
  public CompletionStage<Map<String, Claim>> claim(Map<String, String> fingerprintByRound, String token) {
    Map<String, String> copy = new HashMap<>(fingerprintByRound);
    return map.submitToKeys(copy.keySet(), new ClaimRounds(copy, token)).thenApplyAsync(claims -> claims, callbacks);
  }

  @Override
  public CompletionStage<Void> release(Map<String, String> fingerprintByRound, String token) {
    Map<String, String> copy = new HashMap<>(fingerprintByRound);
    return map.submitToKeys(copy.keySet(), new ReleaseRounds(copy, token)).thenApplyAsync(r -> null, callbacks);
  }
}
