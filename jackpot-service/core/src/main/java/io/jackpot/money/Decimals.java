package io.jackpot.money;

import java.math.BigDecimal;

/**
 * Strict parsing of the wire format for money and rates: plain decimal strings, no sign, no
 * exponent, no NaN or infinity, bounded digits. Errors say what is wrong with the value.
 */
public final class Decimals {
  /** 10^12 units: more than any single stake or seed we accept. */
  private static final int MAX_INTEGER_DIGITS = 12;

  private Decimals() {}

  /**
   * {@code millionths} / 10^6 as the API writes a rate or an amount in micro-units: a plain decimal,
   * trailing zeros stripped ("0.85", "2000", "0").
   */
  public static String plain(long millionths) {
    return BigDecimal.valueOf(millionths, 6).stripTrailingZeros().toPlainString();
  }

  /**
   * A coin value ({@code micros}, 10^-6 units) as the API writes it: at least two decimals, more
   * when it has them ("0.10", "2", written "2.00"; "0.005").
   */
  public static String coin(long micros) {
    BigDecimal coin = BigDecimal.valueOf(micros, 6).stripTrailingZeros();
    return (coin.scale() < 2 ? coin.setScale(2) : coin).toPlainString();
  }

  /** Parses a non-negative decimal with at most {@code maxDecimals} decimals into 10^-maxDecimals units. */
  public static long parseScaled(String text, int maxDecimals) {
    if (text == null) {
      throw new IllegalArgumentException("is missing");
    }
    if (text.length() > MAX_INTEGER_DIGITS + 1 + maxDecimals) {
      throw new IllegalArgumentException("is too long: '" + abbreviate(text) + "'");
    }
    // The shape (0|[1-9][0-9]*)(\.[0-9]+)?, checked by hand: this runs for every stake.
    int n = text.length();
    int dot = text.indexOf('.');
    int wholeEnd = dot < 0 ? n : dot;
    boolean plain = wholeEnd > 0 && allDigits(text, 0, wholeEnd) && (text.charAt(0) != '0' || wholeEnd == 1)
        && (dot < 0 || (dot + 1 < n && allDigits(text, dot + 1, n)));
    if (!plain) {
      throw new IllegalArgumentException("must be a plain decimal string like \"1.50\", got '" + abbreviate(text) + "'");
    }
    String whole = text.substring(0, wholeEnd);
    String fraction = dot < 0 ? "" : text.substring(dot + 1);
    if (whole.length() > MAX_INTEGER_DIGITS) {
      throw new IllegalArgumentException("has too many integer digits: '" + abbreviate(text) + "'");
    }
    if (fraction.length() > maxDecimals) {
      throw new IllegalArgumentException("has more than " + maxDecimals + " decimals: '" + abbreviate(text) + "'");
    }
    long scale = pow10(maxDecimals);
    long frac = fraction.isEmpty() ? 0 : Long.parseLong(fraction) * pow10(maxDecimals - fraction.length());
    return Math.addExact(Math.multiplyExact(Long.parseLong(whole), scale), frac);
  }

  /** Parses a positive amount of money into micro-units. */
  public static long parsePositiveMicros(String text) {
    long micros = parseScaled(text, 6);
    if (micros <= 0) {
      throw new IllegalArgumentException("must be greater than zero, got '" + text + "'");
    }
    return micros;
  }

  private static boolean allDigits(String s, int from, int to) {
    for (int i = from; i < to; i++) {
      char c = s.charAt(i);
      if (c < '0' || c > '9') {
        return false;
      }
    }
    return true;
  }

  private static long pow10(int n) {
    long r = 1;
    for (int i = 0; i < n; i++) {
      r *= 10;
    }
    return r;
  }

  private static String abbreviate(String s) {
    return s.length() <= 40 ? s : s.substring(0, 40) + "…";
  }
}
