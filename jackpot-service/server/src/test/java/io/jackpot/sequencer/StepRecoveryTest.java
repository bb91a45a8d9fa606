package io.jackpot.sequencer;

import static io.jackpot.sequencer.SequencerTest.A;
import static io.jackpot.sequencer.SequencerTest.B;
import static io.jackpot.sequencer.SequencerTest.round;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jackpot.ledger.LedgerBatch;
import io.jackpot.money.Money;
import io.jackpot.money.Rate;
import io.jackpot.pool.Commands;
import io.jackpot.pool.Pool;
import io.jackpot.pool.PoolCommand;
import io.jackpot.pool.PoolId;
import io.jackpot.pool.PoolTerms;
import io.jackpot.pool.SeededRandom;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A member applies steps and dies before recording them; another member finishes them from the
 * journal: every applied round ends up in the ledger exactly once, nothing is applied twice, and a
 * step cut off half-way is completed. One file over 300 lines: every case starts from the same dead
 * member's unrecorded steps, made by the helpers at its end.
 */
class StepRecoveryTest {
  private static final String DEAD = "dead-member";

  private final InMemoryPools pools = new InMemoryPools();
  private final RecordingLedger ledger = new RecordingLedger();
  private final InMemoryJournal journal = new InMemoryJournal();
  private final ExecutorService loop = Executors.newSingleThreadExecutor();
  private final ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor();
  private final MutableClock clock = new MutableClock(SequencerTest.NOW);
  private final StepRecovery recovery = new StepRecovery(pools, ledger, journal, clock);

  @AfterEach
  void stop() {
    loop.shutdownNow();
    scheduler.shutdownNow();
  }

  private Sequencer sequencer() {
    var random = new SeededRandom(2);
    pools.pools.put(A, Pool.created(A, new PoolTerms(1_000_000, new Rate(10_000)), random.next()));
    pools.pools.put(B, Pool.created(B, new PoolTerms(2_000_000, new Rate(20_000)), random.next()));
    var settings = TestSettings.queueing(1_000);
    return new Sequencer(pools, ledger, loop, scheduler, settings, clock, new SeededRandom(1),
        Sequencer.Observer.NONE, DEAD, journal);
  }

  @Test
  void stepsAppliedButNeverRecordedAreRecordedOnceOnTheDeadMembersBehalf() throws Exception {
    Sequencer s = sequencer();
    ledger.gate = new CompletableFuture<>(); // its commits never finish: the member dies first
    CountDownLatch hold = new CountDownLatch(1);
    loop.execute(() -> await(hold));
    for (int i = 0; i < 10; i++) {
      s.submit(round("r" + i, 10_000_000, A, B));
    }
    hold.countDown();
    until(() -> pool(A).opSeq() == 10 && pool(B).opSeq() == 10);
    assertEquals(Sequencer.MAX_UNRECORDED_STEPS, journal.notes.size(), "r0 alone, then r1–r9: two steps applied, none recorded");
    Money a = pool(A).amount();
    Money b = pool(B).amount();

    StepRecovery.Finished f = recovery.finish(DEAD).toCompletableFuture().get(10, TimeUnit.SECONDS);

    assertEquals(new StepRecovery.Finished(2, 2, 10, 0, 0), f);
    assertEquals(a, pool(A).amount(), "the pools are not changed again: they answered what they had applied");
    assertEquals(b, pool(B).amount());
    assertEquals(10, pool(A).opSeq());
    assertEquals(20, ledger.committed.stream().mapToInt(c -> c.shares().size()).sum());
    assertEquals(a, Money.ofMicros(1_000_000).plus(sharesOf(A)), "the ledger holds exactly what pool A took");
    assertEquals(b, Money.ofMicros(2_000_000).plus(sharesOf(B)));
    assertTrue(journal.notes.isEmpty(), "finished steps leave the journal");
    assertEquals(new StepRecovery.Finished(0, 0, 0, 0, 0), recovery.finish(DEAD).toCompletableFuture().get(10, TimeUnit.SECONDS));
  }

