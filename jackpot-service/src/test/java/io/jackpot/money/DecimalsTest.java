package io.jackpot.money;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class DecimalsTest {

  @ParameterizedTest
  @CsvSource({"1.50,1500000", "0.01,10000", "2000,2000000000", "0.000001,1", "20000.00,20000000000"})
  void parsesPlainDecimalsToMicros(String text, long micros) {
    assertEquals(micros, Decimals.parsePositiveMicros(text));
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "0", "0.00", "-1.00", "+1.00", "1e3", "1E-2", "NaN", "Infinity", "1.", ".5",
      "01.00", "1,50", " 1.00", "1.00 ", "0.0000001", "1234567890123.00", "0x10", "1.5.0", "١٢"})
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
