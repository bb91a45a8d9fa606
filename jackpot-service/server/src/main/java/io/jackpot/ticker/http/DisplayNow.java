package io.jackpot.ticker.http;

import io.jackpot.catalogue.Catalogue;
import io.jackpot.catalogue.http.JackpotRoutes;
import io.jackpot.fx.Display;
import io.jackpot.fx.FxHolder;
import java.util.Optional;
import java.util.function.Function;

/** How a subscriber's currency is shown in each update: at the rates in force then, as it was accepted (JackpotRoutes.shown). */
public final class DisplayNow implements Function<String, Optional<Display>> {
  private final FxHolder fx;
  private final Catalogue catalogue;

  public DisplayNow(FxHolder fx, Catalogue catalogue) {
    this.fx = fx;
    this.catalogue = catalogue;
  }

  @Override
  public Optional<Display> apply(String currency) {
    return JackpotRoutes.shown(fx.get(), catalogue, currency);
  }
}
