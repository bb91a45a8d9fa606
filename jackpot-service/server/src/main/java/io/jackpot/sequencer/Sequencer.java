package io.jackpot.sequencer;

import io.github.resilience4j.core.IntervalFunction;
import io.github.resilience4j.retry.Retry;
import io.github.resilience4j.retry.RetryConfig;
import io.jackpot.error.Failures;
import io.jackpot.error.OverloadedException;
import io.jackpot.ledger.LedgerBatch;
import io.jackpot.ledger.LedgerRefusal;
import io.jackpot.ledger.LedgerWriter;
import io.jackpot.pool.Pool;
import io.jackpot.pool.PoolCommand;
import io.jackpot.pool.PoolId;
import io.jackpot.pool.PoolOutcome;
import io.jackpot.pool.Pools;
import io.jackpot.pool.RandomSource;
import io.jackpot.pool.Win;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Orders every pool change of this member: applies queued submissions to the pools one batch at a
 * time (each pool gets at most one atomic batch per step), then records applied batches in the
 * ledger strictly in apply order, merging all that are ready into one transaction (group commit).
 * A submission completes only after its batch is committed. Because commits follow apply order,
 * a committed win implies every earlier change of its pool made here is committed too
 * (docs/consistency.md). Applied work is never dropped: a failed apply is retried under the same
 * operation ids and a failed commit is retried until it succeeds, unless the ledger refuses it for
 * good ({@link LedgerRefusal}): then the sequencer halts ({@link #halted}).
 *
 * <p>All state below is touched only on {@code loop}, a single-threaded executor.
 */
public final class Sequencer {
  private static final Logger log = LoggerFactory.getLogger(Sequencer.class);

  private final Pools pools;
  private final RandomSource random;
  private final LedgerWriter ledger;
  private final Executor loop;
  private final SequencerSettings settings;
  private final Retry applyRetry;
  private final Retry commitRetry;
  /** Dropping the note of a refused step that may stand ({@link #holdWhileStanding}). */
  private final Retry forgetRetry;
  private final ScheduledExecutorService scheduler;
  private final LedgerBatches batches;

  private final ArrayDeque<Queued> queue = new ArrayDeque<>();
  private final ArrayDeque<AppliedStep> applied = new ArrayDeque<>();
  /**
   * This sequencer's identity towards the pools (its member's id); one batch per pool in flight
   * under it, and at most {@link #MAX_UNRECORDED_STEPS} steps applied but not yet recorded.
   */
  private final String senderId;
  private final StepJournal journal;
  /**
   * Steps applied but not recorded, at most, counting the notes of refused steps that may stand
   * ({@link #holdWhileStanding}): the pools remember each sender's last two batches
   * ({@link Pool.AppliedBatch}), so every unrecorded step of a departed member is still known to
   * them and can be finished exactly by another (StepRecovery).
   */
  static final int MAX_UNRECORDED_STEPS = Pool.BATCHES_REMEMBERED;
  private int unrecordedSteps;
  private long steps;
  private int uncommittedCommands;
  private boolean applying;
  private boolean committing;
  private final Clock clock;
  private final List<CompletableFuture<Void>> idleWaiters = new ArrayList<>();
  private volatile boolean applyFailing;
  private volatile boolean commitFailing;
  /**
   * The steps whose refused note may stand and whose last attempt to drop it failed: while any is,
   * the member is not ready (it may be stuck), though it takes work.
   */
  private final Set<String> undroppable = ConcurrentHashMap.newKeySet();
  /** When applies or commits began failing (System.nanoTime), 0 while neither fails. */
  private final AtomicLong failingSince = new AtomicLong();
  /** Why this sequencer takes no more work (its member is leaving for good), or null. */
  private volatile String retired;
  /** Why this sequencer moves no more money (the ledger refused a commit for good), or null. */
  private volatile String halted;
  private final Observer observer;
  private long commitStarted;

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
    this.journal = journal;
    this.random = random;
    this.pools = pools;
    this.ledger = ledger;
    this.loop = loop;
    this.scheduler = scheduler;
    this.settings = settings;
    this.clock = clock;
    this.batches = new LedgerBatches(clock);
    this.applyRetry = foreverRetry("pool-apply", settings, failing -> {
      applyFailing = failing;
      noteFailing();
    });
    this.commitRetry = foreverRetry("ledger-commit", settings, failing -> {
      commitFailing = failing;
      noteFailing();
    }, e -> !(Failures.cause(e) instanceof LedgerRefusal));
    this.forgetRetry = foreverRetry("journal-forget", settings, failing -> { });
  }

  /**
   * Queues the submission; its {@code done} completes after commit. Refused at once (nothing
   * applied) when the queue is full or while applies or commits are failing.
   */
  public CompletionStage<List<PoolOutcome>> submit(Submission submission) {
    loop.execute(() -> {
      if (retired != null || halted != null) {
        submission.done().completeExceptionally(leaving());
        return;
      }
      if (applyFailing || commitFailing) {
        submission.done().completeExceptionally(new OverloadedException("the ledger or the pools are not reachable; retry shortly"));
        return;
      }
      if (queue.size() >= settings.maxQueuedSubmissions()) {
        submission.done().completeExceptionally(new OverloadedException("too many contributions waiting; retry shortly"));
        return;
      }
      queue.add(new Queued(submission, clock.millis()));
      maybeApply();
    });
    return submission.done();
  }

  /** Whether applies or commits have been failing (retried) without a break for at least {@code d}. */
  public boolean failingFor(Duration d) {
    long since = failingSince.get();
    return since != 0 && System.nanoTime() - since >= d.toNanos();
  }

  private void noteFailing() {
    if (applyFailing || commitFailing) {
      failingSince.compareAndSet(0, System.nanoTime());
      // While this lasts submit() refuses new work and nothing else runs maybeApply(): without this
      // what waits in the queue would wait for the whole outage, not be refused once stale.
      try {
        loop.execute(this::refuseStale);
      } catch (RejectedExecutionException stopping) {
        // the member is stopping: its queue is answered by the drain
      }
    } else {
      failingSince.set(0);
    }
  }

  /**
   * False while pool applies or ledger commits are failing and being retried, while the note of a
   * refused step that may stand cannot be dropped, and once retired (readiness).
   */
  public boolean healthy() {
    return !applyFailing && !commitFailing && undroppable.isEmpty() && retired == null && halted == null;
  }

  /** Why the sequencer halted (the ledger refused a commit for good), or null while it has not. */
  public String halted() {
    return halted;
  }

  /**
   * Takes no more work, for good: every later submission, and every one still queued, is refused
   * unapplied (retryable) with {@code reason}. What was applied is still committed.
   */
  public void retire(String reason) {
    retired = reason;
    loop.execute(this::maybeApply);
  }

  private OverloadedException leaving() {
    return new OverloadedException((halted != null ? halted : retired) + "; retry on another member");
  }

  /**
   * A commit, or, once retired, nothing if the cluster has already recorded every step of it on
   * this member's old identity's behalf (StepRecovery records exactly these outcomes): the strict
   * insert would fail for ever, and the member could not stop.
   */
  private CompletionStage<Void> record(LedgerBatch batch) {
    if (retired == null) {
      return ledger.record(batch);
    }
    return recordedByTheCluster(batch).thenCompose(all -> {
      if (all) {
        log.warn("steps {} were recorded by the cluster on this retired member's behalf", batch.stepIds());
        return CompletableFuture.<Void>completedFuture(null);
      }
      return ledger.record(batch);
    });
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
    if (queue.isEmpty() && applied.isEmpty() && !applying && !committing) {
      idleWaiters.forEach(w -> w.complete(null));
      idleWaiters.clear();
    }
  }

  private record Queued(Submission submission, long at) {}

  private record AppliedStep(List<Submission> submissions, StepNote note, List<List<PoolOutcome>> outcomes, int commands) {}

  private void maybeApply() {
    if (retired != null || halted != null) {
      while (!queue.isEmpty()) {
        queue.poll().submission().done().completeExceptionally(leaving());
      }
      notifyIfIdle();
      return;
    }
    refuseStale();
    if (applying || queue.isEmpty() || uncommittedCommands >= settings.maxUncommittedCommands()
        || unrecordedSteps >= MAX_UNRECORDED_STEPS) {
      notifyIfIdle();
      return;
    }
    applying = true;
    long queuedAt = queue.peek().at(); // the step's oldest submission: the queue is in arrival order
    List<Submission> step = new ArrayList<>();
    int commands = 0;
    while (!queue.isEmpty() && (commands == 0 || commands + queue.peek().submission().targets().size() <= settings.maxBatchCommands())) {
      Submission s = queue.poll().submission();
      step.add(s);
      commands += s.targets().size();
    }
    long sequence = ++steps;
    Map<PoolId, Pool.Batch> perPool = batchesPerPool(senderId, sequence, step, random);
    StepNote note = new StepNote(senderId, UUID.randomUUID().toString(), sequence, step.stream().map(StepNote.Asked::of).toList(), perPool);
    int stepCommands = commands;
    observer.applied(commands, perPool.size());
    // Written to the journal first: once any pool has the step, another member can finish it.
    // Written once; an apply that fails is retried on its own (the note is the same).
    // A note that can no longer be written safely is not written: once this member has retired
    // (merged back after a split: the cluster may have released this step's round claims
    // meanwhile), or when an attempt would start after the note deadline has passed since the
    // step's oldest submission was queued (the journal unwritable for minutes, as when the cluster
    // lost its quorum: the claims, which only a written note keeps standing, may lapse before it is
    // applied, and a game's retry elsewhere would then apply a round this step applies too). The
    // note would let the step be applied after the games retried it elsewhere, so its submissions
    // are refused unapplied instead, and the note is dropped in case an earlier attempt wrote it but
    // its answer was lost (likely to fail while the journal is unreachable: a note left behind is
    // finished, once, by the cluster when this member leaves, so the refusal then says that the note
    // may stand, and its rounds' claims are kept standing, not released for a game's retry to apply
    // them elsewhere; a finisher that read it first still applies it; docs/consistency.md).
    AtomicBoolean attempted = new AtomicBoolean();
    retried(applyRetry, () -> {
      OverloadedException refusal = retired != null ? leaving() : lateForItsNote(queuedAt, step.size());
      if (refusal == null) {
        boolean earlier = attempted.getAndSet(true);
        return journal.write(note).handle((v, failed) -> {
          if (failed == null) {
            return (OverloadedException) null;
          }
          if (Failures.cause(failed) instanceof StepJournal.Fenced fenced) {
            // Not retried: this identity is done. An earlier attempt's note may stand (its answer lost).
            return new OverloadedException(fenced.getMessage() + "; retry on another member", earlier);
          }
          throw failed instanceof CompletionException c ? c : new CompletionException(failed);
        });
      }
      if (!attempted.get()) {
        return CompletableFuture.completedFuture(refusal); // never sent: there is no note to drop
      }
      return journal.forget(note).handle((dropped, failed) -> failed == null ? refusal
          : new OverloadedException(refusal.getMessage() + " (its journal note may stand: the round is finished by the cluster"
              + " once this member leaves)", true));
    })
        .thenCompose(refusal -> refusal == null ? retried(applyRetry, () -> pools.apply(perPool))
            : CompletableFuture.<Map<PoolId, List<PoolOutcome>>>failedFuture(refusal))
        .whenCompleteAsync((results, error) -> onApplied(step, note, stepCommands, results, error), loop);
  }

  /** The refusal of a step whose note deadline has passed since {@code queuedAt} (logged), or null. */
  private OverloadedException lateForItsNote(long queuedAt, int submissions) {
    long waited = clock.millis() - queuedAt;
    if (waited <= settings.noteDeadline().toMillis()) {
      return null;
    }
    log.warn("{} submissions refused unapplied: their step's journal note could not be written within {} s of their queueing"
        + " (waited {} s); their round claims may lapse, so the games' retries apply them instead",
        submissions, settings.noteDeadline().toSeconds(), waited / 1000);
    return new OverloadedException("the cluster could not take this work for " + waited / 1000 + " s; retry");
  }

  /**
   * Refuses, unapplied, what waited longer than {@code maxQueueWait} (the commit backlog is stuck):
   * the caller gets a retryable answer well before its round claim could expire.
   */
  private void refuseStale() {
    long limit = clock.millis() - settings.maxQueueWait().toMillis();
    while (!queue.isEmpty() && queue.peek().at() < limit) {
      queue.poll().submission().done().completeExceptionally(new OverloadedException("waited too long for the ledger; retry shortly"));
    }
  }

  /** One batch per pool, commands in submission order, under a fresh operation id and fresh entropy. */
  private static Map<PoolId, Pool.Batch> batchesPerPool(String sender, long sequence, List<Submission> step, RandomSource random) {
    Map<PoolId, List<PoolCommand>> commands = new LinkedHashMap<>();
    for (Submission s : step) {
      for (Submission.Target t : s.targets()) {
        commands.computeIfAbsent(t.pool(), k -> new ArrayList<>()).add(t.command());
      }
    }
    Map<PoolId, Pool.Batch> perPool = new LinkedHashMap<>();
    commands.forEach((pool, list) -> perPool.put(pool, new Pool.Batch(sender, sequence, UUID.randomUUID().toString(), random.next(), list)));
    return perPool;
  }

  private void onApplied(List<Submission> step, StepNote note, int commands, Map<PoolId, List<PoolOutcome>> results, Throwable error) {
    applying = false;
    if (error != null) {
      // Refused before its note was written (retired, or past the note deadline); otherwise
      // unreachable with a forever retry, and kept so that a bug cannot leave callers waiting silently.
      Throwable cause = Failures.cause(error);
      if (!(cause instanceof OverloadedException)) {
        log.error("pool apply failed for {} submissions: {}", step.size(), cause.toString());
      }
      step.forEach(s -> s.done().completeExceptionally(cause));
      if (OverloadedException.leftNoteStanding(cause)) {
        holdWhileStanding(note);
      }
      maybeApply();
      return;
    }
    applied.add(new AppliedStep(step, note, distribute(step, results), commands));
    uncommittedCommands += commands;
    unrecordedSteps++;
    maybeCommit();
    maybeApply();
  }

  /**
   * A refused step whose note may stand (written, its answer lost, and not dropped) takes a place
   * among the unrecorded steps until the note is dropped, tried again for as long as it takes. Were
   * this member to leave meanwhile, the cluster would finish the note, new to its pools, in step
   * order before the later steps still unrecorded: pools remember a sender's last
   * {@link Pool#BATCHES_REMEMBERED} batches, so with more than that many notes standing, applying
   * it would push a later applied step out of their memory, and that step, sent again, would be
   * applied a second time. Counted among them, at most that many notes of this member ever stand.
   */
  private void holdWhileStanding(StepNote note) {
    unrecordedSteps++;
    log.warn("a refused step's journal note may stand (step {}); it takes a place among the unrecorded steps until it is dropped",
        note.stepId());
    retried(forgetRetry, () -> journal.forget(note).whenComplete((v, failed) -> {
      if (failed != null) {
        undroppable.add(note.stepId());
      }
    })).whenCompleteAsync((v, error) -> {
      if (error != null) { // the retries given up (the member stopping): the place stays taken, the note may stand
        log.error("the journal note of refused step {} could not be dropped: {}", note.stepId(), error.toString());
        return;
      }
      unrecordedSteps--;
      undroppable.remove(note.stepId());
      log.info("the journal note of refused step {} is dropped", note.stepId());
      maybeApply();
    }, loop);
  }

  /** Hands each submission the outcomes of its own commands, in its command order. */
  static List<List<PoolOutcome>> distribute(List<Submission> step, Map<PoolId, List<PoolOutcome>> results) {
    Map<PoolId, Integer> cursor = new LinkedHashMap<>();
    List<List<PoolOutcome>> out = new ArrayList<>(step.size());
    for (Submission s : step) {
      List<PoolOutcome> mine = new ArrayList<>(s.targets().size());
      for (Submission.Target t : s.targets()) {
        int i = cursor.merge(t.pool(), 1, Integer::sum) - 1;
        mine.add(results.get(t.pool()).get(i));
      }
      out.add(mine);
    }
    return out;
  }

  private void maybeCommit() {
    if (committing || applied.isEmpty() || halted != null) {
      return;
    }
    committing = true;
    List<AppliedStep> group = new ArrayList<>(applied);
    applied.clear();
    LedgerBatch rows = batches.of(group.stream().flatMap(g -> LedgerBatches.zip(g.submissions(), g.outcomes()).stream()).toList());
    LedgerBatch batch = rows.forSteps(rows.commitId(), group.stream().map(g -> g.note().stepId()).toList());
    commitStarted = System.nanoTime();
    int rounds = batch.rounds().size();
    int shares = batch.shares().size();
    List<Win> wins = batch.wins();
    retried(commitRetry, () -> record(batch))
        .whenCompleteAsync((ok, error) -> {
          if (error != null && Failures.cause(error) instanceof LedgerRefusal refusal) {
            recordedByTheCluster(batch).whenCompleteAsync((all, unknown) -> {
              if (Boolean.TRUE.equals(all)) {
                log.warn("steps {} were recorded by the cluster on this member's behalf (it was taken for departed)", batch.stepIds());
                onCommitted(group, null, rounds, shares, wins);
              } else {
                halt(group, batch, refusal);
              }
            }, loop);
          } else {
            onCommitted(group, error, rounds, shares, wins);
          }
        }, loop);
  }

  /**
   * Whether every step of {@code batch} is recorded already: the cluster finished them for this
   * member, taken for departed (a long pause), which is why the strict insert was refused.
   */
  private CompletionStage<Boolean> recordedByTheCluster(LedgerBatch batch) {
    List<CompletableFuture<Boolean>> asked = batch.stepIds().stream().map(id -> ledger.stepRecorded(id).toCompletableFuture()).toList();
    return CompletableFuture.allOf(asked.toArray(CompletableFuture[]::new))
        .thenApply(v -> !asked.isEmpty() && asked.stream().allMatch(CompletableFuture::join));
  }

  /**
   * The ledger refused {@code batch} for good: this member moves no more money. Its steps stay
   * applied to the pools and noted in the journal, and are answered as refused with their notes
   * standing (so their rounds' claims stand and no retry elsewhere applies them again), as are the
   * steps applied after them. Nothing acknowledged is lost: a submission completes only after its
   * commit. Recovery: docs/consistency.md, "A commit the ledger refuses for good".
   */
  private void halt(List<AppliedStep> group, LedgerBatch batch, LedgerRefusal refusal) {
    committing = false;
    List<AppliedStep> unrecorded = new ArrayList<>(group);
    unrecorded.addAll(applied);
    applied.clear();
    halted = "this member halted: the ledger refused commit " + batch.commitId() + " for good";
    log.error("the ledger refused commit {} for good: {}. This member moves no more money: it refuses all work and is not ready."
        + " Steps {} (pools {}, rounds {}, wins {}) stay applied to the pools and in the journal, unanswered as applied, with {} more"
        + " steps applied after them. Recovery: docs/consistency.md, 'A commit the ledger refuses for good'.",
        batch.commitId(), String.valueOf(refusal.getMessage()), batch.stepIds(),
        group.stream().flatMap(g -> g.note().batches().keySet().stream()).distinct().toList(),
        batch.rounds().stream().map(r -> r.record().operatorId() + "/" + r.record().roundId()).toList(),
        batch.wins().stream().map(Win::winId).toList(), unrecorded.size() - group.size());
    observer.halted();
    OverloadedException answer = new OverloadedException(halted + "; retry on another member", true);
    for (AppliedStep step : unrecorded) {
      uncommittedCommands -= step.commands();
      step.submissions().forEach(sub -> sub.done().completeExceptionally(answer));
    }
    maybeApply();
  }

  private void onCommitted(List<AppliedStep> group, Throwable error, int rounds, int shares, List<Win> wins) {
    committing = false;
    if (error == null) {
      observer.committed(rounds, shares, wins, System.nanoTime() - commitStarted);
    }
    for (AppliedStep step : group) {
      uncommittedCommands -= step.commands();
      unrecordedSteps--;
      if (error == null) {
        journal.forget(step.note());
      }
      for (int i = 0; i < step.submissions().size(); i++) {
        if (error == null) {
          step.submissions().get(i).done().complete(step.outcomes().get(i));
        } else {
          step.submissions().get(i).done().completeExceptionally(error);
        }
      }
    }
    maybeCommit();
    maybeApply();
  }

  /**
   * The call, tried again as {@code retry} says. An attempt that throws (a Hazelcast call refused
   * before it is sent) fails its stage instead, and is tried again like any failed one: resilience4j
   * lets what an attempt throws out, which failed the whole step at once (the first attempt) or,
   * thrown on the retry scheduler, left the step waiting for ever (a later one: resilience4j 2.3's
   * AsyncRetryBlock.run calls the attempt outside any try). SequencerTest has both.
   */
  private <T> CompletionStage<T> retried(Retry retry, Supplier<CompletionStage<T>> call) {
    return Retry.decorateCompletionStage(retry, scheduler, () -> Failures.attempt(call)).get();
  }

  private static Retry foreverRetry(String name, SequencerSettings s, Consumer<Boolean> failing) {
    return foreverRetry(name, s, failing, e -> true);
  }

  /** Retried for as long as it takes while {@code curable} holds of the failure; failed at once otherwise. */
  private static Retry foreverRetry(String name, SequencerSettings s, Consumer<Boolean> failing,
      Predicate<Throwable> curable) {
    Retry retry = Retry.of(name, RetryConfig.custom()
        .maxAttempts(Integer.MAX_VALUE)
        .intervalFunction(IntervalFunction.ofExponentialRandomBackoff(s.retryInitial(), 2.0, 0.3, s.retryMax()))
        .retryOnException(curable)
        .failAfterMaxAttempts(true)
        .build());
    retry.getEventPublisher()
        .onRetry(e -> {
          failing.accept(true);
          log.warn("{} failed (attempt {}), retrying in {} ms: {}", name, e.getNumberOfRetryAttempts(),
              e.getWaitInterval().toMillis(), String.valueOf(e.getLastThrowable()));
        })
        .onSuccess(e -> {
          failing.accept(false);
          log.info("{} recovered after {} attempts", name, e.getNumberOfRetryAttempts());
        });
    return retry;
  }
}
