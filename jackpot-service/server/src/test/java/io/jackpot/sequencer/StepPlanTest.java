package io.jackpot.sequencer;

import static io.jackpot.sequencer.SequencerTest.A;
import static io.jackpot.sequencer.SequencerTest.B;
import static io.jackpot.sequencer.SequencerTest.NOW;
import static io.jackpot.sequencer.SequencerTest.round;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import io.jackpot.ledger.LedgerBatch;
import io.jackpot.ledger.RoundStatus;
import io.jackpot.money.Money;
import io.jackpot.pool.Pool;
import io.jackpot.pool.PoolId;
import io.jackpot.pool.PoolOutcome;
import io.jackpot.pool.PoolStatus;
import io.jackpot.pool.SeededRandom;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** How a step's submissions become pool batches, a journal note, each caller's outcomes and the group commit's rows. */
class StepPlanTest {
  private final Submission r1 = round("r1", 10_000, A, B);
  private final Submission r2 = round("r2", 20_000, B);

  @Test
  void eachPoolGetsOneBatchWithItsCommandsInSubmissionOrderAndEntropyInPoolOrder() {
    Map<PoolId, Pool.Batch> perPool = StepPlan.batchesPerPool("m-1", 7, List.of(r1, r2), new SeededRandom(1), Instant.EPOCH);
    assertEquals(List.of(A, B), List.copyOf(perPool.keySet()), "pools in the order the step first names them");
    assertEquals(List.of(r1.targets().get(0).command()), perPool.get(A).commands());
    assertEquals(List.of(r1.targets().get(1).command(), r2.targets().get(0).command()), perPool.get(B).commands());
    SeededRandom same = new SeededRandom(1);
    assertEquals(same.next(), perPool.get(A).entropy());
    assertEquals(same.next(), perPool.get(B).entropy());
    perPool.values().forEach(b -> {
      assertEquals("m-1", b.senderId());
      assertEquals(7, b.sequence());
    });
    assertNotEquals(perPool.get(A).opId(), perPool.get(B).opId(), "a fresh operation id per batch");
  }

  @Test
  void theNoteCarriesWhatWasAskedAndTheExactBatches() {
    Map<PoolId, Pool.Batch> perPool = StepPlan.batchesPerPool("m-1", 3, List.of(r1, r2), new SeededRandom(1), Instant.EPOCH);
    StepNote note = StepPlan.note("m-1", 3, List.of(r1, r2), perPool);
    assertEquals("m-1", note.senderId());
    assertEquals(3, note.sequence());
    assertEquals(perPool, note.batches());
    assertEquals(List.of(StepNote.Asked.of(r1), StepNote.Asked.of(r2)), note.submissions());
    assertEquals("m-1", StepNote.senderOf(note.key()));
  }

  @Test
  void eachSubmissionGetsTheOutcomesOfItsOwnCommandsInItsCommandOrder() {
    PoolOutcome a1 = new PoolOutcome.Unchanged("r1", PoolStatus.ACTIVE);
    PoolOutcome b1 = new PoolOutcome.Unchanged("r1", PoolStatus.PAUSED);
    PoolOutcome b2 = new PoolOutcome.Unchanged("r2", PoolStatus.ACTIVE);
    List<List<PoolOutcome>> out = StepPlan.distribute(List.of(r1, r2), Map.of(A, List.of(a1), B, List.of(b1, b2)));
    assertEquals(List.of(List.of(a1, b1), List.of(b2)), out);
  }

  @Test
  void aGroupCommitRecordsEveryStepInApplyOrderUnderTheirStepIds() {
    AppliedStep first = applied(r1, "step-1", contributed("r1", 1), contributed("r1", 1));
    AppliedStep second = applied(r2, "step-2", contributed("r2", 2));
    LedgerBatch batch = StepPlan.commitOf(List.of(first, second), new LedgerBatches(new MutableClock(NOW)));
    assertEquals(List.of("step-1", "step-2"), batch.stepIds());
    assertEquals(List.of("r1", "r2"), batch.rounds().stream().map(r -> r.record().roundId()).toList());
    batch.rounds().forEach(r -> {
      assertEquals(RoundStatus.APPLIED, r.status());
      assertEquals(NOW, r.appliedAt(), "the clock's time");
    });
    assertEquals(Map.of(A, 1L, B, 2L), batch.shares().stream().collect(Collectors.groupingBy(LedgerBatch.Share::pool, Collectors.counting())));
  }

  private static AppliedStep applied(Submission s, String stepId, PoolOutcome... outcomes) {
    StepNote note = new StepNote("m-1", stepId, 1, List.of(StepNote.Asked.of(s)), Map.of());
    return new AppliedStep(List.of(s), note, List.of(List.of(outcomes)), outcomes.length);
  }

  private static PoolOutcome contributed(String roundId, long opSeq) {
    Money share = Money.ofMicros(100);
    return new PoolOutcome.Contributed(roundId, opSeq, 10_000, share, Money.ofMicros(0), Money.ofMicros(0), share, null);
  }
}
