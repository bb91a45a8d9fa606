package io.jackpot.contribution.hz;

import com.hazelcast.map.IMap;
import io.jackpot.contribution.RoundClaims;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;

/**
 * Round claims sharded over {@link #BUCKETS} entries of a Hazelcast IMap (bucket → claims). A
 * request makes one atomic call per bucket its rounds fall in, each carrying only its own rounds:
 * one submitToKeys over all rounds would run on every partition and hash every key there
 * (partitions × keys per request), which profiling showed to dominate the service. Claims lapse
 * after the configured TTL (checked with the time passed in, so entry processors stay deterministic).
 * Results are handed over on {@code callbacks}, never on a partition thread (see HzPools).
 */
public final class HzRoundClaims implements RoundClaims {
  public static final String MAP = "jackpot.round-claim-buckets";
  public static final int BUCKETS = 64;

  private final IMap<Integer, ClaimBucket> map;
  private final Executor callbacks;
  private final Clock clock;
  private final long ttlMillis;
  private final String memberId;
  private final java.util.function.Supplier<java.util.Set<String>> released;

  /**
   * @param memberId this member's id, recorded as the holder of its claims
   * @param released the holders whose claims count as absent (ClaimHolders)
   */
  public HzRoundClaims(IMap<Integer, ClaimBucket> map, Executor callbacks, Clock clock, long ttlMillis, String memberId,
      java.util.function.Supplier<java.util.Set<String>> released) {
    this.memberId = memberId;
    this.released = released;
    this.map = map;
    this.callbacks = callbacks;
    this.clock = clock;
    this.ttlMillis = ttlMillis;
  }

  @Override
  public CompletionStage<Map<String, Claim>> claim(Map<String, String> fingerprintByRound, String token) {
    long now = clock.millis();
    java.util.Set<String> gone = released.get();
    List<CompletableFuture<Map<String, Claim>>> calls = new ArrayList<>();
    byBucket(fingerprintByRound).forEach((bucket, rounds) ->
        calls.add(map.submitToKey(bucket, new ClaimRounds(rounds, token, memberId, now, ttlMillis, gone)).toCompletableFuture()));
    return CompletableFuture.allOf(calls.toArray(CompletableFuture[]::new)).thenApplyAsync(v -> {
      Map<String, Claim> out = new HashMap<>();
      calls.forEach(c -> out.putAll(c.join()));
      return out;
    }, callbacks);
  }

  @Override
  public CompletionStage<Void> release(Map<String, String> fingerprintByRound, String token) {
    long now = clock.millis();
    List<CompletableFuture<Boolean>> calls = new ArrayList<>();
    byBucket(fingerprintByRound).forEach((bucket, rounds) ->
        calls.add(map.submitToKey(bucket, new ReleaseRounds(rounds, token, now)).toCompletableFuture()));
    return CompletableFuture.allOf(calls.toArray(CompletableFuture[]::new)).thenApplyAsync(v -> null, callbacks);
  }

  static Map<Integer, Map<String, String>> byBucket(Map<String, String> rounds) {
    Map<Integer, Map<String, String>> out = new HashMap<>();
    rounds.forEach((round, fp) -> out.computeIfAbsent(Math.floorMod(round.hashCode(), BUCKETS), b -> new HashMap<>()).put(round, fp));
    return out;
  }
}
