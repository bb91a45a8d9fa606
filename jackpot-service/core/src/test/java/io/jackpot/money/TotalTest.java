package io.jackpot.money;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigDecimal;
import org.junit.jupiter.api.Test;

class TotalTest {

  /** A total is written as an amount is, so that reconciliation's figures keep their form. */
  @Test
  void writtenAsMoneyIsWritten() {
    for (Money m : new Money[] {Money.ZERO, Money.ofMicros(1), new Money(12_340_000, 500_000), new Money(0, 1), new Money(-5, 0),
        new Money(-5, 250_000), Money.ofMicros(Long.MAX_VALUE), new Money(Long.MIN_VALUE, 999_999)}) {
      assertEquals(m.toPlainString(), Total.of(m).toPlainString(), m.toString());
    }
  }

  @Test
  void aDatabasesSumsCarryTheirSubMicroPartAndMayPassALongsRange() {
    BigDecimal micros = new BigDecimal("20000000000000000000"); // 2 × 10^19, past a long
    Total t = Total.of(micros, new BigDecimal("2500000"));
    assertEquals("20000000000000.0000025", t.toPlainString());
    assertEquals(t, Total.of(Money.ofMicros(Long.MAX_VALUE)).plus(Total.of(new BigDecimal("10776627963145224193"), new BigDecimal("2500000"))));
    assertThrows(ArithmeticException.class, () -> Total.of(new BigDecimal("1.5"), BigDecimal.ZERO));
  }

  @Test
  void subtractsExactlyBelowZero() {
    Total t = Total.of(Money.ofMicros(1)).minus(Total.of(new Money(1, 1)));
    assertEquals("-0.000000000001", t.toPlainString());
    assertEquals(Total.of(new Money(-1, 999_999)), t);
  }
}