  @Test
  void aStepCutOffHalfWayIsCompletedOnThePoolsThatNeverGotIt() throws Exception {
    Sequencer s = sequencer();
    pools.dieBefore = B; // A gets its batch, B never does, and the member's call never returns
    s.submit(round("half", 10_000_000, A, B));
    until(() -> pool(A).opSeq() == 1);
    assertEquals(0, pool(B).opSeq());
    pools.dieBefore = null;

    StepRecovery.Finished f = recovery.finish(DEAD).toCompletableFuture().get(10, TimeUnit.SECONDS);

    assertEquals(new StepRecovery.Finished(1, 1, 1, 0, 0), f);
    assertEquals(1, pool(A).opSeq(), "A had it: not applied again");
    assertEquals(1, pool(B).opSeq(), "B gets it now, with the step's own batch");
    LedgerBatch recorded = ledger.committed.get(0);
    assertEquals(1, recorded.rounds().size());
    assertEquals(2, recorded.shares().size());
    assertEquals(pool(A).amount(), Money.ofMicros(1_000_000).plus(sharesOf(A)));
    assertEquals(pool(B).amount(), Money.ofMicros(2_000_000).plus(sharesOf(B)));
  }

  /**
   * A step the ledger refuses stops the finishing there: it and the later steps are counted as left
   * and stay in the journal, the later ones not sent to the pools (sent first, they could push the
   * refused step's batch out of a pool's memory, and that step, sent again, would be applied twice).
   * Once the ledger takes it, all are finished, each applied once.
   */
  @Test
  void aStepTheLedgerRefusesIsLeftWithTheStepsAfterItUntilItCanBeRecorded() throws Exception {
    Sequencer s = appliedToAAndBNeverRecorded("whole");
    pools.dieBefore = B; // the second step reaches A only
    s.submit(round("half", 10_000_000, A, B));
    until(() -> pool(A).opSeq() == 2);
    pools.dieBefore = null;
    assertEquals(2, journal.notes.size());
    ledger.refusedSteps.set(1);
    int applies = pools.applies.get();

    StepRecovery.Finished stuck = recovery.finish(DEAD).toCompletableFuture().get(10, TimeUnit.SECONDS);

    assertEquals(new StepRecovery.Finished(0, 0, 0, 0, 2), stuck);
    assertEquals(applies + 2, pools.applies.get(), "only the refused step was sent to the pools (one call per pool)");
    assertEquals(1, pool(B).opSeq(), "the later step was not sent on");
    assertEquals(2, journal.notes.size(), "both stay for the next try");
    assertTrue(ledger.committed.isEmpty());

    StepRecovery.Finished f = recovery.finish(DEAD).toCompletableFuture().get(10, TimeUnit.SECONDS);

    assertEquals(new StepRecovery.Finished(2, 2, 2, 0, 0), f);
    assertEquals(2, pool(A).opSeq(), "A applied each step once");
    assertEquals(2, pool(B).opSeq(), "B got the second step now");
    assertEquals(pool(A).amount(), Money.ofMicros(1_000_000).plus(sharesOf(A)));
    assertEquals(pool(B).amount(), Money.ofMicros(2_000_000).plus(sharesOf(B)));
    assertTrue(journal.notes.isEmpty());
  }

  /**
   * A step the ledger refused is not sent again to a pool that answered it: the pool may have
   * forgotten the batch meanwhile (other senders' batches push a sender out of its memory), and
   * would apply it a second time. The next try records the answers the pools gave the first.
   */
  @Test
  void aRefusedStepIsNotSentAgainToAPoolThatForgotTheBatchButHoldsWhatItApplied() throws Exception {
    aStepAppliedToAAndBWhoseFirstFinishTheLedgerRefused();
    // Members started since (each a new sender) fill A's memory: the dead member's batch is forgotten.
    Pool a = stakedByNewSenders(pool(A), Pool.SENDERS, 0);
    pools.pools.put(A, a);
    assertTrue(a.lastBatchBySender().size() == Pool.SENDERS && !a.lastBatchBySender().containsKey(DEAD));
    int applies = pools.applies.get();

    StepRecovery.Finished f = recovery.finish(DEAD).toCompletableFuture().get(10, TimeUnit.SECONDS);

    assertEquals(new StepRecovery.Finished(1, 1, 1, 0, 0), f);
    assertEquals(applies, pools.applies.get(), "no pool was sent the step again");
    assertEquals(1 + Pool.SENDERS, pool(A).opSeq(), "A applied it once");
    assertEquals(a.amount(), pool(A).amount());
    assertEquals(List.of(1L), sharesOfStep(A), "the ledger records A's share where A took it");
    assertEquals(pool(B).amount(), Money.ofMicros(2_000_000).plus(sharesOf(B)));
    assertTrue(journal.notes.isEmpty());
  }

