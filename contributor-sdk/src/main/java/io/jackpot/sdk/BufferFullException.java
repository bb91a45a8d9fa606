package io.jackpot.sdk;

/**
 * The SDK already holds {@code bufferCapacity} contributions (the service is slow or unreachable),
 * so this one was not accepted: stop play, or retry later with the same round id. Immutable.
 */
public final class BufferFullException extends RuntimeException {
  /** {@code contribute} returns a stage already failed with it: nothing waits. Safe to pass between threads. */
  public BufferFullException(int capacity) {
    this(capacity, null);
  }

  /** {@code lastFailure}: why the last delivery being retried failed (what fills the buffer), or null. */
  public BufferFullException(int capacity, String lastFailure) {
    super("the contributor holds " + capacity + " contributions already; this one was not accepted"
        + (lastFailure == null ? "" : "; the last delivery failure: " + lastFailure));
  }
}
