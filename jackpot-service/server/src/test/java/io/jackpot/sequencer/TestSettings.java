package io.jackpot.sequencer;

import java.time.Duration;

/** The sequencer's bounds in tests: small batches, quick retries, up to {@code maxQueued} submissions waiting. */
final class TestSettings {
  private TestSettings() {}

  /** How long a step's note may take to be written before the step is refused. */
  static final Duration NOTE_DEADLINE = Duration.ofSeconds(300);

  static SequencerSettings queueing(int maxQueued) {
    return new SequencerSettings(50, maxQueued, Duration.ofSeconds(20), 100, Duration.ofMillis(1), Duration.ofMillis(5),
        NOTE_DEADLINE);
  }
}
