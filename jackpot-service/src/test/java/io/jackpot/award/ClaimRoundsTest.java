package io.jackpot.award;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jackpot.error.Rejection;
import io.jackpot.ledger.RoundOrigin;
import io.jackpot.pool.PoolId;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ClaimRoundsTest {
  private static final PoolId LOW = new PoolId("bewitched", "cv-0.10");
  private static final PoolId HIGH = new PoolId("bewitched", "cv-1.00");
  private static final ClaimRequest CLAIM = new ClaimRequest("r-1", "bewitched", "p-1", "bewitched", "cv-0.10", "EUR");
  private static final Optional<RoundOrigin> FED_LOW = Optional.of(new RoundOrigin("bewitched", "p-1", Set.of(LOW)));

  @Test
  void anyUnlessSaidOtherwiseAndATypoRefusesTheStart() {
    assertEquals(ClaimRounds.ANY, ClaimRounds.parse("V", null));
    assertEquals(ClaimRounds.ANY, ClaimRounds.parse("V", " "));
    assertEquals(ClaimRounds.RECORDED, ClaimRounds.parse("V", "Recorded"));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ClaimRounds.parse("JACKPOT_CLAIM_ROUNDS", "yes"));
    assertTrue(e.getMessage().startsWith("JACKPOT_CLAIM_ROUNDS"), e.getMessage());
  }

  @Test
  void anyTakesTheGamesWord() {
    assertDoesNotThrow(() -> ClaimRounds.ANY.check(CLAIM, HIGH, Optional.empty()));
  }

  @Test
  void recordedTakesOnlyTheSameGameAndPlayersRoundOnAPoolItFed() {
    assertDoesNotThrow(() -> ClaimRounds.RECORDED.check(CLAIM, LOW, FED_LOW));
    assertEquals("ROUND_DID_NOT_FEED_POOL", refused(CLAIM, HIGH, FED_LOW));
    assertEquals("ROUND_NOT_RECORDED", refused(CLAIM, LOW, Optional.empty()));
    assertEquals("ROUND_ID_CONFLICT", refused(new ClaimRequest("r-1", "bewitched", "p-2", "bewitched", "cv-0.10", "EUR"), LOW, FED_LOW));
    assertEquals("ROUND_ID_CONFLICT", refused(new ClaimRequest("r-1", "creepy-candy", "p-1", "bewitched", "cv-0.10", "EUR"), LOW, FED_LOW));
    assertEquals("ROUND_DID_NOT_FEED_POOL", refused(CLAIM, LOW, Optional.of(new RoundOrigin("bewitched", "p-1", Set.of()))),
        "a round recorded while its pools were paused fed none");
  }

  private static String refused(ClaimRequest claim, PoolId pool, Optional<RoundOrigin> round) {
    Rejection r = assertThrows(Rejection.class, () -> ClaimRounds.RECORDED.check(claim, pool, round));
    assertEquals(Rejection.Kind.CONFLICT, r.kind());
    return r.code();
  }
}
