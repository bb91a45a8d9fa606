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
    assertEquals(Map.of("r1", Claim.NEW, "r2", Claim.NEW), new ClaimRounds(Map.of("r1", "fa", "r2", "fb"), "t1", 1_000, 500).process(e));
    assertEquals(Map.of("r1", Claim.SAME, "r2", Claim.DIFFERENT), new ClaimRounds(Map.of("r1", "fa", "r2", "fx"), "t2", 1_200, 500).process(e));
    assertEquals(Map.of("r1", Claim.NEW), new ClaimRounds(Map.of("r1", "fa"), "t3", 1_501, 500).process(e), "lapsed at 1500");
  }

  @Test
  void aRequestReleasesOnlyItsOwnClaims() {
    Entry e = new Entry();
    new ClaimRounds(Map.of("r1", "fa"), "mine", 0, 1_000).process(e);
    new ReleaseRounds(Map.of("r1", "fa"), "theirs", 10).process(e);
    assertEquals(Map.of("r1", Claim.SAME), new ClaimRounds(Map.of("r1", "fa"), "x", 20, 1_000).process(e));
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
