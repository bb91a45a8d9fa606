package io.jackpot.contribution.hz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.jackpot.contribution.RoundClaims.Claim;
import java.util.AbstractMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ClaimBucketTest {
  /** A map entry as an entry processor sees it. */
  static final class Entry extends AbstractMap.SimpleEntry<Integer, ClaimBucket> {
    Entry() {
      super(7, null);
    }
  }

  @Test
  void claimsAreNewThenSameOrDifferentAndLapseAfterTheirTtl() {
    Entry e = new Entry();
    assertEquals(Map.of("r1", Claim.NEW, "r2", Claim.NEW), new ClaimRounds(Map.of("r1", "fa", "r2", "fb"), "t1", "m1", 1_000, 500, null).process(e));
    assertEquals(Map.of("r1", Claim.SAME, "r2", Claim.DIFFERENT), new ClaimRounds(Map.of("r1", "fa", "r2", "fx"), "t2", "m1", 1_200, 500, null).process(e));
    assertEquals(Map.of("r1", Claim.NEW), new ClaimRounds(Map.of("r1", "fa"), "t3", "m1", 1_501, 500, null).process(e), "lapsed at 1500");
  }

  @Test
  void claimsOfAMemberGoneWithAllItsWorkRecordedCountAsAbsent() {
    Entry e = new Entry();
    new ClaimRounds(Map.of("r1", "fa"), "t1", "dead", 0, 600_000, null).process(e);
    assertEquals(Map.of("r1", Claim.SAME), new ClaimRounds(Map.of("r1", "fa"), "t2", "m2", 10, 600_000, null).process(e),
        "before the first journal scan every claim stands");
    assertEquals(Map.of("r1", Claim.SAME), new ClaimRounds(Map.of("r1", "fa"), "t2", "m2", 20, 600_000, java.util.Set.of())
        .process(e), "its steps are not all finished yet: the claim stands");
    assertEquals(Map.of("r1", Claim.NEW), new ClaimRounds(Map.of("r1", "fa"), "t2", "m2", 30, 600_000, java.util.Set.of("dead")).process(e),
        "finished: taken over at once, long before the TTL");
    assertEquals(Map.of("r1", Claim.SAME), new ClaimRounds(Map.of("r1", "fa"), "t3", "m3", 40, 600_000, java.util.Set.of("dead"))
        .process(e), "the new claim is m2's and stands");
  }

  @Test
  void lapsedClaimsAreSweptOutOnceABucketGrows() {
    Entry e = new Entry();
    Map<String, String> many = new java.util.HashMap<>();
    for (int i = 0; i < ClaimBucket.SWEEP_ABOVE + 10; i++) {
      many.put("old-" + i, "f");
    }
    new ClaimRounds(many, "t1", "m1", 0, 100, null).process(e);
    assertEquals(ClaimBucket.SWEEP_ABOVE + 10, e.getValue().claims().size(), "still within their TTL: kept");
    new ClaimRounds(Map.of("new", "f"), "t2", "m1", 1_000, 100, null).process(e);
    assertEquals(Map.of("new", "t2"), e.getValue().claims().entrySet().stream()
        .collect(java.util.stream.Collectors.toMap(Map.Entry::getKey, x -> x.getValue().token())), "the lapsed ones are gone");
  }

  @Test
  void aRequestReleasesOnlyItsOwnClaims() {
    Entry e = new Entry();
    new ClaimRounds(Map.of("r1", "fa"), "mine", "m1", 0, 1_000, null).process(e);
    new ReleaseRounds(Map.of("r1", "fa"), "theirs", 10).process(e);
    assertEquals(Map.of("r1", Claim.SAME), new ClaimRounds(Map.of("r1", "fa"), "x", "m1", 20, 1_000, null).process(e));
    new ReleaseRounds(Map.of("r1", "fa"), "mine", 30).process(e);
    assertNull(e.getValue(), "an empty bucket is removed");
  }

  @Test
  void roundsSpreadOverTheBuckets() {
    Map<String, String> rounds = new java.util.HashMap<>();
    for (int i = 0; i < 1000; i++) {
      rounds.put("BW-20261121-134501-" + i, "f");
    }
    var buckets = HzRoundClaims.byBucket(rounds);
    assertEquals(HzRoundClaims.BUCKETS, buckets.size());
    assertEquals(1000, buckets.values().stream().mapToInt(Map::size).sum());
  }
}
