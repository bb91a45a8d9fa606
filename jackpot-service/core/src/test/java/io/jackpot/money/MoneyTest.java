package io.jackpot.money;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigDecimal;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

class MoneyTest {

  @Property
  void sharesAddUpToExactlyRateTimesTotalStake(
      @ForAll @Size(min = 1, max = 200) List<@LongRange(min = 1, max = 20_000_000_000L) Long> stakes,
      @ForAll @LongRange(min = 1, max = 999_999) long ppm) {
    Rate rate = new Rate(ppm);
    Money sum = Money.ZERO;
    BigDecimal totalStake = BigDecimal.ZERO;
    for (long stake : stakes) {
      sum = sum.plus(Money.share(stake, rate));
      totalStake = totalStake.add(BigDecimal.valueOf(stake, 6));
    }
    BigDecimal expected = totalStake.multiply(BigDecimal.valueOf(ppm, 6));
    Money total = sum;
    assertEquals(0, expected.compareTo(total.toBigDecimal()), () -> "sum " + total + " vs " + expected);
  }

  /** The digit-by-digit writing agrees with BigDecimal's, the longest amounts and zero included. */
  @Property
  void plainStringIsTheExactDecimalWithAtLeastSixPlaces(@ForAll @LongRange(min = -1_000_000_000_000L, max = Long.MAX_VALUE) long micros,
      @ForAll @LongRange(min = 0, max = 999_999) long sub) {
    Money m = new Money(micros, sub);
    BigDecimal exact = m.toBigDecimal().stripTrailingZeros();
    String expected = (exact.scale() < 6 ? exact.setScale(6) : exact).toPlainString();
    assertEquals(expected, m.toPlainString());
    assertEquals(0, exact.compareTo(Money.parse(m.toPlainString()).toBigDecimal()));
  }

  @Test
  void plainStringsOfTheEdges() {
    assertEquals("0.000000", Money.ZERO.toPlainString());
    assertEquals("200.010000", Money.ofMicros(200_010_000).toPlainString());
    assertEquals("0.000000000001", new Money(0, 1).toPlainString());
    assertEquals("0.0000015", new Money(1, 500_000).toPlainString());
    assertEquals("9223372036854.775807999999", new Money(Long.MAX_VALUE, 999_999).toPlainString());
    assertEquals("-0.0000005", new Money(-1, 500_000).toPlainString());
    assertEquals("-1.000000", Money.ofMicros(-1_000_000).toPlainString());
  }

  @Property
  void minusUndoesPlus(@ForAll @LongRange(min = -1_000_000_000_000L, max = 1_000_000_000_000L) long m1,
      @ForAll @LongRange(min = 0, max = 999_999) long s1,
      @ForAll @LongRange(min = 0, max = 1_000_000_000_000L) long m2,
      @ForAll @LongRange(min = 0, max = 999_999) long s2) {
    Money a = new Money(m1, s1);
    Money b = new Money(m2, s2);
    assertEquals(a, a.plus(b).minus(b));
  }

  @Property
  void parseReadsWhatPlainStringWrites(@ForAll @LongRange(min = -1_000_000_000_000L, max = 1_000_000_000_000L) long micros,
      @ForAll @LongRange(min = 0, max = 999_999) long sub) {
    Money m = new Money(micros, sub);
    assertEquals(m, Money.parse(m.toPlainString()));
  }

  @Property
  void plainStringIsExact(@ForAll @LongRange(min = 0, max = 1_000_000_000_000L) long micros,
      @ForAll @LongRange(min = 0, max = 999_999) long sub) {
    Money m = new Money(micros, sub);
    assertEquals(0, new BigDecimal(m.toPlainString()).compareTo(m.toBigDecimal()));
  }

  @Test
  void printsSixDecimalsAndMoreOnlyWhenNeeded() {
    assertEquals("200.010000", Money.ofMicros(200_010_000).toPlainString());
    assertEquals("0.000000", Money.ZERO.toPlainString());
    assertEquals("0.0000005", new Money(0, 500_000).toPlainString());
    assertEquals("1.000001000001", new Money(1_000_001, 1).toPlainString());
  }

  @Test
  void winsPayWholeMicrosAndKeepTheRest() {
    Money m = new Money(5_000_123, 999_999);
    assertEquals(Money.ofMicros(5_000_123), m.wholeMicros());
    assertEquals(new Money(0, 999_999), m.subMicroPart());
    assertEquals(m, m.wholeMicros().plus(m.subMicroPart()));
  }

  @Test
  void displayRoundsDown() {
    assertEquals("200.01", Money.ofMicros(200_019_999).toDisplayString(2));
  }

  @Test
  void rejectsUnnormalisedSubPart() {
    assertThrows(IllegalArgumentException.class, () -> new Money(1, 1_000_000));
    assertThrows(IllegalArgumentException.class, () -> new Money(1, -1));
  }
}
