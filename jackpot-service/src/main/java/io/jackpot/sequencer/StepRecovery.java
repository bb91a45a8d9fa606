package io.jackpot.sequencer;

import io.jackpot.ledger.LedgerBatch;
import io.jackpot.ledger.LedgerWriter;
import io.jackpot.pool.PoolOutcome;
import io.jackpot.pool.Pools;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Finishes the steps a departed member had written to the journal but not recorded: for each, in
 * step order, unless the ledger has it already, its very batches are sent to the pools again (a
 * pool that applied a batch answers what it did; one that never got it applies it now) and the
 * outcomes are recorded under the step's id, exactly as the member would have. So everything a
 * dead member applied ends up in the ledger once, and a pool never holds money the ledger lacks.
 */
public final class StepRecovery {
  private static final Logger log = LoggerFactory.getLogger(StepRecovery.class);

  private final Pools pools;
  private final LedgerWriter ledger;
  private final StepJournal journal;
  private final LedgerBatches batches;

  public StepRecovery(Pools pools, LedgerWriter ledger, StepJournal journal, Clock clock) {
    this.pools = pools;
    this.ledger = ledger;
    this.journal = journal;
    this.batches = new LedgerBatches(clock);
  }

  /** What finishing a sender's steps did. */
  public record Finished(int steps, int recorded, int rounds, int wins) {
    Finished plus(Finished o) {
      return new Finished(steps + o.steps, recorded + o.recorded, rounds + o.rounds, wins + o.wins);
    }
  }

  /** Finishes every step the departed {@code senderId} left in the journal. */
  public CompletionStage<Finished> finish(String senderId) {
    return journal.stepsOf(senderId).thenCompose(notes -> {
      CompletionStage<Finished> chain = CompletableFuture.completedFuture(new Finished(0, 0, 0, 0));
      for (StepNote note : notes) {
        chain = chain.thenCompose(sum -> finishOne(note).thenApply(sum::plus));
      }
      return chain;
    });
  }

  CompletionStage<Finished> finishOne(StepNote note) {
    return ledger.stepRecorded(note.stepId()).thenCompose(recorded -> {
      if (recorded) {
        // Its member recorded it and died before dropping the note: re-sending it could apply it again.
        journal.forget(note);
        return CompletableFuture.completedFuture(new Finished(1, 0, 0, 0));
      }
      return pools.apply(note.batches()).thenCompose(results -> {
        List<Submission> submissions = note.submissions().stream().map(StepNote.Asked::unattended).toList();
        List<List<PoolOutcome>> outcomes = Sequencer.distribute(submissions, results);
        List<LedgerBatches.Done> done = LedgerBatches.zip(submissions, outcomes);
        // A claim retried elsewhere may have recorded this step's win already (the pool answered the
        // repeat with it): wins and their anchors go in if absent; everything else is new.
        LedgerBatch batch = batches.of(done).winsAndEventsIfAbsent().forSteps(note.stepId(), List.of(note.stepId()));
        return ledger.recordStepIfAbsent(batch).thenApply(mine -> {
          journal.forget(note);
          if (mine) {
            log.warn("finished step {} of departed member {}: {} rounds, {} wins recorded on its behalf", note.stepId(), note.senderId(),
                batch.rounds().size(), batch.winsIfAbsent().size());
          }
          return new Finished(1, mine ? 1 : 0, mine ? batch.rounds().size() : 0, mine ? batch.winsIfAbsent().size() : 0);
        });
      });
    });
  }
}
