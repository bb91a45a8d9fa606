package io.jackpot.sequencer;

/** The sequencer's queue is full: the caller should retry later (HTTP 503 with Retry-After). */
public final class OverloadedException extends RuntimeException {
  public OverloadedException(String message) {
    super(message, null, false, false);
  }
}
