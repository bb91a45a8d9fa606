package io.jackpot.sequencer;

import java.time.Duration;

/**
 * Bounds of the sequencer: how many commands one pool batch carries, how many submissions may
 * wait and for how long before they are refused unapplied, how many applied commands may wait
 * for their commit, and the retry backoff.
 */
public record SequencerSettings(
    int maxBatchCommands, int maxQueuedSubmissions, Duration maxQueueWait, int maxUncommittedCommands,
    Duration retryInitial, Duration retryMax) {

  public static SequencerSettings defaults() {
    return new SequencerSettings(4_000, 200_000, Duration.ofSeconds(20), 40_000, Duration.ofMillis(50), Duration.ofSeconds(5));
  }

  public SequencerSettings {
    if (maxBatchCommands < 1 || maxQueuedSubmissions < 1 || maxUncommittedCommands < maxBatchCommands) {
      throw new IllegalArgumentException("sequencer bounds must be positive and maxUncommittedCommands >= maxBatchCommands");
    }
  }
}
