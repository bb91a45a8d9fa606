package io.jackpot.sequencer;

import static io.jackpot.sequencer.SequencerTest.A;
import static io.jackpot.sequencer.SequencerTest.B;
import static io.jackpot.sequencer.SequencerTest.NOW;
import static io.jackpot.sequencer.SequencerTest.round;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jackpot.error.OverloadedException;
import io.jackpot.money.Money;
import io.jackpot.money.Rate;
import io.jackpot.pool.Pool;
import io.jackpot.pool.PoolOutcome;
import io.jackpot.pool.PoolTerms;
import io.jackpot.pool.SeededRandom;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Steps whose journal note cannot be written safely (the member retired, the note deadline passed,
 * its identity fenced): refused unapplied, the note dropped, and while a note may stand, a place
 * held among the unrecorded steps.
 */
class SequencerNotesTest {
  /** The longest a test waits for what the sequencer does on its own thread. */
  private static final Duration WAIT = Duration.ofSeconds(5);

  private final InMemoryPools pools = new InMemoryPools();
  private final RecordingLedger ledger = new RecordingLedger();
  private final ExecutorService loop = Executors.newSingleThreadExecutor();
  private final ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor();
  private final MutableClock clock = new MutableClock(NOW);
  /** Schedulers of sequencers made by a test, stopped after it. */
  private final List<ExecutorService> stopped = new CopyOnWriteArrayList<>();

  @AfterEach
  void stop() {
    loop.shutdownNow();
    scheduler.shutdownNow();
    stopped.forEach(ExecutorService::shutdownNow);
  }

  private void poolsAAndB() {
    var random = new SeededRandom(2);
    pools.pools.put(A, Pool.created(A, new PoolTerms(1_000_000, new Rate(10_000)), random.next()));
    pools.pools.put(B, Pool.created(B, new PoolTerms(2_000_000, new Rate(20_000)), random.next()));
  }

  /**
   * A step whose note could not be written yet when the member retired (the split cut it off from
   * the note's partition): the cluster may have released its round claims meanwhile, so the note is
   * never written and the step never applied; the round is refused, retryable, elsewhere.
   */
  @Test
  void aRetiredSequencerNeverWritesTheNoteOfAStepItCouldNotWriteBefore() throws Exception {
    assertRefusedUnwritten(s -> s.retire("leaving"));
  }

  /**
   * A step whose note the journal could not take for longer than the note deadline (the cluster
   * without its quorum for minutes): its rounds' claims may lapse before it could be applied, and a
   * game's retry elsewhere would then apply them too. Once the journal takes writes again, the note
   * is not written and the step never applied; its rounds are refused, retryable.
   */
  @Test
  void aStepWhoseNoteCouldNotBeWrittenBeforeItsDeadlineIsRefusedUnapplied() throws Exception {
    assertRefusedUnwritten(s -> clock.now = NOW.plus(TestSettings.NOTE_DEADLINE).plusSeconds(1));
  }

  /**
   * A step whose note's first write landed but whose answer was lost, and whose later attempts
   * came past the note deadline: refused unapplied, and its note dropped; if that cannot be done,
   * the refusal says that the note may stand, so that the request keeps its rounds' claims standing
   * (the cluster finishes the note, once, when the member leaves) rather than releasing them for a
   * game's retry elsewhere to apply the rounds a second time.
   */
  @Test
  void aRefusedStepWhoseNoteMayHaveBeenWrittenSaysWhetherItWasDropped() throws Exception {
    Consumer<Sequencer> late = s -> clock.now = clock.now.plus(TestSettings.NOTE_DEADLINE).plusSeconds(1);
    Refusal notDropped = refusal(late, true, new AtomicBoolean(false));
    assertTrue(notDropped.refused().noteMayStand(), notDropped.refused().getMessage());
    assertEquals(1, notDropped.written().size(), "the first attempt's note landed");
    Refusal dropped = refusal(late, true, new AtomicBoolean(true));
    assertFalse(dropped.refused().noteMayStand(), "the note was dropped: the claims may go");
    assertEquals(dropped.written(), dropped.forgotten(), "the note that landed is the one dropped");
  }

