package io.jackpot.fx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jackpot.money.Money;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FxRatesTest {
  @Test
  void aForeignStakeConvertsToBaseRoundedDownToTheMicro() {
    // 10.00 GBP at 0.85 GBP per EUR = 11.7647058... EUR.
    assertEquals(11_764_705, FxRates.toBase(10_000_000, 850_000));
    assertEquals(10_000_000, FxRates.toBase(10_800_000, 1_080_000));
    assertEquals(1, FxRates.toBase(1, 1_000_000));
    assertEquals(0, FxRates.toBase(1, 1_000_001), "less than a micro-euro");
  }

  @Test
  void amountsAreShownInACurrencyRoundedDownToTheCent() {
    assertEquals("85.00", FxRates.display(Money.ofMicros(100_000_000), 850_000, 1_000_000));
    assertEquals("0.84", FxRates.display(Money.ofMicros(999_999), 850_000, 1_000_000));
    assertEquals("200.01", FxRates.display(Money.ofMicros(200_010_000), 1_000_000, 1_000_000));
  }

  @Test
  void aRateMovingMoreThanTwiceUpOrDownIsAJumpAndANewCurrencyIsNot() {
    FxRates inForce = new FxRates("EUR", Map.of("GBP", 850_000L, "USD", 1_080_000L));
    assertEquals(List.of(), inForce.jumpsTo(new FxRates("EUR", Map.of("GBP", 1_700_000L, "USD", 540_000L, "JPY", 160_000_000L))),
        "exactly twice up or down, and a currency without a rate in force");
    assertEquals(List.of("rates.GBP 0.000085 against 0.85 in force", "rates.USD 2.160001 against 1.08 in force"),
        inForce.jumpsTo(new FxRates("EUR", Map.of("GBP", 85L, "USD", 2_160_001L))));
    assertEquals(List.of("rates.GBP 0.424999 against 0.85 in force"), inForce.jumpsTo(new FxRates("EUR", Map.of("GBP", 424_999L))));
  }

  @Test
  void aCurrencyWithoutARateInForceIsComparedWithItsLastRate() {
    FxRates inForce = new FxRates("EUR", Map.of("GBP", 850_000L));
    Map<String, Long> last = Map.of("GBP", 900_000L, "SEK", 11_500_000L);
    assertEquals(List.of("rates.SEK 0.00115 against 11.5, its last rate (withdrawn since)"),
        inForce.jumpsTo(new FxRates("EUR", Map.of("GBP", 850_000L, "SEK", 1_150L)), last));
    assertEquals(List.of("rates.GBP 1.700001 against 0.85 in force"),
        inForce.jumpsTo(new FxRates("EUR", Map.of("GBP", 1_700_001L, "SEK", 12_000_000L, "JPY", 1L)), last),
        "the rate in force, not an older one; a currency never set has nothing to be compared with");
  }

  @Test
  void theBaseAlwaysHasRateOne() {
    FxRates rates = new FxRates("EUR", Map.of("GBP", 850_000L));
    assertEquals(1_000_000L, rates.rate("EUR").orElseThrow());
    assertEquals(850_000L, rates.rate("GBP").orElseThrow());
    assertTrue(rates.rate("USD").isEmpty());
  }
}
