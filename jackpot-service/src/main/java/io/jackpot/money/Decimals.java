package io.jackpot.money;

import java.util.regex.Pattern;

/**
 * Strict parsing of the wire format for money and rates: plain decimal strings, no sign, no
 * exponent, no NaN or infinity, bounded digits. Errors say what is wrong with the value.
 */
public final class Decimals {
  private static final Pattern PLAIN = Pattern.compile("(0|[1-9][0-9]*)(\\.([0-9]+))?");
  /** 10^12 units: more than any single stake or seed we accept. */
  private static final int MAX_INTEGER_DIGITS = 12;

  private Decimals() {}

  /** Parses a non-negative decimal with at most {@code maxDecimals} decimals into 10^-maxDecimals units. */
  public static long parseScaled(String text, int maxDecimals) {
    if (text == null) {
      throw new IllegalArgumentException("is missing");
    }
    if (text.length() > MAX_INTEGER_DIGITS + 1 + maxDecimals) {
      throw new IllegalArgumentException("is too long: '" + abbreviate(text) + "'");
    }
    var m = PLAIN.matcher(text);
    if (!m.matches()) {
      throw new IllegalArgumentException("must be a plain decimal string like \"1.50\", got '" + abbreviate(text) + "'");
    }
    String whole = m.group(1);
    String fraction = m.group(3) == null ? "" : m.group(3);
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
