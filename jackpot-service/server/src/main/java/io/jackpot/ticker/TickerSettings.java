package io.jackpot.ticker;

import java.time.Duration;

/**
 * The ticker's cadence and bounds: updates at most once per {@code interval}; wins looked for every
 * {@code winPoll} (never slower than the interval); a subscriber whose unsent data passes
 * {@code maxQueueBytes} is dropped; idle connections are pinged every {@code pingEvery} and closed
 * when the previous ping went unanswered. {@code socketSendBufferBytes} bounds what the kernel holds
 * per connection (0: the OS default), which with many subscribers bounds memory and lets a stalled
 * subscriber be noticed sooner. A member holds at most {@code maxSubscribers} subscribers: every
 * subscriber holds a connection (a file descriptor) and a place in every broadcast. One client
 * address holds at most {@code maxSubscribersPerClient} of them, so that no one client takes them all.
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
