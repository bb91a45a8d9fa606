package io.jackpot.sdk;

/**
 * The SDK already holds {@code bufferCapacity} contributions (the service is slow or unreachable):
 * this one was not accepted. The game decides: stop play, or retry later with the same round id.
 * {@code contribute} returns a stage already failed with it: nothing waits.
 */
public final class BufferFullException extends RuntimeException {
  public BufferFullException(int capacity) {
    super("the contributor holds " + capacity + " contributions already; this one was not accepted");
  }
}
