package io.jackpot.sequencer;

import io.jackpot.error.Failures;
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

  /**
   * What finishing a sender's steps did: {@code steps} finished (of which {@code recorded} recorded
   * here, with their rounds and wins), and {@code left} not finished, because one of them could not
   * be (it and every later one stay in the journal, tried again next time).
   */
  public record Finished(int steps, int recorded, int rounds, int wins, int left) {
    Finished plus(Finished o) {
      return new Finished(steps + o.steps, recorded + o.recorded, rounds + o.rounds, wins + o.wins, left + o.left);
    }
  }

  /**
   * Finishes the steps the departed {@code senderId} left in the journal, in step order, up to the
   * first that cannot be finished (the ledger refuses it, or a pool cannot be reached): that one is
   * logged with its step id and why, and it and the later ones are left for the next try
   * ({@link Finished#left}). None is passed over: a later step re-sent first could push an earlier
   * one's batch out of a pool's memory, and that one, re-sent then, would be applied again. Fails
   * only if the journal cannot be read.
   */
  public CompletionStage<Finished> finish(String senderId) {
    return journal.stepsOf(senderId).thenCompose(notes -> {
      CompletionStage<Finished> chain = CompletableFuture.completedFuture(new Finished(0, 0, 0, 0, 0));
      for (int i = 0; i < notes.size(); i++) {
        StepNote note = notes.get(i);
        int leftFromHere = notes.size() - i;
        chain = chain.thenCompose(sum -> sum.left > 0 ? CompletableFuture.completedFuture(sum)
            : Failures.attempt(() -> finishOne(note)).handle((one, error) -> {
              if (error == null) {
                return sum.plus(one);
              }
              log.error("could not finish step {} of departed member {} ({} of its steps left unrecorded, tried again shortly): {}",
                  note.stepId(), senderId, leftFromHere, Failures.cause(error).toString());
              return sum.plus(new Finished(0, 0, 0, 0, leftFromHere));
            }));
      }
      return chain;
    });
  }

  CompletionStage<Finished> finishOne(StepNote note) {
    return ledger.stepRecorded(note.stepId()).thenCompose(recorded -> {
      if (recorded) {
        // Its member recorded it and died before dropping the note: re-sending it could apply it again.
        journal.forget(note);
        return CompletableFuture.completedFuture(new Finished(1, 0, 0, 0, 0));
      }
      return pools.apply(note.batches()).thenCompose(results -> {
        List<Submission> submissions = note.submissions().stream().map(StepNote.Asked::unattended).toList();
        List<List<PoolOutcome>> outcomes = Sequencer.distribute(submissions, results);
        List<LedgerBatches.Done> done = LedgerBatches.zip(submissions, outcomes);
        // A claim retried elsewhere may have recorded this step's win and its anchor already (the
        // pool answered the repeat with it): the same rows are taken as recorded, others fail.
        LedgerBatch batch = batches.of(done).finishedOnBehalf().forSteps(note.stepId(), List.of(note.stepId()));
        return ledger.recordStepIfAbsent(batch).thenApply(mine -> {
          journal.forget(note);
          if (mine) {
            log.warn("finished step {} of departed member {}: {} rounds, {} wins recorded on its behalf", note.stepId(), note.senderId(),
                batch.rounds().size(), batch.winsIfAbsent().size());
          }
          return new Finished(1, mine ? 1 : 0, mine ? batch.rounds().size() : 0, mine ? batch.winsIfAbsent().size() : 0, 0);
        });
      });
    });
  }
}
