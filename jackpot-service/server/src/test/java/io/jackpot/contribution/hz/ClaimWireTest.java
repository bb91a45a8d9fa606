package io.jackpot.contribution.hz;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.jackpot.cluster.MemberSerialization;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The claim processors cross the cluster in their own wire forms and come back whole. */
class ClaimWireTest {
  private final MemberSerialization wire = new MemberSerialization();

  private <T> T roundTrip(T value, int typeId) {
    return wire.roundTrip(value, typeId);
  }

  @Test
  void claimRoundsRoundTrips() {
    ClaimRounds c = new ClaimRounds(new String[] {"r1", "r2"}, new String[] {"fa", "fb"}, "t", "m1", 1_000, 600_000, Set.of("gone"));
    ClaimRounds back = roundTrip(c, ClaimSerializers.CLAIM_ROUNDS);
    assertArrayEquals(c.rounds(), back.rounds());
    assertArrayEquals(c.fingerprints(), back.fingerprints());
    assertEquals(List.of("t", "m1", 1_000L, 600_000L, Set.of("gone")),
        List.of(back.token(), back.holder(), back.now(), back.ttlMillis(), back.released()));
    assertNull(roundTrip(new ClaimRounds(new String[0], new String[0], "t", "m", 0, 1, null), ClaimSerializers.CLAIM_ROUNDS).released(),
        "no scan yet stays distinct from nobody released");
    assertEquals(Set.of(), roundTrip(new ClaimRounds(new String[0], new String[0], "t", "m", 0, 1, Set.of()), ClaimSerializers.CLAIM_ROUNDS)
        .released());
  }

  @Test
  void keepRoundsRoundTrips() {
    KeepRounds k = roundTrip(new KeepRounds(new String[] {"4:demo/r1", "5:other/r1"}, 77), ClaimSerializers.KEEP_ROUNDS);
    assertArrayEquals(new String[] {"4:demo/r1", "5:other/r1"}, k.rounds());
    assertEquals(77, k.until());
  }

  @Test
  void releaseRoundsRoundTrips() {
    ReleaseRounds r = new ReleaseRounds(new String[] {"r1"}, new String[] {"fa"}, "t", 42);
    ReleaseRounds back = roundTrip(r, ClaimSerializers.RELEASE_ROUNDS);
    assertArrayEquals(r.rounds(), back.rounds());
    assertArrayEquals(r.fingerprints(), back.fingerprints());
    assertEquals("t", back.token());
    assertEquals(42, back.now());
  }
}
