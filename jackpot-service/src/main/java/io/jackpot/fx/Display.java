package io.jackpot.fx;

import io.jackpot.money.Money;

/** Showing amounts in a currency: its code and the rate from the pools' currency. */
public record Display(String currency, long ratePpm) {
  public String of(Money amount) {
    return FxRates.display(amount, ratePpm);
  }
}
