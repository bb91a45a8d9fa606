package io.jackpot.money;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.util.Objects;

/**
 * An exact sum of money of any size, in 10^-12 units (a {@link Money}'s sub-micro resolution). A
 * pool's money stays a {@link Money}, bounded by a long (about 9.2 × 10^12 units; a pool holds at
 * most 10^12). Sums over many pools or over a ledger's whole history (its seeds, contributions
 * and awards since it began) are not bounded so: in a currency of many units to the euro they can
 * pass a long's range in a few years, and reconciliation must still add them up exactly.
 */
public record Total(BigInteger picos) implements Comparable<Total> {
  public static final Total ZERO = new Total(BigInteger.ZERO);
  private static final BigInteger SUB_PER_MICRO = BigInteger.valueOf(Money.SUB_PER_MICRO);

  public Total {
    Objects.requireNonNull(picos, "picos");
  }

  public static Total of(Money m) {
    return new Total(BigInteger.valueOf(m.micros()).multiply(SUB_PER_MICRO).add(BigInteger.valueOf(m.sub())));
  }

  /**
   * Whole micro-units and sub-micro units as a database sums them (integral numbers of any size;
   * the sub-micro sum may be a micro-unit or more, carried here). Not integral: refused.
   */
  public static Total of(BigDecimal micros, BigDecimal sub) {
    return new Total(micros.toBigIntegerExact().multiply(SUB_PER_MICRO).add(sub.toBigIntegerExact()));
  }

  public Total plus(Total other) {
    return new Total(picos.add(other.picos));
  }

  public Total plus(Money other) {
    return plus(of(other));
  }

  public Total minus(Total other) {
    return new Total(picos.subtract(other.picos));
  }

  /** Written as {@link Money#toPlainString} writes an amount: at least six decimals, more only for a sub-micro part. */
  public String toPlainString() {
    BigDecimal exact = new BigDecimal(picos, 12).stripTrailingZeros();
    return exact.scale() < 6 ? exact.setScale(6, RoundingMode.UNNECESSARY).toPlainString() : exact.toPlainString();
  }

  @Override
  public int compareTo(Total other) {
    return picos.compareTo(other.picos);
  }
}
