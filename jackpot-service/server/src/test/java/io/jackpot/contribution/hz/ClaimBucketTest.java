package io.jackpot.contribution.hz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jackpot.contribution.RoundClaims.Claim;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ClaimBucketTest {
  /** A map entry as an entry processor sees it. */
  static final class Entry extends AbstractMap.SimpleEntry<Integer, ClaimBucket> {
    Entry() {
      super(7, null);
    }
  }

  /** Claims the rounds (round → fingerprint, in order) and answers round → claim. */
  private static Map<String, Claim> claim(Entry e, Map<String, String> rounds, String token, String holder, long now, long ttl,
      Set<String> released) {
    String[] ids = rounds.keySet().toArray(String[]::new);
    byte[] codes = new ClaimRounds(ids, rounds.values().toArray(String[]::new), token, holder, now, ttl, released).process(e);
    Map<String, Claim> out = new LinkedHashMap<>();
    for (int i = 0; i < ids.length; i++) {
      out.put(ids[i], ClaimRounds.decode(codes[i]));
    }
    return out;
  }

  private static Map<String, String> ordered(String... roundThenFingerprint) {
    Map<String, String> m = new LinkedHashMap<>();
    for (int i = 0; i < roundThenFingerprint.length; i += 2) {
      m.put(roundThenFingerprint[i], roundThenFingerprint[i + 1]);
    }
    return m;
  }

  private static void release(Entry e, String round, String fingerprint, String token, long now) {
    new ReleaseRounds(new String[] {round}, new String[] {fingerprint}, token, now).process(e);
  }

  @Test
  void claimsAreNewThenSameOrDifferentAndLapseAfterTheirTtl() {
    Entry e = new Entry();
    assertEquals(Map.of("r1", Claim.NEW, "r2", Claim.NEW), claim(e, ordered("r1", "fa", "r2", "fb"), "t1", "m1", 1_000, 500, null));
    assertEquals(Map.of("r1", Claim.SAME, "r2", Claim.DIFFERENT), claim(e, ordered("r1", "fa", "r2", "fx"), "t2", "m1", 1_200, 500, null));
    assertEquals(Map.of("r2", Claim.DIFFERENT, "r1", Claim.SAME), claim(e, ordered("r2", "fx", "r1", "fa"), "t2", "m1", 1_200, 500, null),
        "answers follow the order asked");
    assertEquals(Map.of("r1", Claim.NEW), claim(e, ordered("r1", "fa"), "t3", "m1", 1_501, 500, null), "lapsed at 1500");
  }

  /**
   * Hazelcast runs a claim again on the bucket's new owner (the old backup, which already holds the
   * first run's claims) when the member that ran it dies before its answer reaches the caller.
   */
  @Test
  void aClaimRunTwiceForOneRequestAnswersNewBothTimesAndAnotherRequestStillFindsItHeld() {
    Entry e = new Entry();
    ClaimRounds ask = new ClaimRounds(new String[] {"r1", "r2"}, new String[] {"fa", "fb"}, "t1", "m1", 1_000, 500, Set.of());
    assertEquals(List.of(Claim.NEW, Claim.NEW), decoded(ask.process(e)));
    assertEquals(List.of(Claim.NEW, Claim.NEW), decoded(ask.process(e)), "the same call run again: still this request's claims");
    assertEquals(Map.of("r1", Claim.SAME, "r2", Claim.DIFFERENT), claim(e, ordered("r1", "fa", "r2", "fx"), "t2", "m1", 1_100, 500, Set.of()),
        "another request of the same member is told the rounds are in progress");
    release(e, "r1", "fa", "t1", 1_200);
    release(e, "r2", "fb", "t1", 1_200);
    assertEquals(Map.of("r1", Claim.NEW, "r2", Claim.NEW), claim(e, ordered("r1", "fa", "r2", "fb"), "t3", "m2", 1_300, 500, Set.of()),
        "the request released what the run twice claimed");
  }

  private static List<Claim> decoded(byte[] codes) {
    List<Claim> out = new ArrayList<>();
    for (byte c : codes) {
      out.add(ClaimRounds.decode(c));
    }
    return out;
  }

  @Test
  void keptClaimsStandPastTheirTtlWhoeverHoldsThemAndUnclaimedRoundsStayUnclaimed() {
    Entry e = new Entry();
    claim(e, ordered("r1", "fa", "r2", "fb"), "t1", "m1", 1_000, 500, null);
    new KeepRounds(new String[] {"r1", "r3"}, 2_500).process(e);
    assertEquals(Map.of("r1", Claim.DIFFERENT, "r2", Claim.NEW), claim(e, ordered("r1", "fx", "r2", "fx"), "t2", "m2", 2_000, 500, null),
        "r1 kept until 2500, r2 lapsed at 1500");
    assertEquals(Map.of("r3", Claim.NEW), claim(e, ordered("r3", "fc"), "t3", "m2", 2_000, 500, null), "keeping claims nothing");
    new KeepRounds(new String[] {"r1"}, 1_000).process(e);
    assertEquals(Map.of("r1", Claim.SAME), claim(e, ordered("r1", "fa"), "t4", "m2", 2_400, 500, null), "never shortened");
    release(e, "r1", "fa", "t1", 2_450);
    assertEquals(Map.of("r1", Claim.NEW), claim(e, ordered("r1", "fa"), "t5", "m2", 2_460, 500, null),
        "a kept claim is still its request's: released by it when its round is recorded");
  }

  @Test
  void claimsOfAMemberGoneWithAllItsWorkRecordedCountAsAbsent() {
    Entry e = new Entry();
    claim(e, ordered("r1", "fa"), "t1", "dead", 0, 600_000, null);
    assertEquals(Map.of("r1", Claim.SAME), claim(e, ordered("r1", "fa"), "t2", "m2", 10, 600_000, null),
        "before the first journal scan every claim stands");
    assertEquals(Map.of("r1", Claim.SAME), claim(e, ordered("r1", "fa"), "t2", "m2", 20, 600_000, Set.of()),
        "its steps are not all finished yet: the claim stands");
    assertEquals(Map.of("r1", Claim.NEW), claim(e, ordered("r1", "fa"), "t2", "m2", 30, 600_000, Set.of("dead")),
        "finished: taken over at once, long before the TTL");
    assertEquals(Map.of("r1", Claim.SAME), claim(e, ordered("r1", "fa"), "t3", "m3", 40, 600_000, Set.of("dead")),
        "the new claim is m2's and stands");
  }

  @Test
  void lapsedClaimsAreSweptOutOnceABucketGrowsAtMostOnceASecond() {
    Entry e = new Entry();
    Map<String, String> many = new LinkedHashMap<>();
    for (int i = 0; i < ClaimBucket.SWEEP_ABOVE + 10; i++) {
      many.put("old-" + i, "f");
    }
    claim(e, many, "t1", "m1", 0, 100, null);
    assertEquals(ClaimBucket.SWEEP_ABOVE + 10, e.getValue().claims().size(), "still within their TTL: kept");
    claim(e, ordered("new", "f"), "t2", "m1", 500, 100, null);
    assertEquals(ClaimBucket.SWEEP_ABOVE + 11, e.getValue().claims().size(), "lapsed, but swept less than a second ago");
    claim(e, ordered("newer", "f"), "t3", "m1", 1_000, 100, null);
    assertEquals(Set.of("newer"), e.getValue().claims().keySet(), "the lapsed ones are gone");
  }

  @Test
  void aRequestReleasesOnlyItsOwnClaims() {
    Entry e = new Entry();
    claim(e, ordered("r1", "fa"), "mine", "m1", 0, 1_000, null);
    release(e, "r1", "fa", "theirs", 10);
    assertEquals(Map.of("r1", Claim.SAME), claim(e, ordered("r1", "fa"), "x", "m1", 20, 1_000, null));
    release(e, "r1", "fa", "mine", 30);
    assertNull(e.getValue(), "an empty bucket is removed");
  }

  @Test
  void aGamesRoundsNumberedInSequenceShareABucketWhileGamesSpreadOverAll() {
    Map<String, String> batch = new LinkedHashMap<>();
    for (int i = 100; i < 200; i++) {
      batch.put("BW-20261121-134501-k3x9q2mzp8-000" + i, "f");
    }
    assertEquals(1, HzRoundClaims.byBucket(batch).size(), "one instance's 100 consecutive rounds: one call");

    Set<Integer> used = new HashSet<>();
    List<String> all = new ArrayList<>();
    for (int instance = 0; instance < 1_000; instance++) {
      String id = "BW-20261121-134501-" + Integer.toString(1_000_000 + instance * 7919, 32) + "-000001";
      all.add(id);
      used.add(HzRoundClaims.bucketOf(id));
    }
    assertEquals(HzRoundClaims.BUCKETS, used.size(), "1000 instances reach every bucket");

    Map<String, String> numeric = new LinkedHashMap<>();
    for (int i = 0; i < 1_000_000; i++) {
      numeric.put(Integer.toString(i), "f");
    }
    var buckets = HzRoundClaims.byBucket(numeric);
    assertEquals(HzRoundClaims.BUCKETS, buckets.size(), "ids that are plain numbers spread too");
    assertEquals(1_000_000, buckets.values().stream().mapToInt(r -> r.ids().length).sum());
    int fullest = buckets.values().stream().mapToInt(r -> r.ids().length).max().orElseThrow();
    assertTrue(fullest < 2 * 1_000_000 / HzRoundClaims.BUCKETS, "no bucket holds twice its share: " + fullest);
    buckets.values().forEach(r -> {
      for (int i = 0; i < r.ids().length; i++) {
        assertEquals("f", r.fingerprints()[i]);
      }
    });
  }
}
