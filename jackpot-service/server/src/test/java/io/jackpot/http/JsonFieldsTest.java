package io.jackpot.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.regex.Pattern;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.Chars;
import net.jqwik.api.constraints.StringLength;
import org.junit.jupiter.api.Test;

/** The hand-written shape checks accept exactly what their regular expressions accept. */
class JsonFieldsTest {
  private static final Pattern PRINTABLE = Pattern.compile("[\\x20-\\x7E]{1,128}");
  private static final Pattern CURRENCY = Pattern.compile("[A-Z]{3}");

  @Property(tries = 3000)
  void printableAgreesWithItsRule(@ForAll @StringLength(max = 131) @Chars({'\u001f', ' ', '~', '\u007f', 'a', 'é', '\n', '0'}) String s) {
    assertEquals(PRINTABLE.matcher(s).matches(), JsonFields.isPrintable(s), s);
  }

  @Test
  void printableIsOneToOneHundredTwentyEightCharacters() {
    assertEquals(true, JsonFields.isPrintable("~".repeat(128)));
    assertEquals(false, JsonFields.isPrintable("~".repeat(129)));
    assertEquals(true, JsonFields.isPrintable(" "));
    assertEquals(false, JsonFields.isPrintable(""));
  }

  @Property(tries = 3000)
  void currencyCodeAgreesWithItsRule(@ForAll @StringLength(max = 5) @Chars({'A', 'Z', '@', '[', 'e', 'É', '1'}) String s) {
    assertEquals(CURRENCY.matcher(s).matches(), JsonFields.isCurrencyCode(s), s);
  }

  @Example
  void aNameIsPlainTextOnOneLineInAnyScriptAndAReasonMayBreakLines() {
    for (String fine : new String[] {"Candy Jackpots", "Süßigkeiten", "糖果", "Grand \uD83C\uDF6C"}) {
      assertFalse(JsonFields.badName(fine), fine);
    }
    for (String bad : new String[] {"a\u0000", "a\u001b[2J", "two\nlines", "tab\t", "\u202Ereversed", "\u200Fmark", "a\u2028b",
        "half \uD83C", "\uDF6C half"}) {
      assertTrue(JsonFields.badName(bad), bad);
    }
    assertFalse(JsonFields.hasControl("line one\nline two\ttabbed"));
    assertTrue(JsonFields.hasControl("nul\u0000"));
    assertTrue(JsonFields.hasControl("half \uD83C"));
  }
}
