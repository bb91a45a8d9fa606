package io.jackpot.fx;

import io.jackpot.money.Money;

/**
 * Showing amounts in {@code currency} at {@code rates}: an amount kept in another currency (a
 * jackpot's) is converted through the base, amount × rate(currency) / rate(kept in), rounded down
 * to the cent; in its own currency it is shown as it is, to the cent.
 */
public record Display(String currency, FxRates rates) {

  /** Amounts shown in the currency they are kept in. */
  public static Display identity(String currency) {
    return new Display(currency, FxRates.none(currency));
  }

  /** Whether amounts kept in {@code keptIn} can be shown (both currencies have a rate). */
  public boolean shows(String keptIn) {
    return keptIn.equals(currency) || (rates.rate(currency).isPresent() && rates.rate(keptIn).isPresent());
  }

  /** {@code amount}, kept in {@code keptIn}, in this currency; null when it cannot be shown ({@link #shows}). */
  public String of(Money amount, String keptIn) {
    if (keptIn.equals(currency)) {
      return FxRates.display(amount, 1_000_000, 1_000_000);
    }
    if (!shows(keptIn)) {
      return null;
    }
    return FxRates.display(amount, rates.rate(currency).orElseThrow(), rates.rate(keptIn).orElseThrow());
  }
}