  /**
   * The journal cannot take the note of round r1's step, {@code meanwhile} happens, then it can: r1
   * is refused, never applied, its note not written again, and dropped in case the first attempt
   * wrote it.
   */
  private void assertRefusedUnwritten(Consumer<Sequencer> meanwhile) throws Exception {
    Refusal r = refusal(meanwhile, false, new AtomicBoolean(true));
    assertFalse(r.refused().noteMayStand(), "dropped: the claims may go");
    assertTrue(r.written().isEmpty(), "no note written");
    assertEquals(1, r.forgotten().size(), "the note of the unanswered attempt dropped");
  }

  /**
   * How round r1's step was refused: the refusal, the notes the journal took and those it was asked
   * to drop (each attempt), and the sequencer, which goes on.
   */
  private record Refusal(OverloadedException refused, List<StepNote> written, List<StepNote> forgotten, Sequencer sequencer) {}

  /**
   * A refused step whose note may stand (not dropped yet) takes a place among the steps applied and
   * not recorded until it is dropped. Were the member to leave, the cluster would finish that note,
   * new to the pools, before the later steps still unrecorded; with three notes standing it would
   * push one of them out of the pools' memory of the member's last two batches, and that step,
   * sent again, would be applied a second time. So with one applied step waiting for its commit,
   * the next is not applied until the note is dropped; meanwhile the member is not ready.
   */
  @Test
  void aRefusedStepsNoteThatMayStandHoldsAPlaceAmongTheUnrecordedStepsUntilDropped() throws Exception {
    AtomicBoolean droppable = new AtomicBoolean(false);
    Refusal r = refusal(s -> clock.now = clock.now.plus(TestSettings.NOTE_DEADLINE).plusSeconds(1), true, droppable);
    assertTrue(r.refused().noteMayStand(), r.refused().getMessage());
    clock.now = clock.now.plus(TestSettings.NOTE_DEADLINE); // later rounds are queued now: within their deadline

    ledger.gate = new CompletableFuture<>(); // r2's commit waits
    CompletableFuture<List<PoolOutcome>> r2 = r.sequencer().submit(round("r2", 1_000_000, A)).toCompletableFuture();
    Polling.until(() -> !pools.pools.get(A).amount().equals(Money.ofMicros(1_000_000)), WAIT, "r2 applied: one place was left");
    CompletableFuture<List<PoolOutcome>> r3 = r.sequencer().submit(round("r3", 1_000_000, A)).toCompletableFuture();
    loop.submit(() -> { }).get(5, TimeUnit.SECONDS); // r3 taken in: applied at once, if at all (the pools answer at once)
    assertEquals(Money.ofMicros(1_010_000), pools.pools.get(A).amount(), "r3 not applied while the note may stand and r2 is unrecorded");
    int forgets = r.forgotten().size();
    Polling.until(() -> r.forgotten().size() >= forgets + 2, WAIT, "the note is asked to be dropped again and again");
    assertEquals(Money.ofMicros(1_010_000), pools.pools.get(A).amount(), "nor meanwhile");
    assertFalse(r.sequencer().healthy(), "not ready while the note cannot be dropped");

    droppable.set(true); // the next attempt drops it: its place goes to r3, r2 still waiting for its commit
    Polling.until(() -> !pools.pools.get(A).amount().equals(Money.ofMicros(1_010_000)), WAIT, "r3 applied once the note is dropped");
    assertTrue(r.sequencer().healthy(), "ready once it is dropped");
    ledger.gate.complete(null);
    r2.get(5, TimeUnit.SECONDS);
    r3.get(5, TimeUnit.SECONDS);
    assertEquals(Money.ofMicros(1_020_000), pools.pools.get(A).amount());
  }

