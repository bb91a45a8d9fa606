package io.jackpot.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.jackpot.error.ErrorCode;
import io.jackpot.error.Rejection;
import io.vertx.core.VertxException;
import io.vertx.ext.web.handler.HttpException;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;

/** A refused request's log line does not carry whatever the caller sent, whole. */
class ErrorsTest {
  @Test
  void longCallerTextIsClippedInTheLog() {
    assertEquals("x".repeat(Errors.LOGGED_CHARS) + "…(4096 chars)", Errors.clipped("x".repeat(4096)));
    assertEquals("y".repeat(Errors.LOGGED_CHARS), Errors.clipped("y".repeat(Errors.LOGGED_CHARS)));
    assertNull(Errors.clipped(null));
    assertEquals("no jackpot a?FAKE LINE?", Errors.clipped("no jackpot a\nFAKE LINE\r"), "one line whatever the caller sent");
  }

  /**
   * Vert.x Web's own refusals of a request it could not read are the caller's error (their 4xx
   * status), and so is any failure it gave a 4xx status; the service's own failures are not.
   */
  @Test
  void vertxWebRefusalsKeepTheirClientStatus() {
    assertEquals(400, Errors.refusedByWeb(new HttpException(400, "Error while decoding query params"), -1));
    assertEquals(400, Errors.refusedByWeb(new IllegalArgumentException("Bad string"), 400));
    assertEquals(0, Errors.refusedByWeb(new HttpException(500), -1));
    assertEquals(0, Errors.refusedByWeb(new IllegalStateException("a bug"), -1));
    assertEquals(0, Errors.refusedByWeb(Rejection.invalid(ErrorCode.INVALID_FIELD, "x"), 400), "ours keep their own answer");
  }

  /** The SQL pool's own failures (no connection within the limit, one closed meanwhile) are "retry", not a bug. */
  @Test
  void aLedgerConnectionNotHadInTimeIsUnavailableNotInternal() {
    for (String message : Errors.POOL_FAILURES) {
      Errors.Failure f = Errors.describe(new CompletionException(new VertxException(message + ", current status: CLOSED", true)), "GET /x");
      assertEquals(503, f.status(), message);
      assertEquals(ErrorCode.UNAVAILABLE, f.code());
    }
    assertEquals(500, Errors.describe(new VertxException("something else", true), "GET /x").status());
  }
}