  /**
   * A pool that lost what it applied of a refused step (rebuilt from the ledger, which lacks the
   * step) is sent the batch again and applies it: the ledger then records what the pools hold.
   */
  @Test
  void aRefusedStepIsSentAgainToAPoolRebuiltFromBeforeIt() throws Exception {
    aStepAppliedToAAndBWhoseFirstFinishTheLedgerRefused();
    Money b = pool(B).amount();
    pools.pools.put(A, Pool.created(A, new PoolTerms(1_000_000, new Rate(10_000)), new SeededRandom(3).next()));

    StepRecovery.Finished f = recovery.finish(DEAD).toCompletableFuture().get(10, TimeUnit.SECONDS);

    assertEquals(new StepRecovery.Finished(1, 1, 1, 0, 0), f);
    assertEquals(1, pool(A).opSeq(), "the rebuilt A applied it again");
    assertEquals(1, pool(B).opSeq(), "B, which holds it, did not");
    assertEquals(b, pool(B).amount());
    assertEquals(pool(A).amount(), Money.ofMicros(1_000_000).plus(sharesOf(A)), "the ledger holds exactly what A holds");
    assertEquals(pool(B).amount(), Money.ofMicros(2_000_000).plus(sharesOf(B)));
    assertTrue(pool(A).amount().compareTo(Money.ofMicros(1_000_000)) > 0, "A took the share");
  }

  /** The dead member applied one step to A and B and recorded nothing; the ledger refused the first try to finish it. */
  private void aStepAppliedToAAndBWhoseFirstFinishTheLedgerRefused() throws Exception {
    appliedToAAndBNeverRecorded("refused");
    ledger.refusedSteps.set(1);
    assertEquals(new StepRecovery.Finished(0, 0, 0, 0, 1), recovery.finish(DEAD).toCompletableFuture().get(10, TimeUnit.SECONDS));
  }

  /**
   * A pool made again from the ledger (which lacks the refused step) and then moved on by other
   * members, past the step's operations: its memory is not full, so it never forgot the batch; it
   * never had it, and gets it again, at its next operation.
   */
  @Test
  void aRefusedStepIsSentAgainToAPoolRebuiltFromBeforeItThoughItMovedOnSince() throws Exception {
    aStepAppliedToAAndBWhoseFirstFinishTheLedgerRefused();
    Pool rebuilt = Pool.created(A, new PoolTerms(1_000_000, new Rate(10_000)), new SeededRandom(3).next());
    Pool movedOn = stakedByNewSenders(rebuilt, 3, 0);
    pools.pools.put(A, movedOn);

    StepRecovery.Finished f = recovery.finish(DEAD).toCompletableFuture().get(10, TimeUnit.SECONDS);

    assertEquals(new StepRecovery.Finished(1, 1, 1, 0, 0), f);
    assertEquals(4, pool(A).opSeq(), "A applied it again, after the other members' three");
    assertEquals(List.of(4L), sharesOfStep(A), "the ledger records the share A took now");
    assertTrue(pool(A).amount().compareTo(movedOn.amount()) > 0, "A took the share");
    assertEquals(1, pool(B).opSeq(), "B, which holds it, did not");
  }

