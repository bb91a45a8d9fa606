package io.jackpot.contribution.hz;

import com.hazelcast.map.IMap;
import io.jackpot.contribution.RoundClaims;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Round claims sharded over {@link #BUCKETS} entries of a Hazelcast IMap (bucket → claims).
 *
 * <p>A request makes one atomic call per bucket, carrying only its rounds. One submitToKeys over
 * all rounds would hash every key on every partition, which dominated the service's CPU. Rounds
 * numbered in sequence share a bucket ({@link #bucketOf}), so a batch is one or two calls. Claims
 * lapse by TTL against the time passed in. Results are handed over on {@code callbacks}, never on
 * a partition thread (see HzPools).
 */
public final class HzRoundClaims implements RoundClaims {
  public static final String MAP = "jackpot.round-claim-buckets";
  public static final int BUCKETS = 64;
  /** Rounds whose ids differ only in their last this-many digits share a bucket ({@link #bucketOf}). */
  static final int FAMILY_DIGITS = 3;

  private final IMap<Integer, ClaimBucket> map;
  private final Executor callbacks;
  private final Clock clock;
  private final long ttlMillis;
  private final String memberId;
  private final Supplier<Set<String>> released;

  /**
   * @param memberId this member's id, recorded as the holder of its claims
   * @param released the holders whose claims count as absent (ClaimHolders)
   */
  public HzRoundClaims(IMap<Integer, ClaimBucket> map, Executor callbacks, Clock clock, long ttlMillis, String memberId,
      Supplier<Set<String>> released) {
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
    Set<String> gone = released.get();
    List<ClaimRounds> asks = new ArrayList<>();
    List<CompletableFuture<byte[]>> calls = new ArrayList<>();
    byBucket(fingerprintByRound).forEach((bucket, rounds) -> {
      ClaimRounds ask = new ClaimRounds(rounds.ids(), rounds.fingerprints(), token, memberId, now, ttlMillis, gone);
      asks.add(ask);
      calls.add(map.submitToKey(bucket, ask).toCompletableFuture());
    });
    return CompletableFuture.allOf(calls.toArray(CompletableFuture[]::new)).thenApplyAsync(v -> {
      Map<String, Claim> out = new HashMap<>(fingerprintByRound.size() * 2);
      for (int c = 0; c < calls.size(); c++) {
        String[] rounds = asks.get(c).rounds();
        byte[] codes = calls.get(c).join();
        for (int i = 0; i < codes.length; i++) {
          out.put(rounds[i], ClaimRounds.decode(codes[i]));
        }
      }
      return out;
    }, callbacks);
  }

  @Override
  public CompletionStage<Void> release(Map<String, String> fingerprintByRound, String token) {
    long now = clock.millis();
    List<CompletableFuture<Void>> calls = new ArrayList<>();
    byBucket(fingerprintByRound).forEach((bucket, rounds) ->
        calls.add(map.submitToKey(bucket, new ReleaseRounds(rounds.ids(), rounds.fingerprints(), token, now)).toCompletableFuture()));
    return CompletableFuture.allOf(calls.toArray(CompletableFuture[]::new)).thenApplyAsync(v -> null, callbacks);
  }

  @Override
  public CompletionStage<Void> keep(Collection<String> rounds, long untilMillis) {
    List<CompletableFuture<Void>> calls = new ArrayList<>();
    grouped(rounds, r -> r).forEach((bucket, list) ->
        calls.add(map.submitToKey(bucket, new KeepRounds(list.toArray(String[]::new), untilMillis)).toCompletableFuture()));
    return CompletableFuture.allOf(calls.toArray(CompletableFuture[]::new)).thenApplyAsync(v -> null, callbacks);
  }

  /**
   * A plain read of the round's bucket, which members of earlier releases serve as well (no entry
   * processor of a new kind, which they could not run during a rolling update).
   */
  @Override
  public CompletionStage<Boolean> held(String round) {
    long now = clock.millis();
    Set<String> gone = released.get();
    return map.getAsync(bucketOf(round)).toCompletableFuture()
        .thenApplyAsync(bucket -> bucket != null && bucket.standing(round, now, gone) != null, callbacks);
  }

  /** {@code items} grouped by the bucket of their round ({@link #bucketOf}). */
  private static <T> Map<Integer, List<T>> grouped(Collection<T> items, Function<T, String> round) {
    Map<Integer, List<T>> grouped = new HashMap<>();
    items.forEach(item -> grouped.computeIfAbsent(bucketOf(round.apply(item)), b -> new ArrayList<>()).add(item));
    return grouped;
  }

  /** The rounds of one bucket, ids and fingerprints side by side. */
  record Rounds(String[] ids, String[] fingerprints) {}

  static Map<Integer, Rounds> byBucket(Map<String, String> rounds) {
    Map<Integer, Rounds> out = new HashMap<>();
    grouped(rounds.entrySet(), Map.Entry::getKey).forEach((bucket, list) -> out.put(bucket, new Rounds(list.stream().map(Map.Entry::getKey).toArray(String[]::new),
        list.stream().map(Map.Entry::getValue).toArray(String[]::new))));
    return out;
  }

  /**
   * The bucket of a round (its key: ContributionService puts the operator first and the round id
   * last): a hash of the key without the last {@link #FAMILY_DIGITS} digits it ends with. Any fixed
   * function of the key is correct (a round is always claimed in one place);
   * this one keeps rounds numbered in sequence together (the SDK's game numbers end with an
   * instance's counter), so a game instance's batch takes one or two calls instead of one per
   * bucket, while the many instances and their counters still spread over all buckets.
   */
  static int bucketOf(String round) {
    int end = round.length();
    for (int digits = 0; digits < FAMILY_DIGITS && end > 0 && isDigit(round.charAt(end - 1)); digits++) {
      end--;
    }
    int h = 0;
    for (int i = 0; i < end; i++) {
      h = 31 * h + round.charAt(i);
    }
    // MurmurHash3's finaliser: short ids that differ in one character still land far apart.
    h ^= h >>> 16;
    h *= 0x85ebca6b;
    h ^= h >>> 13;
    h *= 0xc2b2ae35;
    h ^= h >>> 16;
    return Math.floorMod(h, BUCKETS);
  }

  private static boolean isDigit(char c) {
    return c >= '0' && c <= '9';
  }
}
