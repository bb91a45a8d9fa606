package io.jackpot.fx;

import java.util.concurrent.atomic.AtomicReference;

/** The rates in force on this member; replaced whole when an operator sets new ones. */
public final class FxHolder {
  private final AtomicReference<FxRates> current;

  public FxHolder(String base) {
    current = new AtomicReference<>(FxRates.none(base));
  }

  public FxRates get() {
    return current.get();
  }

  public void set(FxRates rates) {
    current.set(rates);
  }
}
