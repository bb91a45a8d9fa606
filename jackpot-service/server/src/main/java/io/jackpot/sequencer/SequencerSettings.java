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

  /** The queue wait when the round-claim TTL leaves room for it (a quarter of the TTL or more). */
  static final Duration MAX_QUEUE_WAIT = Duration.ofSeconds(20);

  /**
   * Settings for a round-claim TTL: the note deadline is half of it, the queue wait
   * {@link #MAX_QUEUE_WAIT} or a quarter of it if shorter. The claim keeper keeps claims standing
   * from within a quarter TTL of a note's writing, so a note started within half the TTL of queueing
   * leaves about a quarter to spare. A later note could apply a round after its claim lapsed and a
   * retry applied it elsewhere.
   */
  public static SequencerSettings forClaimTtl(Duration claimTtl) {
    Duration quarter = claimTtl.dividedBy(4);
    return new SequencerSettings(4_000, 200_000, MAX_QUEUE_WAIT.compareTo(quarter) > 0 ? quarter : MAX_QUEUE_WAIT, 40_000,
        Duration.ofMillis(50), Duration.ofSeconds(5), claimTtl.dividedBy(2));
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
