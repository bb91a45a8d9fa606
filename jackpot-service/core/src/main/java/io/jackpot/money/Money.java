package io.jackpot.money;

import java.io.Serializable;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;

/**
 * An exact amount of money: whole micro-units (10^-6) plus a sub-micro part in millionths of a
 * micro-unit (10^-12). Pools keep the sub-micro part so that a pool grows by exactly rate × stake;
 * only whole micro-units are ever paid out.
 */
public record Money(long micros, long sub) implements Comparable<Money>, Serializable {
  public static final long SUB_PER_MICRO = 1_000_000L;
  public static final long MICROS_PER_UNIT = 1_000_000L;
  public static final Money ZERO = new Money(0, 0);

  public Money {
    if (sub < 0 || sub >= SUB_PER_MICRO) {
      throw new IllegalArgumentException("sub-micro part out of range: " + sub);
    }
  }

  public static Money ofMicros(long micros) {
    return new Money(micros, 0);
  }

  /** Normalises a (micros, sub) pair whose sub part may be any long, carrying into micros. */
  public static Money normalised(long micros, long sub) {
    long carry = Math.floorDiv(sub, SUB_PER_MICRO);
    return new Money(Math.addExact(micros, carry), Math.floorMod(sub, SUB_PER_MICRO));
  }

  /** Parses an exact decimal (as {@link #toPlainString} writes it; up to 12 decimals, may be negative). */
  public static Money parse(String text) {
    BigInteger units = new BigDecimal(text).movePointRight(12).toBigIntegerExact();
    BigInteger[] parts = units.divideAndRemainder(BigInteger.valueOf(SUB_PER_MICRO));
    return normalised(parts[0].longValueExact(), parts[1].longValueExact());
  }

  /** The exact share rate × stake; the product is in 10^-12 units, never rounded. */
  public static Money share(long stakeMicros, Rate rate) {
    long product = Math.multiplyExact(stakeMicros, rate.ppm());
    return new Money(product / SUB_PER_MICRO, product % SUB_PER_MICRO);
  }

  public Money plus(Money other) {
    return normalised(Math.addExact(micros, other.micros), sub + other.sub);
  }

  public Money minus(Money other) {
    return normalised(Math.subtractExact(micros, other.micros), sub - other.sub);
  }

  /** The whole micro-units of this amount; what a win pays. */
  public Money wholeMicros() {
    return new Money(micros, 0);
  }

  /** The part below one micro-unit; what stays in a pool after it is paid out. */
  public Money subMicroPart() {
    return new Money(0, sub);
  }

  public Money min(Money other) {
    return compareTo(other) <= 0 ? this : other;
  }

  public Money max(Money other) {
    return compareTo(other) >= 0 ? this : other;
  }

  public boolean isNegative() {
    return micros < 0;
  }

  public BigDecimal toBigDecimal() {
    return BigDecimal.valueOf(micros, 6).add(BigDecimal.valueOf(sub, 12));
  }

  /**
   * Decimal string with at least six decimals and as many more as the sub-micro part needs.
   * Written digit by digit for amounts of zero and more (every contribution's answer prints two);
   * negative amounts with a sub-micro part go through Total (exact, as BigDecimal).
   */
  public String toPlainString() {
    if (micros >= 0) {
      StringBuilder out = new StringBuilder(24);
      appendPlain(out);
      return out.toString();
    }
    if (sub == 0) {
      return BigDecimal.valueOf(micros, 6).toPlainString();
    }
    return Total.of(this).toPlainString();
  }

  /** Appends {@link #toPlainString()} (without an intermediate string for amounts of zero and more). */
  public void appendPlain(StringBuilder out) {
    if (micros < 0) {
      out.append(toPlainString());
      return;
    }
    out.append(micros / MICROS_PER_UNIT).append('.');
    appendDigits(out, micros % MICROS_PER_UNIT, 6);
    if (sub != 0) {
      long fraction = sub;
      int digits = 6;
      while (fraction % 10 == 0) {
        fraction /= 10;
        digits--;
      }
      appendDigits(out, fraction, digits);
    }
  }

  /** {@code value} (0 ≤ value < 10^width) in exactly {@code width} digits, zeros in front. */
  private static void appendDigits(StringBuilder out, long value, int width) {
    for (long scale = pow10(width - 1); scale > 0; scale /= 10) {
      out.append((char) ('0' + (value / scale) % 10));
    }
  }

  private static long pow10(int n) {
    long p = 1;
    for (int i = 0; i < n; i++) {
      p *= 10;
    }
    return p;
  }

  /** Rounded down to the given number of decimals (for display in a currency). */
  public String toDisplayString(int decimals) {
    return toBigDecimal().setScale(decimals, RoundingMode.DOWN).toPlainString();
  }

  @Override
  public int compareTo(Money o) {
    int c = Long.compare(micros, o.micros);
    return c != 0 ? c : Long.compare(sub, o.sub);
  }

  @Override
  public String toString() {
    return toPlainString();
  }
}
