package io.jackpot.sdk.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

class RetryAfterTest {
  @Test
  void secondsAnHttpDateOrOneSecondWhenUnreadable() {
    assertEquals(3000, RetryAfter.millis(" 3 "));
    assertEquals(0, RetryAfter.millis("-5"));
    String inTenSeconds = DateTimeFormatter.RFC_1123_DATE_TIME.format(ZonedDateTime.now(ZoneOffset.UTC).plusSeconds(10));
    long fromDate = RetryAfter.millis(inTenSeconds);
    assertTrue(fromDate > 8000 && fromDate <= 10_000, "an HTTP-date ten seconds ahead: " + fromDate);
    assertEquals(0, RetryAfter.millis("Sun, 06 Nov 1994 08:49:37 GMT"), "a date past: at once");
    assertEquals(1000, RetryAfter.millis("soon"));
    // Seconds past a long's range in milliseconds wait the longest heeded, not a wrapped-around value.
    assertEquals(Long.MAX_VALUE, RetryAfter.millis("9223372036854775807"));
    assertEquals(Long.MAX_VALUE, RetryAfter.millis("18446744073709552"));
    assertEquals(30_000, JitteredBackoff.afterRetryAfter(RetryAfter.millis("18446744073709552"), 50, 0));
  }

  @Test
  void backoffIsJitteredAlsoAtItsCap() {
    var draws = new TreeSet<Long>();
    for (double r : new double[] {0, 0.25, 0.5, 0.999}) {
      long wait = JitteredBackoff.millis(100, 5_000, 30, r);
      assertTrue(wait >= 2_500 && wait <= 5_000, "between half and all of the cap: " + wait);
      draws.add(wait);
    }
    assertEquals(4, draws.size(), "different draws, different waits: " + draws);
    assertEquals(50, JitteredBackoff.millis(100, 5_000, 1, 0));
    assertEquals(799, JitteredBackoff.millis(100, 5_000, 4, 0.999), "the fourth wait: up to 800 ms");
    // resilience4j takes a wait under 1 ms for "give up": never 0.
    assertEquals(1, JitteredBackoff.millis(1, 1, 1, 0));
    assertEquals(1, JitteredBackoff.afterRetryAfter(0, 0, 0.5));
  }

  @Test
  void retryAfterIsNeverCutShortAndIsSpreadOut() {
    assertEquals(1_000, JitteredBackoff.afterRetryAfter(1_000, 50, 0));
    assertEquals(1_499, JitteredBackoff.afterRetryAfter(1_000, 50, 0.999));
    assertEquals(3_000, JitteredBackoff.afterRetryAfter(1_000, 3_000, 0.5), "never shorter than the backoff");
    assertEquals(30_000, JitteredBackoff.afterRetryAfter(3_600_000, 50, 0), "at most 30 s heeded");
  }
}
