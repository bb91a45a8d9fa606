package io.jackpot.sequencer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jackpot.error.OverloadedException;
import io.jackpot.ledger.LedgerBatch;
import io.jackpot.ledger.LedgerRefusal;
import io.jackpot.ledger.RoundRecord;
import io.jackpot.money.Money;
import io.jackpot.money.Rate;
import io.jackpot.pool.Pool;
import io.jackpot.pool.PoolCommand;
import io.jackpot.pool.PoolId;
import io.jackpot.pool.PoolOutcome;
import io.jackpot.pool.PoolTerms;
import io.jackpot.pool.SeededRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The sequencer on in-memory pools and ledger: commit order, group commits, retries, refusals and
 * the halt. One file over 300 lines: its cases share the stuck-commit fixtures.
 */
class SequencerTest {
  /** The longest a test waits for what the sequencer does on its own thread. */
  private static final Duration WAIT = Duration.ofSeconds(5);

  static final PoolId A = new PoolId("j", "a");
  static final PoolId B = new PoolId("j", "b");
  static final Instant NOW = Instant.parse("2026-11-21T12:00:00Z");

  private final InMemoryPools pools = new InMemoryPools();
  private final RecordingLedger ledger = new RecordingLedger();
  private final ExecutorService loop = Executors.newSingleThreadExecutor();
  private final ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor();

  private final MutableClock clock = new MutableClock(NOW);

  private Sequencer sequencer(int maxQueued) {
    var random = new SeededRandom(2);
    pools.pools.put(A, Pool.created(A, new PoolTerms(1_000_000, new Rate(10_000)), random.next()));
    pools.pools.put(B, Pool.created(B, new PoolTerms(2_000_000, new Rate(20_000)), random.next()));
    var settings = TestSettings.queueing(maxQueued);
    return new Sequencer(pools, ledger, loop, scheduler, settings, clock, new SeededRandom(1));
  }

  @Test
  void whatWaitedTooLongForAStuckCommitIsRefusedUnapplied() throws Exception {
    Sequencer s = sequencer(10_000);
    List<CompletableFuture<List<PoolOutcome>>> all = threeHundredBehindAStuckCommit(s);
    clock.now = NOW.plusSeconds(21);
    all.add(s.submit(round("late", 10_000, A)).toCompletableFuture());
    ledger.gate.complete(null);
    int refused = refusedAsOverloaded(all);
    assertTrue(refused > 0, "queued work older than the limit is refused");
    committedAllBut(refused, "refused work was never applied");
  }

  /**
   * Commits failing (not hanging): the sequencer refuses new work, so no submission comes along to
   * run the queue; what waits in it must still be refused once it has waited too long, not answered
   * only when the ledger is back.
   */
  @Test
  void whatWaitedTooLongWhileCommitsFailIsRefusedUnappliedBeforeTheyRecover() throws Exception {
    Sequencer s = sequencer(10_000);
    List<CompletableFuture<List<PoolOutcome>>> all = new ArrayList<>();
    for (CompletableFuture<List<PoolOutcome>> f : threeHundredBehindAStuckCommit(s)) {
      all.add(f);
    }
    ledger.failures.set(Integer.MAX_VALUE);
    ledger.gate.completeExceptionally(new IllegalStateException("connection reset")); // the held commit fails, and every retry
    Polling.until(() -> !s.healthy(), WAIT, "the first commit failed");
    assertTrue(all.stream().noneMatch(CompletableFuture::isDone), "nothing answered yet");
    clock.now = NOW.plusSeconds(21);
    CompletableFuture<Object> firstRefused = CompletableFuture.anyOf(all.toArray(CompletableFuture[]::new));
    ExecutionException refused = assertThrows(ExecutionException.class, () -> firstRefused.get(5, TimeUnit.SECONDS),
        "queued work is refused while the commits still fail");
    assertInstanceOf(OverloadedException.class, refused.getCause());
    assertEquals("waited too long for the ledger; retry shortly", refused.getCause().getMessage());
    assertTrue(ledger.committed.isEmpty(), "still failing");
    ledger.gate = CompletableFuture.completedFuture(null);
    ledger.failures.set(0);
    s.idle().toCompletableFuture().get(5, TimeUnit.SECONDS);
    int refusedCount = refusedAsOverloaded(all);
    assertTrue(refusedCount >= 200, "everything not applied before the failure is refused: " + refusedCount);
    long committed = ledger.committed.stream().mapToInt(b -> b.shares().size()).sum();
    assertEquals(300 - refusedCount, committed, "every round is either committed or refused");
    assertEquals(Money.ofMicros(1_000_000 + committed * 100), pools.pools.get(A).amount(), "refused work was never applied");
  }

