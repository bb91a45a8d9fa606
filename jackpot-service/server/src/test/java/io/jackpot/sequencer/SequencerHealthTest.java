package io.jackpot.sequencer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** When the sequencer is ready and takes work, on a monotonic clock moved by hand. */
class SequencerHealthTest {
  private long nanos = 1_000;
  private final SequencerHealth health = new SequencerHealth(() -> nanos);

  @Test
  void failingIsTimedFromTheFirstFailureUntilBothApplyAndCommitRecover() {
    assertFalse(health.failingFor(Duration.ZERO));
    assertTrue(health.applyFailing(true));
    nanos += Duration.ofSeconds(10).toNanos();
    assertTrue(health.commitFailing(true), "still failing: the clock keeps the first failure's time");
    nanos += Duration.ofSeconds(25).toNanos();
    assertTrue(health.failingFor(Duration.ofSeconds(35)));
    assertFalse(health.failingFor(Duration.ofSeconds(36)));
    assertTrue(health.applyFailing(false), "commits still fail");
    assertTrue(health.failing());
    assertFalse(health.healthy());
    assertFalse(health.commitFailing(false));
    assertFalse(health.failingFor(Duration.ZERO));
    assertTrue(health.healthy());
  }

  @Test
  void aNoteThatCannotBeDroppedMakesItUnreadyThoughItTakesWork() {
    health.undroppable("s-1");
    health.undroppable("s-2");
    assertFalse(health.healthy());
    assertTrue(health.takesWork());
    health.dropped("s-1");
    assertFalse(health.healthy());
    health.dropped("s-2");
    assertTrue(health.healthy());
  }

  @Test
  void retiredItTakesNoWorkAndSaysWhy() {
    health.retire("this member left the cluster");
    assertFalse(health.takesWork());
    assertFalse(health.healthy());
    assertTrue(health.retired());
    assertNull(health.halted());
    assertEquals("this member left the cluster; retry on another member", health.leaving().getMessage());
    assertFalse(health.leaving().noteMayStand());
  }

  @Test
  void haltedItTakesNoWorkAndTheHaltIsWhatItSays() {
    health.retire("leaving");
    health.halt("this member halted: the ledger refused commit c-1 for good");
    assertFalse(health.takesWork());
    assertFalse(health.healthy());
    assertEquals("this member halted: the ledger refused commit c-1 for good", health.halted());
    assertEquals("this member halted: the ledger refused commit c-1 for good; retry on another member", health.leaving().getMessage());
  }
}
