package io.jackpot.money;

import java.io.Serializable;

/** A contribution rate strictly between 0 and 1, exact to the millionth (parts per million). */
public record Rate(long ppm) implements Serializable {
  public static final long ONE = 1_000_000L;

  public Rate {
    if (ppm <= 0 || ppm >= ONE) {
      throw new IllegalArgumentException("rate must be in (0, 1), got " + ppm + " ppm");
    }
  }

  public static Rate parse(String text) {
    long ppm = Decimals.parseScaled(text, 6);
    if (ppm <= 0 || ppm >= ONE) {
      throw new IllegalArgumentException("must be in (0, 1) exclusive, got '" + text + "'");
    }
    return new Rate(ppm);
  }

  public String toPlainString() {
    return Decimals.plain(ppm);
  }
}