  /**
   * A step waiting behind one the ledger refuses is not sent meanwhile (in step order), but the
   * answers of the pools that remember its batch are kept while they do: once the first step is
   * recorded, the second is recorded with them, though the pool has forgotten it by then.
   */
  @Test
  void aStepWaitingBehindARefusedOneIsNotAppliedTwiceByAPoolThatForgotItMeanwhile() throws Exception {
    Sequencer s = appliedNeverRecorded("first", A);
    s.submit(round("second", 10_000_000, A));
    until(() -> pool(A).opSeq() == 2);
    ledger.refusedSteps.set(1);
    assertEquals(new StepRecovery.Finished(0, 0, 0, 0, 2), recovery.finish(DEAD).toCompletableFuture().get(10, TimeUnit.SECONDS));
    Pool a = stakedByNewSenders(pool(A), Pool.SENDERS, 0);
    pools.pools.put(A, a);
    assertTrue(!a.lastBatchBySender().containsKey(DEAD), "A has forgotten both steps' batches");
    int applies = pools.applies.get();

    StepRecovery.Finished f = recovery.finish(DEAD).toCompletableFuture().get(10, TimeUnit.SECONDS);

    assertEquals(new StepRecovery.Finished(2, 2, 2, 0, 0), f);
    assertEquals(applies, pools.applies.get(), "neither step was sent again");
    assertEquals(2 + Pool.SENDERS, pool(A).opSeq(), "A applied each step once");
    assertEquals(List.of(1L, 2L), sharesOfStep(A));
  }

  /**
   * A pool whose memory is full and that does not remember the batch, but whose last operation is
   * before the answer's, was made again since (and sent batches by 64 senders): it lacks the step
   * and is sent it again.
   */
  @Test
  void aRefusedStepIsSentAgainToAPoolWithAFullMemoryThatIsBehindItsAnswer() throws Exception {
    Sequencer s = sequencer();
    pools.pools.put(A, stakedByNewSenders(pool(A), 70, 100)); // A was busy before: the step takes operation 71
    ledger.gate = new CompletableFuture<>();
    s.submit(round("late", 10_000_000, A));
    until(() -> pool(A).opSeq() == 71);
    ledger.refusedSteps.set(1);
    assertEquals(new StepRecovery.Finished(0, 0, 0, 0, 1), recovery.finish(DEAD).toCompletableFuture().get(10, TimeUnit.SECONDS));
    Pool rebuilt = Pool.created(A, new PoolTerms(1_000_000, new Rate(10_000)), new SeededRandom(3).next());
    pools.pools.put(A, stakedByNewSenders(rebuilt, Pool.SENDERS, 0)); // made again, then 64 senders: full, at operation 64

    StepRecovery.Finished f = recovery.finish(DEAD).toCompletableFuture().get(10, TimeUnit.SECONDS);

    assertEquals(new StepRecovery.Finished(1, 1, 1, 0, 0), f);
    assertEquals(Pool.SENDERS + 1, pool(A).opSeq(), "A applied it again");
    assertEquals(List.of((long) Pool.SENDERS + 1), sharesOfStep(A));
  }

  /**
   * A step waiting behind a refused one whose batch no pool remembers (its member noted it and died
   * before sending it) has no answers to keep, and none are kept for it.
   */
  @Test
  void aWaitingStepThatNoPoolRemembersKeepsNoAnswers() throws Exception {
    Sequencer s = appliedNeverRecorded("first", A);
    pools.dieBefore = A; // the second step is noted and reaches no pool
    s.submit(round("second", 10_000_000, A));
    until(() -> pools.applies.get() == 2);
    synchronized (pools) { // the second apply has read dieBefore (it holds this lock while it does)
      pools.dieBefore = null;
    }
    assertEquals(2, journal.notes.size());
    ledger.refusedSteps.set(1);

    assertEquals(new StepRecovery.Finished(0, 0, 0, 0, 2), recovery.finish(DEAD).toCompletableFuture().get(10, TimeUnit.SECONDS));

    assertEquals(1, recovery.stepsWithAnswersKept(), "the refused step's answers only");
    assertEquals(1, pool(A).opSeq(), "the waiting step was not sent");

    StepRecovery.Finished f = recovery.finish(DEAD).toCompletableFuture().get(10, TimeUnit.SECONDS);

    assertEquals(new StepRecovery.Finished(2, 2, 2, 0, 0), f);
    assertEquals(2, pool(A).opSeq(), "A got the waiting step now, once");
    assertEquals(0, recovery.stepsWithAnswersKept());
  }

