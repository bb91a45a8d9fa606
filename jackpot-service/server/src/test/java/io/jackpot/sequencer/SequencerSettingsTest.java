package io.jackpot.sequencer;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The sequencer's waits follow the round-claim TTL: its claims must outlast them. */
class SequencerSettingsTest {
  @Test
  void theNoteDeadlineIsHalfTheClaimTtlAndTheQueueWaitAtMostAQuarter() {
    SequencerSettings usual = SequencerSettings.forClaimTtl(Duration.ofSeconds(600));
    assertEquals(Duration.ofSeconds(300), usual.noteDeadline());
    assertEquals(Duration.ofSeconds(20), usual.maxQueueWait(), "the default wait, well inside a quarter of 600 s");
    SequencerSettings shortest = SequencerSettings.forClaimTtl(Duration.ofSeconds(60));
    assertEquals(Duration.ofSeconds(30), shortest.noteDeadline());
    assertEquals(Duration.ofSeconds(15), shortest.maxQueueWait());
    SequencerSettings test = SequencerSettings.forClaimTtl(Duration.ofSeconds(3)); // LedgerStuckIT's
    assertEquals(Duration.ofMillis(1_500), test.noteDeadline());
    assertEquals(Duration.ofMillis(750), test.maxQueueWait());
  }
}
