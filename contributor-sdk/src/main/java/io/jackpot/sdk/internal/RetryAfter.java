package io.jackpot.sdk.internal;

import java.math.BigInteger;
import java.net.http.HttpHeaders;
import java.net.http.WebSocketHandshakeException;
import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;

/** Reads Retry-After in milliseconds: from a response's headers, a stream's answer, or a refused WebSocket upgrade. */
final class RetryAfter {
  private RetryAfter() {}

  /** Delay-seconds, or an HTTP-date (RFC 9110); unreadable: 1 s. */
  static long millis(String v) {
    String t = v.trim();
    try {
      return secondsToMillis(Long.parseLong(t));
    } catch (NumberFormatException notSeconds) {
      try {
        Instant at = ZonedDateTime.parse(t, DateTimeFormatter.RFC_1123_DATE_TIME).toInstant();
        return Math.max(0, Duration.between(Instant.now(), at).toMillis());
      } catch (DateTimeParseException notADate) {
        return 1000;
      }
    }
  }

  /** The header's value, or -1 without one. */
  static long millis(HttpHeaders headers) {
    return headers.firstValue("Retry-After").map(RetryAfter::millis).orElse(-1L);
  }

  /**
   * Seconds in milliseconds: none below 0, and no overflow. A value past a long's range in
   * milliseconds is the longest wait (which {@link JitteredBackoff#afterRetryAfter} caps), not a negative one.
   */
  static long secondsToMillis(long seconds) {
    return seconds <= 0 ? 0 : seconds >= Long.MAX_VALUE / 1000 ? Long.MAX_VALUE : seconds * 1000;
  }

  /** The same for a number read from JSON: one past a long (a BigInteger) is the longest wait too, not its low 64 bits. */
  static long secondsToMillis(Number seconds) {
    return seconds instanceof BigInteger b ? (b.signum() > 0 ? Long.MAX_VALUE : 0) : secondsToMillis(seconds.longValue());
  }

  /** The Retry-After of a WebSocket upgrade answered 429 or 503, or -1 (for the stream and the ticker alike). */
  static long ofUpgrade(Throwable error) {
    return Causes.unwrap(error) instanceof WebSocketHandshakeException h
        && (h.getResponse().statusCode() == 429 || h.getResponse().statusCode() == 503) ? millis(h.getResponse().headers()) : -1;
  }
}
