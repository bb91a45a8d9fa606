package io.jackpot.sequencer;

import io.jackpot.error.Failures;
import io.jackpot.error.OverloadedException;
import io.jackpot.ledger.LedgerRefusal;
import io.jackpot.ledger.LedgerWriter;
import io.jackpot.pool.Pool;
import io.jackpot.pool.PoolId;
import io.jackpot.pool.PoolOutcome;
import io.jackpot.pool.Pools;
import io.jackpot.pool.RandomSource;
import io.jackpot.pool.Win;
import java.time.Clock;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Orders every pool change of this member: applies queued submissions, one batch per pool per step,
 * then commits them in apply order, grouped into one transaction. A submission completes once
 * committed.
 *
 * <p>A committed win implies every earlier change of its pool here is committed (docs/consistency.md).
 * Failures are retried under the same ids; a {@link LedgerRefusal} halts it ({@link #halted}). The
 * stages ({@link StepQueue}, {@link StepPlan}, {@link StepNotes}, {@link GroupCommit}) run on {@code loop}.
 */
public final class Sequencer {
  private static final Logger log = LoggerFactory.getLogger(Sequencer.class);

  /**
   * Steps applied but not recorded, at most, counting the notes of refused steps that may stand
   * ({@link StepNotes#holdWhileStanding}): the pools remember each sender's last two batches
   * ({@link Pool.AppliedBatch}), so every unrecorded step of a departed member is still known to
   * them and can be finished exactly by another (StepRecovery).
   */
  static final int MAX_UNRECORDED_STEPS = Pool.BATCHES_REMEMBERED;

  private final Pools pools;
  private final RandomSource random;
  private final Executor loop;
  private final SequencerSettings settings;
  private final Clock clock;
  private final Observer observer;
  /**
   * This sequencer's identity towards the pools (its member's id); one batch per pool in flight
   * under it, and at most {@link #MAX_UNRECORDED_STEPS} steps applied but not yet recorded.
   */
  private final String senderId;
  private final SequencerHealth health = new SequencerHealth(System::nanoTime);
  private final ForeverRetry applyRetry;
  private final StepQueue queue;
  private final StepNotes notes;
  private final GroupCommit commit;
  private final List<CompletableFuture<Void>> idleWaiters = new ArrayList<>();
  private long steps;
  private boolean applying;

  /** What the sequencer tells operations (metrics); called on the sequencer's loop, must be quick. */
  public interface Observer {
    Observer NONE = new Observer() {};

    /** One apply step: {@code commands} pool commands in {@code pools} pool batches. */
    default void applied(int commands, int pools) {}

    /**
     * One ledger transaction: {@code rounds} contribution rounds recorded (applied or paused),
     * {@code shares} pool shares among them, the wins it recorded, and how long the commit took.
     */
    default void committed(int rounds, int shares, List<Win> wins, long nanos) {}

    /** The ledger refused a commit for good: the sequencer has halted. */
    default void halted() {}
  }

  /** A sequencer on its own: a random sender id, no journal (tests). */
  public Sequencer(Pools pools, LedgerWriter ledger, Executor loop, ScheduledExecutorService scheduler,
      SequencerSettings settings, Clock clock, RandomSource random) {
    this(pools, ledger, loop, scheduler, settings, clock, random, Observer.NONE, UUID.randomUUID().toString(), StepJournal.NONE);
  }

  /**
   * @param senderId this member's id in the cluster: the journal's notes are found by it when the
   *     member has left
   * @param journal where each step is written before it is applied
   */
  public Sequencer(Pools pools, LedgerWriter ledger, Executor loop, ScheduledExecutorService scheduler,
      SequencerSettings settings, Clock clock, RandomSource random, Observer observer, String senderId, StepJournal journal) {
    this.observer = observer;
    this.senderId = senderId;
    this.random = random;
    this.pools = pools;
    this.loop = loop;
    this.settings = settings;
    this.clock = clock;
    this.queue = new StepQueue(settings);
    this.applyRetry = new ForeverRetry("pool-apply", settings, scheduler, failing -> refuseStaleWhile(health.applyFailing(failing)));
    ForeverRetry commitRetry = new ForeverRetry("ledger-commit", settings, scheduler,
        failing -> refuseStaleWhile(health.commitFailing(failing)), e -> !(Failures.cause(e) instanceof LedgerRefusal));
    ForeverRetry forgetRetry = new ForeverRetry("journal-forget", settings, scheduler, failing -> { });
    this.notes = new StepNotes(journal, applyRetry, forgetRetry, health, clock, settings.noteDeadline(), loop, this::maybeApply);
    this.commit = new GroupCommit(ledger, commitRetry, new LedgerBatches(clock), notes, health, observer, loop, this::maybeApply);
  }

  /**
   * Queues the submission; its {@code done} completes after commit. Refused at once (nothing
   * applied) when the queue is full or while applies or commits are failing.
   */
  public CompletionStage<List<PoolOutcome>> submit(Submission submission) {
    loop.execute(() -> {
      if (!health.takesWork()) {
        submission.done().completeExceptionally(health.leaving());
        return;
      }
      if (health.failing()) {
        submission.done().completeExceptionally(new OverloadedException("the ledger or the pools are not reachable; retry shortly"));
        return;
      }
      if (!queue.offer(submission, clock.millis())) {
        submission.done().completeExceptionally(new OverloadedException("too many contributions waiting; retry shortly"));
        return;
      }
      maybeApply();
    });
    return submission.done();
  }

  /** Whether applies or commits have been failing (retried) without a break for at least {@code d}. */
  public boolean failingFor(Duration d) {
    return health.failingFor(d);
  }

  /**
   * False while pool applies or ledger commits are failing and being retried, while the note of a
   * refused step that may stand cannot be dropped, and once retired (readiness).
   */
  public boolean healthy() {
    return health.healthy();
  }

  /** Why the sequencer halted (the ledger refused a commit for good), or null while it has not. */
  public String halted() {
    return health.halted();
  }

  /**
   * Takes no more work, for good: every later submission, and every one still queued, is refused
   * unapplied (retryable) with {@code reason}. What was applied is still committed.
   */
  public void retire(String reason) {
    health.retire(reason);
    loop.execute(this::maybeApply);
  }

  /** Completes once nothing is queued, being applied or waiting for its commit (for a clean stop). */
  public CompletionStage<Void> idle() {
    CompletableFuture<Void> waiter = new CompletableFuture<>();
    loop.execute(() -> {
      idleWaiters.add(waiter);
      notifyIfIdle();
    });
    return waiter;
  }

  private void notifyIfIdle() {
    if (queue.isEmpty() && !applying && commit.idle()) {
      idleWaiters.forEach(w -> w.complete(null));
      idleWaiters.clear();
    }
  }

  /**
   * While applies or commits fail, submit() refuses new work and nothing else runs maybeApply():
   * without this what waits in the queue would wait for the whole outage, not be refused once stale.
   * Called on the retries' threads.
   */
  private void refuseStaleWhile(boolean failing) {
    if (!failing) {
      return;
    }
    try {
      loop.execute(this::refuseStale);
    } catch (RejectedExecutionException stopping) {
      // the member is stopping: its queue is answered by the drain
    }
  }

  private void refuseStale() {
    queue.refuseStale(clock.millis());
  }

  /**
   * Applies the next step if the bounds let it: its note written first, then its batches sent to
   * the pools, in one call unless a jackpot's tiers wait for each other (OneWinWaves).
   */
  private void maybeApply() {
    if (!health.takesWork()) {
      queue.refuseAll(health::leaving);
      notifyIfIdle();
      return;
    }
    refuseStale();
    if (applying || queue.isEmpty() || commit.uncommittedCommands() >= settings.maxUncommittedCommands()
        || commit.unrecordedSteps() + notes.standing() >= MAX_UNRECORDED_STEPS) {
      notifyIfIdle();
      return;
    }
    applying = true;
    StepQueue.Step step = queue.nextStep();
    long sequence = ++steps;
    Map<PoolId, Pool.Batch> perPool = StepPlan.batchesPerPool(senderId, sequence, step.submissions(), random,
        clock.instant().truncatedTo(ChronoUnit.MILLIS));
    StepNote note = StepPlan.note(senderId, sequence, step.submissions(), perPool);
    observer.applied(step.commands(), perPool.size());
    notes.write(note, step.queuedAt(), step.submissions().size())
        .thenCompose(refusal -> refusal == null ? OneWinWaves.apply(perPool, wave -> applyRetry.call(() -> pools.apply(wave)))
            : CompletableFuture.<Map<PoolId, List<PoolOutcome>>>failedFuture(refusal))
        .whenCompleteAsync((results, error) -> onApplied(step, note, results, error), loop);
  }

  private void onApplied(StepQueue.Step step, StepNote note, Map<PoolId, List<PoolOutcome>> results, Throwable error) {
    applying = false;
    if (error != null) {
      // Refused before its note was written (retired, or past the note deadline); otherwise
      // unreachable with a forever retry, and kept so that a bug cannot leave callers waiting silently.
      Throwable cause = Failures.cause(error);
      if (!(cause instanceof OverloadedException)) {
        log.error("pool apply failed for {} submissions: {}", step.submissions().size(), cause.toString());
      }
      step.submissions().forEach(s -> s.done().completeExceptionally(cause));
      if (OverloadedException.leftNoteStanding(cause)) {
        notes.holdWhileStanding(note);
      }
      maybeApply();
      return;
    }
    commit.add(new AppliedStep(step.submissions(), note, StepPlan.distribute(step.submissions(), results), step.commands()));
    maybeApply();
  }
}
