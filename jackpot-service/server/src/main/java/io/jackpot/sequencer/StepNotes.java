package io.jackpot.sequencer;

import io.jackpot.error.Failures;
import io.jackpot.error.OverloadedException;
import io.jackpot.pool.Pool;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The steps' journal notes: each written before its step is applied, or the step refused unapplied
 * when its note can no longer be written safely; dropped once the step is recorded; and, for a
 * refused step whose note may stand, a place held among the unrecorded steps until it is dropped.
 */
final class StepNotes {
  /** The sequencer's own log category, which operators filter on. */
  private static final Logger log = LoggerFactory.getLogger(Sequencer.class);

  private final StepJournal journal;
  /** The apply's own retry: while a note cannot be written, applies are failing. */
  private final ForeverRetry writeRetry;
  /** Dropping the note of a refused step that may stand ({@link #holdWhileStanding}). */
  private final ForeverRetry forgetRetry;
  private final SequencerHealth health;
  private final Clock clock;
  private final Duration noteDeadline;
  private final Executor loop;
  /** The sequencer's next apply, run on {@code loop} once a held place is free. */
  private final Runnable next;
  /** Refused steps' notes that may stand, not dropped yet; touched only on {@code loop}. */
  private int standing;

  StepNotes(StepJournal journal, ForeverRetry writeRetry, ForeverRetry forgetRetry, SequencerHealth health, Clock clock,
      Duration noteDeadline, Executor loop, Runnable next) {
    this.journal = journal;
    this.writeRetry = writeRetry;
    this.forgetRetry = forgetRetry;
    this.health = health;
    this.clock = clock;
    this.noteDeadline = noteDeadline;
    this.loop = loop;
    this.next = next;
  }

  /** Refused steps' notes that may stand: each takes a place among the unrecorded steps. Loop only. */
  int standing() {
    return standing;
  }

  /**
   * Writes the note of a step queued at {@code queuedAt}; completes with null once written, or with
   * the refusal of its {@code submissions}, unapplied. The note goes first: once any pool has the
   * step, another member can finish it. An apply that fails is retried with the same note.
   * <p>No note is written once this member has retired (the cluster may have released its claims)
   * or past the note deadline (its claims may lapse, and a retry elsewhere would apply the same
   * round). The submissions are refused instead, and the note is dropped in case it was written.
   * If dropping fails, the refusal says the note may stand and its claims stay (docs/consistency.md).
   */
  CompletionStage<OverloadedException> write(StepNote note, long queuedAt, int submissions) {
    AtomicBoolean attempted = new AtomicBoolean();
    return writeRetry.call(() -> {
      OverloadedException refusal = health.retired() ? health.leaving() : lateForItsNote(queuedAt, submissions);
      if (refusal == null) {
        return written(note, attempted.getAndSet(true));
      }
      if (!attempted.get()) {
        return CompletableFuture.completedFuture(refusal); // never sent: there is no note to drop
      }
      return journal.forget(note).handle((dropped, failed) -> failed == null ? refusal
          : new OverloadedException(refusal.getMessage() + " (its journal note may stand: the round is finished by the cluster"
              + " once this member leaves)", true));
    });
  }

  /** One attempt to write the note: null once written; a refusal if fenced; failed (to retry) otherwise. */
  private CompletionStage<OverloadedException> written(StepNote note, boolean earlier) {
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

  /** The refusal of a step whose note deadline has passed since {@code queuedAt} (logged), or null. */
  private OverloadedException lateForItsNote(long queuedAt, int submissions) {
    long waited = clock.millis() - queuedAt;
    if (waited <= noteDeadline.toMillis()) {
      return null;
    }
    log.warn("{} submissions refused unapplied: their step's journal note could not be written within {} s of their queueing"
        + " (waited {} s); their round claims may lapse, so the games' retries apply them instead",
        submissions, noteDeadline.toSeconds(), waited / 1000);
    return new OverloadedException("the cluster could not take this work for " + waited / 1000 + " s; retry");
  }

  /** Drops the note of a recorded step (best effort: a note left behind is finished as a no-op). */
  void dropRecorded(StepNote note) {
    journal.forget(note);
  }

  /**
   * Keeps a refused step whose note may stand among the unrecorded steps until the note is dropped.
   * Were this member to leave, the cluster would apply that note before later unrecorded steps.
   * Pools remember only {@link Pool#BATCHES_REMEMBERED} batches per sender, so more standing notes
   * could push out a later step, which, sent again, would apply twice. Counting them keeps at most
   * that many standing. Called on the loop.
   */
  void holdWhileStanding(StepNote note) {
    standing++;
    log.warn("a refused step's journal note may stand (step {}); it takes a place among the unrecorded steps until it is dropped",
        note.stepId());
    forgetRetry.call(() -> journal.forget(note).whenComplete((v, failed) -> {
      if (failed != null) {
        health.undroppable(note.stepId());
      }
    })).whenCompleteAsync((v, error) -> {
      if (error != null) { // the retries given up (the member stopping): the place stays taken, the note may stand
        log.error("the journal note of refused step {} could not be dropped: {}", note.stepId(), error.toString());
        return;
      }
      standing--;
      health.dropped(note.stepId());
      log.info("the journal note of refused step {} is dropped", note.stepId());
      next.run();
    }, loop);
  }
}
