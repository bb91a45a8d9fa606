package io.jackpot.sdk.internal;

/** A failure worth trying again (no answer, 5xx, 429/503); {@code retryAfterMillis} is the server's hint, or -1. */
final class Retryable extends RuntimeException {
  final long retryAfterMillis;

  Retryable(String message, long retryAfterMillis, Throwable cause) {
    super(message, cause, false, false);
    this.retryAfterMillis = retryAfterMillis;
  }
}
