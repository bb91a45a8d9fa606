package io.jackpot.sequencer;

import java.time.Duration;

/**
 * Bounds of the sequencer: how many commands one pool batch carries, how many submissions may
 * wait and for how long before they are refused unapplied, how many applied commands may wait
 * for their commit, the retry backoff, and how long after its oldest submission was queued a
 * step's journal note may still be written ({@code noteDeadline}: half the round-claim TTL, see
 * {@link #forClaimTtl}).
 */
public record SequencerSettings(
    int maxBatchCommands, int maxQueuedSubmissions, Duration maxQueueWait, int maxUncommittedCommands,
    Duration retryInitial, Duration retryMax, Duration noteDeadline) {

  /** The defaults, for the default round-claim TTL of 600 s. */
  public static SequencerSettings defaults() {
    return new SequencerSettings(4_000, 200_000, Duration.ofSeconds(20), 40_000, Duration.ofMillis(50), Duration.ofSeconds(5),
        Duration.ofSeconds(300));
  }

  /**
   * With the note deadline at half of {@code claimTtl}, and the queue wait at most a quarter of it.
   * A step's rounds were claimed before they were queued, and the claim keeper keeps the claims of
   * the steps in the journal standing from within a quarter of the TTL of their note's writing: a
   * note whose writing starts within half the TTL of the queueing leaves about a quarter of it to
   * spare (less the time between claiming and queueing, which the ledger's time limit bounds, and
   * the write's own time). A note written later could let a round be applied after its claim lapsed
   * and a game's retry applied it elsewhere.
   */
  public SequencerSettings forClaimTtl(Duration claimTtl) {
    Duration quarter = claimTtl.dividedBy(4);
    return new SequencerSettings(maxBatchCommands, maxQueuedSubmissions, maxQueueWait.compareTo(quarter) > 0 ? quarter : maxQueueWait,
        maxUncommittedCommands, retryInitial, retryMax, claimTtl.dividedBy(2));
  }

  public SequencerSettings {
    if (maxBatchCommands < 1 || maxQueuedSubmissions < 1 || maxUncommittedCommands < maxBatchCommands) {
      throw new IllegalArgumentException("sequencer bounds must be positive and maxUncommittedCommands >= maxBatchCommands");
    }
    if (noteDeadline == null || noteDeadline.compareTo(maxQueueWait) <= 0) {
      throw new IllegalArgumentException("the note deadline must be longer than the queue wait, got " + noteDeadline);
    }
  }
}
