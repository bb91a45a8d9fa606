package io.jackpot.sequencer;

import static io.jackpot.sequencer.SequencerTest.A;
import static io.jackpot.sequencer.SequencerTest.B;
import static io.jackpot.sequencer.SequencerTest.round;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jackpot.error.OverloadedException;
import io.jackpot.pool.PoolId;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.Test;

/** Which submissions make the next step, and which are refused before one: times given by hand, nothing applied. */
class StepQueueTest {
  private static final long T0 = SequencerTest.NOW.toEpochMilli();

  /** At most {@code maxQueued} waiting, steps of at most 5 commands, 20 s of queue wait. */
  private static StepQueue queue(int maxQueued) {
    return new StepQueue(new SequencerSettings(5, maxQueued, Duration.ofSeconds(20), 10, Duration.ofMillis(1),
        Duration.ofMillis(5), Duration.ofSeconds(300)));
  }

  @Test
  void aStepTakesTheOldestSubmissionsThatFitInTheBatchBound() {
    StepQueue q = queue(100);
    List<Submission> in = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      Submission s = round("r" + i, 10_000, A, B); // two commands each
      in.add(s);
      assertTrue(q.offer(s, T0 + i));
    }
    StepQueue.Step first = q.nextStep();
    assertEquals(in.subList(0, 2), first.submissions(), "a third would make 6 commands, past the bound of 5");
    assertEquals(4, first.commands());
    assertEquals(T0, first.queuedAt(), "when its oldest submission was queued");
    StepQueue.Step second = q.nextStep();
    assertEquals(in.subList(2, 4), second.submissions());
    assertEquals(T0 + 2, second.queuedAt());
    assertTrue(q.isEmpty());
  }

  @Test
  void aSubmissionLargerThanTheBatchBoundMakesAStepOfItsOwn() {
    StepQueue q = queue(100);
    Submission big = round("big", 10_000, pools(7));
    Submission small = round("small", 10_000, A);
    q.offer(big, T0);
    q.offer(small, T0);
    StepQueue.Step step = q.nextStep();
    assertEquals(List.of(big), step.submissions());
    assertEquals(7, step.commands());
    assertEquals(List.of(small), q.nextStep().submissions());
  }

  @Test
  void aFullQueueTakesNothingMore() {
    StepQueue q = queue(2);
    assertTrue(q.offer(round("r0", 10_000, A), T0));
    assertTrue(q.offer(round("r1", 10_000, A), T0));
    Submission third = round("r2", 10_000, A);
    assertFalse(q.offer(third, T0));
    assertFalse(third.done().isDone(), "the caller answers it");
    assertEquals(2, q.nextStep().submissions().size());
  }

  @Test
  void whatWaitedLongerThanTheQueueWaitIsRefusedUnappliedAndTheRestStays() throws Exception {
    StepQueue q = queue(100);
    Submission old = round("old", 10_000, A);
    Submission justInTime = round("on-time", 10_000, A);
    q.offer(old, T0);
    q.offer(justInTime, T0 + 1);
    q.refuseStale(T0 + 20_001);
    assertEquals("waited too long for the ledger; retry shortly", refusal(old).getMessage());
    assertFalse(justInTime.done().isDone(), "queued exactly the queue wait ago: not refused yet");
    assertEquals(List.of(justInTime), q.nextStep().submissions());
  }

  @Test
  void refusingAllAnswersEachWithARefusalOfItsOwn() throws Exception {
    StepQueue q = queue(100);
    Submission a = round("a", 10_000, A);
    Submission b = round("b", 10_000, B);
    q.offer(a, T0);
    q.offer(b, T0);
    q.refuseAll(() -> new OverloadedException("leaving; retry on another member"));
    assertTrue(q.isEmpty());
    OverloadedException ra = refusal(a);
    assertEquals("leaving; retry on another member", ra.getMessage());
    assertNotSame(ra, refusal(b), "one refusal each");
  }

  private static OverloadedException refusal(Submission s) throws Exception {
    assertTrue(s.done().isCompletedExceptionally());
    try {
      s.done().get();
    } catch (ExecutionException e) {
      return assertInstanceOf(OverloadedException.class, e.getCause());
    }
    throw new AssertionError("not refused");
  }

  private static PoolId[] pools(int n) {
    PoolId[] ids = new PoolId[n];
    for (int i = 0; i < n; i++) {
      ids[i] = new PoolId("j", "p" + i);
    }
    return ids;
  }
}
