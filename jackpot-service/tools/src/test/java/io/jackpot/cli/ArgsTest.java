package io.jackpot.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

/** How jackpotctl reads a command's arguments. */
class ArgsTest {
  private final List<String> discontinue = List.of("bewitched", "--reason", "old", "--hold", "cv-0.10");

  @Test
  void plainArgumentsSkipOptionsAndTheirValuesButHoldTakesNone() {
    assertEquals("bewitched", Args.arg(discontinue, 0));
    assertEquals("cv-0.10", Args.arg(discontinue, 1));
    assertThrows(IllegalArgumentException.class, () -> Args.arg(discontinue, 2));
  }

  @Test
  void anOptionWithoutItsValueIsNotGiven() {
    assertEquals("old", Args.option(discontinue, "--reason"));
    assertNull(Args.option(List.of("--to"), "--to"));
  }

  @Test
  void queryHoldsOnlyTheGivenOptionsEncoded() {
    assertEquals("?to=2026-01-01T00%3A00Z", Args.query(List.of("--to", "2026-01-01T00:00Z"), "from", "to"));
    assertEquals("", Args.query(List.of(), "from", "to"));
  }
}