  @Test
  void idleWaitsUntilEverythingAppliedIsCommitted() throws Exception {
    Sequencer s = sequencer(1000);
    CompletableFuture<List<PoolOutcome>> done = behindAStuckCommit(s, A);
    CompletableFuture<Void> idle = s.idle().toCompletableFuture();
    assertThrows(TimeoutException.class, () -> idle.get(200, TimeUnit.MILLISECONDS));
    ledger.gate.complete(null);
    idle.get(5, TimeUnit.SECONDS);
    assertTrue(done.isDone());
    assertEquals(1, ledger.committed.size());
  }

  /** A retired sequencer (its member lost its cluster identity) commits what it applied and refuses the rest, unapplied. */
  @Test
  void aRetiredSequencerCommitsWhatItAppliedAndRefusesTheRestUnapplied() throws Exception {
    Sequencer s = sequencer(10_000);
    List<CompletableFuture<List<PoolOutcome>>> all = threeHundredBehindAStuckCommit(s);
    s.retire("leaving");
    assertTrue(!s.healthy());
    all.add(s.submit(round("after", 10_000, A)).toCompletableFuture());
    ledger.gate.complete(null);
    s.idle().toCompletableFuture().get(5, TimeUnit.SECONDS);
    int refused = refusedAsOverloaded(all);
    assertTrue(refused > 1, "what was queued and what came later is refused: " + refused);
    long committed = committedAllBut(refused, "every submission is either committed or refused unapplied");
    assertTrue(committed > 0, "what was applied before is committed");
  }

  /** Of threeHundredBehindAStuckCommit's 301 rounds, all but the refused ones are committed, and pool A holds exactly those; returns how many. */
  private long committedAllBut(int refused, String message) {
    long committed = ledger.committed.stream().mapToInt(b -> b.shares().size()).sum();
    assertEquals(301 - refused, committed, message);
    assertEquals(Money.ofMicros(1_000_000 + committed * 100), pools.pools.get(A).amount());
    return committed;
  }

  /**
   * A retired member's step that the cluster recorded on its old identity's behalf meanwhile: its
   * own strict commit fails, and instead of retrying for ever it finds the step recorded, answers
   * the round with the (same) outcomes and can stop.
   */
  @Test
  void aRetiredSequencerWhoseStepTheClusterRecordedAnswersAndStops() throws Exception {
    Sequencer s = sequencer(1000);
    CompletableFuture<List<PoolOutcome>> done = behindAStuckCommit(s, A);
    long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
    while (ledger.lastAttempt == null) {
      assertTrue(System.nanoTime() < until, "the commit began");
      loop.submit(() -> { }).get(5, TimeUnit.SECONDS);
    }
    s.retire("leaving");
    ledger.steps.addAll(ledger.lastAttempt.stepIds()); // StepRecovery on another member recorded it
    ledger.gate.complete(null); // the member's own commit now fails: "recorded twice"
    List<PoolOutcome> outcomes = done.get(5, TimeUnit.SECONDS);
    assertEquals(Money.ofMicros(10_000), ((PoolOutcome.Contributed) outcomes.get(0)).share());
    s.idle().toCompletableFuture().get(5, TimeUnit.SECONDS);
    assertTrue(ledger.committed.isEmpty(), "nothing recorded twice");
  }

  /** Round r1 (stake 1.00) on {@code pools} while the ledger holds its commit. */
  private CompletableFuture<List<PoolOutcome>> behindAStuckCommit(Sequencer s, PoolId... pools) {
    ledger.gate = new CompletableFuture<>();
    return s.submit(round("r1", 1_000_000, pools)).toCompletableFuture();
  }

  /** 300 rounds on pool A while the ledger holds its first commit: a part applied and waiting, the rest queued. */
  private List<CompletableFuture<List<PoolOutcome>>> threeHundredBehindAStuckCommit(Sequencer s) throws Exception {
    ledger.gate = new CompletableFuture<>();
    List<CompletableFuture<List<PoolOutcome>>> all = new ArrayList<>();
    for (int i = 0; i < 300; i++) {
      all.add(s.submit(round("r" + i, 10_000, A)).toCompletableFuture());
    }
    loop.submit(() -> { }).get(5, TimeUnit.SECONDS); // the loop has queued all of the above
    return all;
  }

  @AfterEach
  void stop() {
    loop.shutdownNow();
    scheduler.shutdownNow();
  }

