package io.jackpot.sdk.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import org.junit.jupiter.api.Test;

class RetryAfterTest {
  @Test
  void secondsAnHttpDateOrOneSecondWhenUnreadable() {
    assertEquals(3000, HttpJackpotContributor.retryAfterMillis(" 3 "));
    assertEquals(0, HttpJackpotContributor.retryAfterMillis("-5"));
    String inTenSeconds = DateTimeFormatter.RFC_1123_DATE_TIME.format(ZonedDateTime.now(ZoneOffset.UTC).plusSeconds(10));
    long fromDate = HttpJackpotContributor.retryAfterMillis(inTenSeconds);
    assertTrue(fromDate > 8000 && fromDate <= 10_000, "an HTTP-date ten seconds ahead: " + fromDate);
    assertEquals(0, HttpJackpotContributor.retryAfterMillis("Sun, 06 Nov 1994 08:49:37 GMT"), "a date past: at once");
    assertEquals(1000, HttpJackpotContributor.retryAfterMillis("soon"));
  }
}
