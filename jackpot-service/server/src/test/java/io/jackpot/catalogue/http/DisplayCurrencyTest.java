package io.jackpot.catalogue.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.jackpot.catalogue.Catalogue;
import io.jackpot.catalogue.DefaultCatalogue;
import io.jackpot.catalogue.JackpotDefinition;
import io.jackpot.catalogue.PoolDefinition;
import io.jackpot.catalogue.Routing;
import io.jackpot.error.ErrorCode;
import io.jackpot.error.Rejection;
import io.jackpot.fx.Display;
import io.jackpot.fx.FxHolder;
import io.jackpot.money.Money;
import io.jackpot.money.Rate;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Which currencies public reads (`?currency=`) show amounts in: the pools' own always, another with a rate. */
class DisplayCurrencyTest {
  private static Catalogue withAPoundsJackpot() {
    List<JackpotDefinition> all = new ArrayList<>(DefaultCatalogue.create().all());
    all.add(new JackpotDefinition("pounds", "Pounds", "GBP", "demo", List.of("creepy-candy"), Routing.ALL,
        List.of(new PoolDefinition("p", "P", 1_000_000, new Rate(1_000), null))));
    return new Catalogue(all);
  }

  @Test
  void aJackpotsOwnCurrencyIsShownWithoutARate() {
    Display gbp = JackpotRoutes.display(new FxHolder("EUR"), withAPoundsJackpot(), "GBP");
    assertEquals("12.34", gbp.of(Money.ofMicros(12_345_678), "GBP"), "the pounds jackpot, as it is");
    assertNull(gbp.of(Money.ofMicros(12_345_678), "EUR"), "a euro jackpot: no rate to show it in pounds");
  }

  @Test
  void aCurrencyNoJackpotIsKeptInNeedsARate() {
    Rejection refused = assertThrows(Rejection.class, () -> JackpotRoutes.display(new FxHolder("EUR"), withAPoundsJackpot(), "JPY"));
    assertEquals(ErrorCode.UNSUPPORTED_CURRENCY, refused.code());
    assertEquals("EUR", JackpotRoutes.display(new FxHolder("EUR"), withAPoundsJackpot(), "EUR").currency(), "the base always");
    assertNull(JackpotRoutes.display(new FxHolder("EUR"), withAPoundsJackpot(), " "), "blank: none asked");
  }
}
