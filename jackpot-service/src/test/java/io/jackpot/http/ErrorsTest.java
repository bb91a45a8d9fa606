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

  /** The SQL pool's own failures (no connection within the limit, one closed meanwhile) are "retry", not a bug. */
  @Test
  void aLedgerConnectionNotHadInTimeIsUnavailableNotInternal() {
    for (String message : Errors.POOL_FAILURES) {
      Errors.Failure f = Errors.describe(new java.util.concurrent.CompletionException(new io.vertx.core.VertxException(message + ", current status: CLOSED", true)), "GET /x");
      assertEquals(503, f.status(), message);
      assertEquals("UNAVAILABLE", f.code());
    }
    assertEquals(500, Errors.describe(new io.vertx.core.VertxException("something else", true), "GET /x").status());
  }
}
