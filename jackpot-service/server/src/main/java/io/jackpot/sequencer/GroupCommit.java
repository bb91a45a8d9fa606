package io.jackpot.sequencer;

import io.jackpot.error.Failures;
import io.jackpot.error.OverloadedException;
import io.jackpot.ledger.LedgerBatch;
import io.jackpot.ledger.LedgerRefusal;
import io.jackpot.ledger.LedgerWriter;
import io.jackpot.pool.Win;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Records applied steps in the ledger strictly in apply order, all that are ready in one transaction
 * (group commit), retried until it succeeds; halts the sequencer once the ledger refuses a commit
 * for good. Its state is touched only on the sequencer's loop.
 */
final class GroupCommit {
  /** The sequencer's own log category, which operators filter on. */
  private static final Logger log = LoggerFactory.getLogger(Sequencer.class);

  private final LedgerWriter ledger;
  /** Curable failures only: a {@link LedgerRefusal} is not retried. */
  private final ForeverRetry retry;
  private final LedgerBatches batches;
  private final StepNotes notes;
  private final SequencerHealth health;
  private final Sequencer.Observer observer;
  private final Executor loop;
  /** The sequencer's next apply, run on {@code loop} once a commit has ended. */
  private final Runnable next;

  private final ArrayDeque<AppliedStep> applied = new ArrayDeque<>();
  private boolean committing;
  private long commitStarted;
  private int uncommittedCommands;
  private int unrecordedSteps;

  GroupCommit(LedgerWriter ledger, ForeverRetry retry, LedgerBatches batches, StepNotes notes, SequencerHealth health,
      Sequencer.Observer observer, Executor loop, Runnable next) {
    this.ledger = ledger;
    this.retry = retry;
    this.batches = batches;
    this.notes = notes;
    this.health = health;
    this.observer = observer;
    this.loop = loop;
    this.next = next;
  }

  /** Takes an applied step, committed with the others ready as soon as no commit is under way. */
  void add(AppliedStep step) {
    applied.add(step);
    uncommittedCommands += step.commands();
    unrecordedSteps++;
    maybeCommit();
  }

  /** The commands applied and not committed (nor refused for good). */
  int uncommittedCommands() {
    return uncommittedCommands;
  }

  /** The steps applied and not recorded. */
  int unrecordedSteps() {
    return unrecordedSteps;
  }

  /** Nothing waits for its commit and none is under way. */
  boolean idle() {
    return applied.isEmpty() && !committing;
  }

  private void maybeCommit() {
    if (committing || applied.isEmpty() || health.halted() != null) {
      return;
    }
    committing = true;
    List<AppliedStep> group = new ArrayList<>(applied);
    applied.clear();
    LedgerBatch batch = StepPlan.commitOf(group, batches);
    commitStarted = System.nanoTime();
    int rounds = batch.rounds().size();
    int shares = batch.shares().size();
    List<Win> wins = batch.wins();
    retry.call(() -> record(batch))
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
   * A commit, or, once retired, nothing if the cluster has already recorded every step of it on
   * this member's old identity's behalf (StepRecovery records exactly these outcomes): the strict
   * insert would fail for ever, and the member could not stop.
   */
  private CompletionStage<Void> record(LedgerBatch batch) {
    if (!health.retired()) {
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
    String halted = "this member halted: the ledger refused commit " + batch.commitId() + " for good";
    health.halt(halted);
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
    next.run();
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
        notes.dropRecorded(step.note());
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
    next.run();
  }
}