  /**
   * The journal does not answer the note of round r1's step ({@code lands}: it takes the note all
   * the same), {@code meanwhile} happens, then it would: r1 is refused, never applied, and the
   * journal drops notes while {@code droppable}.
   */
  private Refusal refusal(Consumer<Sequencer> meanwhile, boolean lands, AtomicBoolean droppable)
      throws Exception {
    var random = new SeededRandom(2);
    pools.pools.put(A, Pool.created(A, new PoolTerms(1_000_000, new Rate(10_000)), random.next()));
    CountDownLatch tried = new CountDownLatch(1);
    List<StepNote> written = new CopyOnWriteArrayList<>();
    List<StepNote> forgotten = new CopyOnWriteArrayList<>();
    AtomicBoolean reachable = new AtomicBoolean();
    StepJournal cutOff = new StepJournal() {
      @Override
      public CompletionStage<Void> write(StepNote note) {
        boolean answered = reachable.get(); // read before the test hears of the attempt
        if (answered || lands) {
          written.add(note);
        }
        tried.countDown();
        if (!answered) {
          return CompletableFuture.failedFuture(new IllegalStateException("no answer from the note's partition"));
        }
        return CompletableFuture.completedFuture(null);
      }

      @Override
      public CompletionStage<Void> forget(StepNote note) {
        forgotten.add(note);
        return droppable.get() ? CompletableFuture.completedFuture(null)
            : CompletableFuture.failedFuture(new IllegalStateException("no answer from the note's partition"));
      }

      @Override
      public CompletionStage<Integer> fence(String senderId) {
        throw new UnsupportedOperationException();
      }

      @Override
      public CompletionStage<Set<String>> senders() {
        return CompletableFuture.completedFuture(Set.of());
      }

      @Override
      public CompletionStage<List<StepNote>> stepsOf(String senderId) {
        return CompletableFuture.completedFuture(List.of());
      }
    };
    var settings = TestSettings.queueing(1000);
    // The retries' scheduler is held until `meanwhile` has happened: the next attempt comes after it.
    CountDownLatch happened = new CountDownLatch(1);
    ScheduledExecutorService held = Executors.newSingleThreadScheduledExecutor();
    held.execute(() -> {
      try {
        happened.await();
      } catch (InterruptedException interrupted) {
        Thread.currentThread().interrupt();
      }
    });
    Sequencer s = new Sequencer(pools, ledger, loop, held, settings, clock, new SeededRandom(1),
        Sequencer.Observer.NONE, "member-m", cutOff);
    CompletableFuture<List<PoolOutcome>> done = s.submit(round("r1", 1_000_000, A)).toCompletableFuture();
    assertTrue(tried.await(5, TimeUnit.SECONDS));
    meanwhile.accept(s);
    reachable.set(true); // the journal takes writes again: a write now would succeed
    happened.countDown();
    stopped.add(held); // the retries of a note that may stand go on after the refusal
    ExecutionException e = assertThrows(ExecutionException.class, () -> done.get(5, TimeUnit.SECONDS));
    OverloadedException refused = assertInstanceOf(OverloadedException.class, e.getCause());
    assertEquals(Money.ofMicros(1_000_000), pools.pools.get(A).amount(), "never applied");
    s.idle().toCompletableFuture().get(5, TimeUnit.SECONDS);
    assertTrue(ledger.committed.isEmpty());
    return new Refusal(refused, written, forgotten, s);
  }

  /**
   * A member that merged back after a split has a new identity before the service hears of it:
   * the journal refuses a note of the old one (Fenced), and the step is refused unapplied at once,
   * not retried, so it cannot apply a round the games retried elsewhere.
   */
  @Test
  void aNoteOfAnIdentityThisMemberNoLongerHasIsRefusedAndNothingApplied() throws Exception {
    poolsAAndB();
    AtomicInteger writes = new AtomicInteger();
    InMemoryJournal fenced = new InMemoryJournal() {
      @Override
      public CompletionStage<Void> write(StepNote note) {
        writes.incrementAndGet();
        return CompletableFuture.failedFuture(new StepJournal.Fenced("this member is m-2 now, not " + note.senderId()));
      }
    };
    Sequencer s = new Sequencer(pools, ledger, loop, scheduler, TestSettings.queueing(10), clock, new SeededRandom(1),
        Sequencer.Observer.NONE, "m-1", fenced);
    CompletableFuture<List<PoolOutcome>> done = s.submit(round("r1", 1_000_000, A)).toCompletableFuture();
    ExecutionException e = assertThrows(ExecutionException.class, () -> done.get(WAIT.toMillis(), TimeUnit.MILLISECONDS));
    OverloadedException refused = assertInstanceOf(OverloadedException.class, e.getCause());
    assertFalse(refused.noteMayStand(), "no note was written: " + refused.getMessage());
    assertEquals(1, writes.get(), "a fenced write is not retried");
    assertEquals(Money.ofMicros(1_000_000), pools.pools.get(A).amount(), "never applied");
    assertTrue(ledger.committed.isEmpty());
  }

}