  /**
   * A commit the ledger refuses for good (a unique key broken) is not retried: the sequencer halts.
   * The step's submission is answered retryable with its note standing, nothing is acknowledged,
   * the member is not ready, and later work is refused unapplied.
   */
  @Test
  void aCommitTheLedgerRefusesForGoodHaltsTheSequencer() throws Exception {
    Sequencer s = sequencer(10_000);
    ledger.refusal = new LedgerRefusal("SQLSTATE 23505: duplicate key value violates unique constraint", null);
    CompletableFuture<List<PoolOutcome>> refused = s.submit(round("r-1", 10_000, A)).toCompletableFuture();
    ExecutionException failed = assertThrows(ExecutionException.class, () -> refused.get(WAIT.toMillis(), TimeUnit.MILLISECONDS));
    OverloadedException answer = assertInstanceOf(OverloadedException.class, failed.getCause());
    assertTrue(answer.noteMayStand(), "its step stays applied and noted: " + answer.getMessage());
    assertFalse(s.healthy(), "not ready once halted");
    assertTrue(s.halted().contains(ledger.lastAttempt.commitId()), s.halted());
    assertEquals(1, ledger.attempts.get(), "a refusal for good is not retried");
    long opSeq = pools.pools.get(A).opSeq();

    CompletableFuture<List<PoolOutcome>> later = s.submit(round("r-2", 10_000, A)).toCompletableFuture();
    ExecutionException laterFailed = assertThrows(ExecutionException.class, () -> later.get(WAIT.toMillis(), TimeUnit.MILLISECONDS));
    assertFalse(assertInstanceOf(OverloadedException.class, laterFailed.getCause()).noteMayStand(), "never applied");
    assertEquals(opSeq, pools.pools.get(A).opSeq(), "no more money moves");
    s.idle().toCompletableFuture().get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
    assertEquals(0, ledger.committed.size());
  }

  /**
   * A member taken for departed (a long pause) commits late, after the cluster recorded its steps
   * for it: the strict insert is refused, and since every step is recorded the submissions are
   * answered as committed, the member not halted.
   */
  @Test
  void aLateCommitOfStepsTheClusterRecordedIsAnsweredAsCommitted() throws Exception {
    Sequencer s = sequencer(10_000);
    RecordingLedger recordedForIt = ledger;
    recordedForIt.refusal = new LedgerRefusal("SQLSTATE 23505: duplicate key value violates \"steps_pkey\"", null);
    recordedForIt.recordEveryStep = true;
    List<PoolOutcome> outcomes = s.submit(round("r1", 10_000, A)).toCompletableFuture().get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
    assertEquals(1, outcomes.size());
    assertTrue(s.healthy(), "not halted: " + s.halted());
    assertEquals(null, s.halted());
  }

  static Submission round(String id, long stake, PoolId... targets) {
    List<Submission.Target> t = new ArrayList<>();
    for (PoolId p : targets) {
      t.add(new Submission.Target(p, new PoolCommand.Contribute(id, stake, "p", "g", "op", NOW)));
    }
    return Submission.of(t, new RoundRecord(id, "fp", "g", "op", "p", stake, "EUR", null, NOW));
  }

  @Test
  void answersOnlyAfterTheLedgerCommitted() throws Exception {
    Sequencer s = sequencer(1000);
    CompletableFuture<List<PoolOutcome>> done = behindAStuckCommit(s, A, B);
    assertThrows(TimeoutException.class, () -> done.get(200, TimeUnit.MILLISECONDS));
    assertTrue(ledger.committed.isEmpty());
    ledger.gate.complete(null);
    List<PoolOutcome> outcomes = done.get(5, TimeUnit.SECONDS);
    assertEquals(Money.ofMicros(10_000), ((PoolOutcome.Contributed) outcomes.get(0)).share());
    assertEquals(Money.ofMicros(20_000), ((PoolOutcome.Contributed) outcomes.get(1)).share());
    assertEquals(1, ledger.committed.size());
  }

  @Test
  void commitsInApplyOrderAndGroupsWhatIsReady() throws Exception {
    Sequencer s = sequencer(10_000);
    ledger.gate = new CompletableFuture<>();
    List<CompletableFuture<List<PoolOutcome>>> all = new ArrayList<>();
    for (int i = 0; i < 300; i++) {
      all.add(s.submit(round("r" + i, 10_000 + i, i % 2 == 0 ? A : B)).toCompletableFuture());
    }
    ledger.gate.complete(null);
    CompletableFuture.allOf(all.toArray(CompletableFuture[]::new)).get(10, TimeUnit.SECONDS);
    List<Long> opsOfA = ledger.committed.stream().flatMap(b -> b.shares().stream())
        .filter(sh -> sh.pool().equals(A)).map(LedgerBatch.Share::opSeq).toList();
    assertEquals(150, opsOfA.size());
    for (int i = 0; i < opsOfA.size(); i++) {
      assertEquals(i + 1, opsOfA.get(i), "A's shares must reach the ledger in op order");
    }
    assertTrue(ledger.committed.size() < 300, "ready batches are merged into fewer commits");
    assertEquals(300, ledger.committed.stream().mapToInt(b -> b.rounds().size()).sum());
  }

