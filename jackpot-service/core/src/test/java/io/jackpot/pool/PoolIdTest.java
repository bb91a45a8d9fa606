package io.jackpot.pool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.regex.Pattern;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.Chars;
import net.jqwik.api.constraints.StringLength;
import org.junit.jupiter.api.Test;

class PoolIdTest {
  private static final Pattern RULE = Pattern.compile(PoolId.ID_RULE);

  /** The hand-written check accepts exactly what the documented regular expression accepts. */
  @Property(tries = 5000)
  void isIdAgreesWithTheRule(@ForAll @StringLength(max = 70) @Chars({'a', 'z', '0', '9', '.', '-', 'A', '/', '_', ' ', 'é', '`', '{'}) String s) {
    assertEquals(RULE.matcher(s).matches(), PoolId.isId(s), s);
  }

  @Test
  void lengthBoundIsSixtyFour() {
    assertEquals(true, PoolId.isId("a".repeat(64)));
    assertEquals(false, PoolId.isId("a".repeat(65)));
    assertEquals(false, PoolId.isId(""));
    assertEquals(false, PoolId.isId("-a"));
    assertThrows(IllegalArgumentException.class, () -> new PoolId("bewitched", "CV-1"));
  }
}