  /**
   * The sweep drops the answers kept for a step once the journal no longer has it (another member,
   * the finisher before, recorded it): its sender is not finished again, so nothing else would.
   */
  @Test
  void theSweepDropsTheAnswersOfAStepGoneFromTheJournal() throws Exception {
    aStepAppliedToAAndBWhoseFirstFinishTheLedgerRefused();
    assertEquals(1, recovery.stepsWithAnswersKept());
    ledger.refusedSteps.set(1);
    assertEquals(1, sweep(recovery, Set.of()), "refused again: one step left");
    assertEquals(1, recovery.stepsWithAnswersKept(), "its sender is still departed with steps in the journal");

    journal.notes.clear(); // finished elsewhere

    assertEquals(0, sweep(recovery, Set.of()));
    assertEquals(0, recovery.stepsWithAnswersKept());
    assertTrue(ledger.committed.isEmpty(), "not recorded here");
  }

  /**
   * The journal's senders are read before the members: a member that joins while they are read
   * (and writes its first note) is in the member list, and its steps are left to it.
   */
  @Test
  void aMemberThatJoinsWhileTheJournalIsReadIsNotTakenForDeparted() throws Exception {
    appliedToAAndBNeverRecorded("r0"); // the member's commit is under way
    AtomicBoolean joined = new AtomicBoolean();
    StepRecovery sweeping = new StepRecovery(pools, ledger, new ForwardingJournal(journal) {
      @Override
      public CompletionStage<Set<String>> senders() {
        CompletableFuture<Set<String>> answer = new CompletableFuture<>(); // answered later, on another thread, as Hazelcast does
        super.senders().thenAccept(senders -> loop.execute(() -> {
          joined.set(true); // DEAD joins before the answer comes
          answer.complete(senders);
        }));
        return answer;
      }
    }, clock);

    assertEquals(0, sweeping.finishDeparted(() -> joined.get() ? Set.of(DEAD) : Set.of()).toCompletableFuture().get(10, TimeUnit.SECONDS));

    assertTrue(ledger.committed.isEmpty(), "its step is not recorded on its behalf");
    assertEquals(1, journal.notes.size());

    assertEquals(0, sweep(sweeping, Set.of()), "it has left now");
    assertEquals(1, ledger.committed.size(), "its step recorded on its behalf");
    assertTrue(journal.notes.isEmpty());
  }

  /** A departed sender whose notes cannot be read is counted as one step left and holds back no other. */
  @Test
  void aDepartedSenderWhoseNotesCannotBeReadDoesNotHoldBackTheOthers() throws Exception {
    appliedToAAndBNeverRecorded("r0");
    String unreadable = "a-member-before-" + DEAD; // swept first
    StepRecovery sweeping = new StepRecovery(pools, ledger, new ForwardingJournal(journal) {
      @Override
      public CompletionStage<Set<String>> senders() {
        return super.senders().thenApply(senders -> Set.of(unreadable, senders.iterator().next()));
      }

      @Override
      public CompletionStage<List<StepNote>> stepsOf(String senderId) {
        return senderId.equals(unreadable) ? CompletableFuture.failedFuture(new IllegalStateException("partition lost"))
            : super.stepsOf(senderId);
      }
    }, clock);

    assertEquals(1, sweep(sweeping, Set.of()), "the unreadable sender counts one");

    assertEquals(1, ledger.committed.size(), "the dead member's step recorded on its behalf");
    assertTrue(journal.notes.isEmpty());
  }

  /** The dead member's sequencer once it has applied {@code roundId} to A and B, one step, and recorded nothing. */
  private Sequencer appliedToAAndBNeverRecorded(String roundId) {
    return appliedNeverRecorded(roundId, A, B);
  }

  /**
   * The dead member's sequencer once it has applied {@code roundId} to {@code to} (pools nothing fed
   * before), one step, and recorded nothing.
   */
  private Sequencer appliedNeverRecorded(String roundId, PoolId... to) {
    Sequencer s = sequencer();
    ledger.gate = new CompletableFuture<>(); // its commits never finish: the member dies first
    s.submit(round(roundId, 10_000_000, to));
    until(() -> Arrays.stream(to).allMatch(id -> pool(id).opSeq() == 1));
    return s;
  }