  @Test
  void aFailingCommitIsRetriedAndNothingIsLostOrDoubled() throws Exception {
    Sequencer s = sequencer(1000);
    ledger.failures.set(3);
    List<CompletableFuture<List<PoolOutcome>>> all = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      all.add(s.submit(round("r" + i, 1_000_000, A)).toCompletableFuture());
    }
    int accepted = 0;
    for (var f : all) {
      try {
        f.get(10, TimeUnit.SECONDS);
        accepted++;
      } catch (ExecutionException refused) {
        // Arrived while commits were failing: refused before being applied (the caller retries).
        assertInstanceOf(OverloadedException.class, refused.getCause());
      }
    }
    assertTrue(accepted >= 1);
    assertEquals(accepted, ledger.committed.stream().mapToInt(b -> b.shares().size()).sum(), "each accepted one recorded once");
    assertTrue(ledger.attempts.get() >= 4, "the failing commit was retried");
    assertEquals(Money.ofMicros(1_000_000 + accepted * 10_000L), pools.pools.get(A).amount(), "nothing refused was applied");
    assertTrue(s.healthy());
  }

  @Test
  void itTellsForHowLongCommitsHaveBeenFailing() throws Exception {
    Sequencer s = sequencer(1000);
    assertFalse(s.failingFor(Duration.ZERO));
    ledger.failures.set(Integer.MAX_VALUE);
    CompletableFuture<List<PoolOutcome>> done = s.submit(round("r1", 1_000_000, A)).toCompletableFuture();
    Polling.until(() -> ledger.attempts.get() >= 2, WAIT, "the failing commit was retried");
    assertTrue(s.failingFor(Duration.ZERO));
    assertFalse(s.failingFor(Duration.ofHours(1)));
    ledger.failures.set(0);
    done.get(5, TimeUnit.SECONDS);
    assertFalse(s.failingFor(Duration.ZERO), "no longer failing once a commit goes through");
  }

  @Test
  void anApplyWhoseAnswerWasLostIsRetriedWithoutApplyingTwice() throws Exception {
    Sequencer s = sequencer(1000);
    pools.loseAnswers.set(1);
    oneRoundAppliedOnceIn(s, 2);
  }

  /** Thrown, not a failed stage: the attempt is retried like any failed one instead of failing the step. */
  @Test
  void anApplyThatThrowsIsRetried() throws Exception {
    Sequencer s = sequencer(1000);
    pools.throwOnCalls.addAll(List.of(1, 2));
    oneRoundAppliedOnceIn(s, 3);
  }

  /** A retry that throws (resilience4j runs it on its scheduler, where a throw went nowhere) is retried too. */
  @Test
  void aRetryThatThrowsIsRetriedInsteadOfLeavingTheStepWaiting() throws Exception {
    Sequencer s = sequencer(1000);
    pools.loseAnswers.set(1);
    pools.throwOnCalls.add(2);
    oneRoundAppliedOnceIn(s, 3);
  }

  /** A round of 1.00 to pool A is answered as its first operation, after {@code applies} calls to the pools, and in it once. */
  private void oneRoundAppliedOnceIn(Sequencer s, int applies) throws Exception {
    List<PoolOutcome> outcomes = s.submit(round("r1", 1_000_000, A)).toCompletableFuture().get(5, TimeUnit.SECONDS);
    assertEquals(applies, pools.applies.get());
    assertEquals(Money.ofMicros(1_010_000), pools.pools.get(A).amount());
    assertEquals(1, ((PoolOutcome.Contributed) outcomes.get(0)).opSeq());
  }

  @Test
  void refusesBeyondItsQueueBound() throws Exception {
    Sequencer s = sequencer(1);
    ledger.gate = new CompletableFuture<>();
    List<CompletableFuture<List<PoolOutcome>>> all = new ArrayList<>();
    for (int i = 0; i < 400; i++) {
      all.add(s.submit(round("r" + i, 10_000, A)).toCompletableFuture());
    }
    ledger.gate.complete(null);
    int refused = refusedAsOverloaded(all);
    assertTrue(refused > 0, "a full queue refuses");
    long applied = ledger.committed.stream().mapToInt(b -> b.shares().size()).sum();
    assertEquals(400 - refused, applied);
    assertFalse(pools.pools.get(A).amount().isNegative());
  }

  /** Waits for every submission; counts those refused, each of which must be an overload refusal. */
  private static int refusedAsOverloaded(List<? extends CompletableFuture<?>> all) throws Exception {
    int refused = 0;
    for (var f : all) {
      try {
        f.get(10, TimeUnit.SECONDS);
      } catch (ExecutionException e) {
        assertInstanceOf(OverloadedException.class, e.getCause());
        refused++;
      }
    }
    return refused;
  }
}
