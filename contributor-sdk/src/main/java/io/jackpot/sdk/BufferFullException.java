package io.jackpot.sdk;

/**
 * The SDK already holds {@code bufferCapacity} contributions (the service is slow or unreachable):
 * this one was not accepted. The game decides: stop play, or retry later with the same round id.
 * {@code contribute} returns a stage already failed with it: nothing waits. Immutable once thrown;
 * safe to pass between threads.
 */
public final class BufferFullException extends RuntimeException {
  public BufferFullException(int capacity) {
    this(capacity, null);
  }

  /** {@code lastFailure}: why the last delivery being retried failed (what fills the buffer), or null. */
  public BufferFullException(int capacity, String lastFailure) {
    super("the contributor holds " + capacity + " contributions already; this one was not accepted"
        + (lastFailure == null ? "" : "; the last delivery failure: " + lastFailure));
  }
}
