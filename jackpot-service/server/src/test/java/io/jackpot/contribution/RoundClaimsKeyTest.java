package io.jackpot.contribution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The keys rounds and rounds' jackpot games are claimed under never meet, whatever characters ids hold. */
class RoundClaimsKeyTest {

  @Test
  void aJackpotGameIsNeverClaimedUnderARoundsKey() {
    String game = RoundClaims.jackpotGameKey("j", "demo", "R1");
    assertEquals("game:1:j/4:demo/R1", game);
    assertTrue(Character.isDigit(RoundClaims.key("game:1:j", "R1").charAt(0)), "a round's key starts with its operator's length,"
        + " which no jackpot-game key does");
  }

  @Test
  void jackpotsAndOperatorsWhoseIdsRunIntoEachOtherAreTwoClaims() {
    assertNotEquals(RoundClaims.jackpotGameKey("x/1:y", "z", "R"), RoundClaims.jackpotGameKey("x", "y", "1:z/R"));
    assertNotEquals(RoundClaims.jackpotGameKey("ab", "c", "R1"), RoundClaims.jackpotGameKey("a", "bc", "R1"));
    assertNotEquals(RoundClaims.jackpotGameKey("j", "demo", "R1"), RoundClaims.jackpotGameKey("k", "demo", "R1"));
  }
}
