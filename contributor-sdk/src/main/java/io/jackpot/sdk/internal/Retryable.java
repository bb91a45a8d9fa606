package io.jackpot.sdk.internal;

/**
 * A failure worth trying again, elsewhere too: no answer, a 5xx, 408 or 429, or an answer that is
 * not the service's own ({@link ServiceAnswers} says which). {@code retryAfterMillis} is the
 * server's hint, or -1.
 */
final class Retryable extends RuntimeException {
  final long retryAfterMillis;

  Retryable(String message, long retryAfterMillis, Throwable cause) {
    super(message, cause, false, false);
    this.retryAfterMillis = retryAfterMillis;
  }
}
