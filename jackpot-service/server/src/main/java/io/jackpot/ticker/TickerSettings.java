package io.jackpot.ticker;

import java.time.Duration;

/**
 * The ticker's cadence and bounds: at most one update per {@code interval}; wins polled every
 * {@code winPoll}; idle connections pinged every {@code pingEvery}. A subscriber past
 * {@code maxQueueBytes} unsent is dropped. {@code socketSendBufferBytes} (0: OS default) bounds
 * kernel memory per connection. {@code maxSubscribers} and {@code maxSubscribersPerClient} bound
 * descriptors and broadcast cost, so no one client takes them all.
 */
public record TickerSettings(Duration interval, Duration winPoll, int maxQueueBytes, Duration pingEvery,
    int socketSendBufferBytes, int maxSubscribers, int maxSubscribersPerClient) {
  /** What {@code scripts/bench-ticker} checks by default. */
  public static final int DEFAULT_MAX_SUBSCRIBERS = 10_000;
  public static final int DEFAULT_MAX_SUBSCRIBERS_PER_CLIENT = 64;

  /** With the default bound per client address. */
  public TickerSettings(Duration interval, Duration winPoll, int maxQueueBytes, Duration pingEvery, int socketSendBufferBytes,
      int maxSubscribers) {
    this(interval, winPoll, maxQueueBytes, pingEvery, socketSendBufferBytes, maxSubscribers, DEFAULT_MAX_SUBSCRIBERS_PER_CLIENT);
  }

  public TickerSettings {
    if (interval.toMillis() < 100) {
      throw new IllegalArgumentException("the ticker interval must be at least 100 ms");
    }
    if (maxSubscribers < 1) {
      throw new IllegalArgumentException("a member must take at least one ticker subscriber");
    }
    if (maxSubscribersPerClient < 1) {
      throw new IllegalArgumentException("a client must be allowed at least one ticker subscriber");
    }
    winPoll = interval.compareTo(winPoll) < 0 ? interval : winPoll;
  }
}
