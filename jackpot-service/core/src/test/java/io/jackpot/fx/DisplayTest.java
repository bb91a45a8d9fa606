package io.jackpot.fx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.jackpot.money.Money;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Amounts are shown from the currency they are kept in, through the base, rounded down to the cent. */
class DisplayTest {
  private final FxRates rates = new FxRates("EUR", Map.of("GBP", 850_000L, "USD", 1_080_000L));
  private final Money hundred = Money.ofMicros(100_000_000);

  @Test
  void aJackpotKeptInAnotherCurrencyThanTheBaseIsShownThroughTheBase() {
    assertEquals("127.05", rates.display("USD").orElseThrow().of(hundred, "GBP"), "100 GBP = 100 / 0.85 EUR = 127.0588 USD");
    assertEquals("117.64", rates.display("EUR").orElseThrow().of(hundred, "GBP"), "100 / 0.85");
    assertEquals("100.00", rates.display("GBP").orElseThrow().of(hundred, "GBP"), "in its own currency as it is");
    assertEquals("85.00", rates.display("GBP").orElseThrow().of(hundred, "EUR"), "the base at the rate");
  }

  @Test
  void aCurrencyWithoutARateIsNotShown() {
    Display usd = rates.display("USD").orElseThrow();
    assertFalse(usd.shows("JPY"));
    assertNull(usd.of(hundred, "JPY"));
    assertEquals("100.00", Display.identity("JPY").of(hundred, "JPY"));
  }
}
