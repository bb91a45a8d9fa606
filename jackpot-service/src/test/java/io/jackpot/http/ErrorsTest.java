package io.jackpot.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

/** A refused request's log line does not carry whatever the caller sent, whole. */
class ErrorsTest {
  @Test
  void longCallerTextIsClippedInTheLog() {
    assertEquals("x".repeat(Errors.LOGGED_CHARS) + "…(4096 chars)", Errors.clipped("x".repeat(4096)));
    assertEquals("y".repeat(Errors.LOGGED_CHARS), Errors.clipped("y".repeat(Errors.LOGGED_CHARS)));
    assertNull(Errors.clipped(null));
  }
}
