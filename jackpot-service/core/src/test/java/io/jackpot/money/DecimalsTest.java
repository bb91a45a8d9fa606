package io.jackpot.money;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigDecimal;
import java.util.regex.Pattern;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.Chars;
import net.jqwik.api.constraints.StringLength;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class DecimalsTest {
  private static final Pattern PLAIN = Pattern.compile("(0|[1-9][0-9]*)(\\.([0-9]+))?");

  /**
   * The hand-written parser accepts exactly the plain decimals (those the plain decimal regular expression matches)
   * with at most 12 integer digits and 6 decimals, and reads them to the same value BigDecimal does.
   */
  @Property(tries = 5000)
  void parseScaledAgreesWithThePlainDecimalRule(@ForAll @StringLength(max = 22) @Chars({'0', '1', '9', '.', '-', '+', 'e', ' ', '٣'}) String s) {
    var m = PLAIN.matcher(s);
    boolean valid = m.matches() && m.group(1).length() <= 12 && (m.group(3) == null || m.group(3).length() <= 6);
    if (valid) {
      assertEquals(new BigDecimal(s).movePointRight(6).longValueExact(), Decimals.parseScaled(s, 6), s);
    } else {
      assertThrows(IllegalArgumentException.class, () -> Decimals.parseScaled(s, 6), s);
    }
  }

  @ParameterizedTest
  @CsvSource({"1.50,1500000", "0.01,10000", "2000,2000000000", "0.000001,1", "20000.00,20000000000",
      "999999999999.999999,999999999999999999"})
  void parsesPlainDecimalsToMicros(String text, long micros) {
    assertEquals(micros, Decimals.parsePositiveMicros(text));
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "0", "0.00", "-1.00", "+1.00", "1e3", "1E-2", "NaN", "Infinity", "1.", ".5",
      "01.00", "1,50", " 1.00", "1.00 ", "0.0000001", "1234567890123.00", "1234567890123", "0x10", "1.5.0", "١٢"})
  void refusesAnythingButAPositivePlainDecimal(String text) {
    assertThrows(IllegalArgumentException.class, () -> Decimals.parsePositiveMicros(text));
  }

  @ParameterizedTest
  @CsvSource({"0.005,5000", "0.03,30000", "0.999999,999999"})
  void parsesRatesInPartsPerMillion(String text, long ppm) {
    assertEquals(ppm, Rate.parse(text).ppm());
  }

  @ParameterizedTest
  @ValueSource(strings = {"0", "1", "1.0", "0.0000001", "2"})
  void refusesRatesOutsideTheOpenUnitInterval(String text) {
    assertThrows(IllegalArgumentException.class, () -> Rate.parse(text));
  }
}