  /** One sweep of {@code recovery} with {@code members} in the cluster: the steps it left. */
  private static int sweep(StepRecovery recovery, Set<String> members) throws Exception {
    return recovery.finishDeparted(() -> members).toCompletableFuture().get(10, TimeUnit.SECONDS);
  }

  /** {@code pool} after one stake from each of {@code senders} new senders (numbered from {@code first}). */
  private static Pool stakedByNewSenders(Pool pool, int senders, int first) {
    for (int i = first; i < first + senders; i++) {
      pool = pool.apply(new Pool.Batch("started-" + i, 1, "s-" + i, new SeededRandom(i).next(),
          List.of(Commands.stake("other-" + i, 1_000_000)))).pool();
    }
    return pool;
  }

  /** The operations at which the ledger recorded the recovered step's shares of {@code pool}. */
  private List<Long> sharesOfStep(PoolId pool) {
    return ledger.committed.stream().flatMap(c -> c.shares().stream()).filter(sh -> sh.pool().equals(pool))
        .map(LedgerBatch.Share::opSeq).toList();
  }

  @Test
  void aStepItsMemberRecordedIsNotSentAgainEvenIfTheNoteStayed() throws Exception {
    Sequencer s = sequencer();
    journal.keepForgotten = true; // the member died right after each commit, before dropping the note
    for (int i = 0; i < 5; i++) {
      s.submit(round("done-" + i, 10_000_000, A)).toCompletableFuture().get(10, TimeUnit.SECONDS);
    }
    assertEquals(5, journal.notes.size());
    Money before = pool(A).amount();

    StepRecovery.Finished f = recovery.finish(DEAD).toCompletableFuture().get(10, TimeUnit.SECONDS);

    // The pool remembers only the last two batches of a sender: re-sending the first three would apply them again.
    assertEquals(new StepRecovery.Finished(5, 0, 0, 0, 0), f);
    assertEquals(before, pool(A).amount());
    assertEquals(5, pool(A).opSeq());
    assertEquals(5, ledger.committed.stream().mapToInt(c -> c.rounds().size()).sum());
  }

  @Test
  void aWinOfTheDeadMembersStepIsRecordedOnlyIfARepeatedClaimDidNotRecordItAlready() throws Exception {
    Sequencer s = sequencer();
    ledger.gate = new CompletableFuture<>();
    s.submit(round("before-win", 10_000_000, A));
    s.submit(Submission.of(List.of(new Submission.Target(A,
        new PoolCommand.Claim("claim-1", "p", "g", "op", SequencerTest.NOW))), null));
    until(() -> pool(A).winSeq() == 1);

    StepRecovery.Finished f = recovery.finish(DEAD).toCompletableFuture().get(10, TimeUnit.SECONDS);

    assertEquals(1, f.wins());
    LedgerBatch withWin = ledger.committed.stream().filter(c -> !c.winsIfAbsent().isEmpty()).findFirst().orElseThrow();
    assertTrue(withWin.wins().isEmpty(), "a survivor answering the repeated claim may have recorded it");
    assertEquals("claim-1", withWin.winsIfAbsent().get(0).roundId());
    // The anchor goes where the same state is taken as recorded and another fails the commit (PgLedgerIT).
    assertEquals(List.of("WON"), withWin.events().stream().map(LedgerBatch.PoolEvent::kind).toList(), "the win's anchor");
    assertTrue(withWin.eventsIfAbsent().isEmpty());
  }

  private Pool pool(PoolId id) {
    return pools.pools.get(id);
  }

  private Money sharesOf(PoolId id) {
    return ledger.committed.stream().flatMap(c -> c.shares().stream()).filter(sh -> sh.pool().equals(id))
        .map(LedgerBatch.Share::share).reduce(Money.ZERO, Money::plus);
  }

  private static void await(CountDownLatch latch) {
    try {
      latch.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** Waits for the pools' state, with a limit. */
  private static void until(BooleanSupplier condition) {
    Polling.until(condition, Duration.ofSeconds(10), "timed out");
  }
}
