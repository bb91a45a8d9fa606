package io.jackpot.config.env;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jackpot.award.ClaimRounds;
import io.jackpot.award.PublicWins;
import org.junit.jupiter.api.Test;

/** Settings named from a set: JACKPOT_PUBLIC_WINS and JACKPOT_CLAIM_ROUNDS, through one reader. */
class EnvVarsTest {
  /** The fallback given unless said otherwise, any case, and a typo refuses the start naming the setting (the defaults themselves: ServiceConfigTest). */
  @Test
  void eachSettingTakesTheFallbackItsNamesInAnyCaseAndRefusesATypo() {
    assertChoice("JACKPOT_PUBLIC_WINS", PublicWins.FULL, PublicWins.ANONYMOUS, "Anonymous", "anon");
    assertChoice("JACKPOT_CLAIM_ROUNDS", ClaimRounds.ANY, ClaimRounds.RECORDED, "Recorded", "yes");
  }

  private static <E extends Enum<E>> void assertChoice(String name, E fallback, E other, String otherSpelt, String typo) {
    assertEquals(fallback, EnvVars.choice("V", null, fallback));
    assertEquals(fallback, EnvVars.choice("V", " ", fallback));
    assertEquals(other, EnvVars.choice("V", otherSpelt, fallback));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> EnvVars.choice(name, typo, fallback));
    assertTrue(e.getMessage().startsWith(name), e.getMessage());
  }

  @Test
  void aRefusalNamesTheAcceptedValues() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> EnvVars.choice("JACKPOT_CLAIM_ROUNDS", "yes",
        ClaimRounds.ANY));
    assertEquals("JACKPOT_CLAIM_ROUNDS must be any or recorded, got 'yes'", e.getMessage());
  }
}
