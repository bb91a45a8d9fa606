package io.jackpot.sequencer;

import io.jackpot.error.Failures;
import io.jackpot.ledger.LedgerBatch;
import io.jackpot.ledger.LedgerWriter;
import io.jackpot.pool.Pool;
import io.jackpot.pool.PoolId;
import io.jackpot.pool.PoolOutcome;
import io.jackpot.pool.Pools;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Finishes a departed member's steps that are in the journal but not the ledger, in step order. Its
 * very batches are sent again (a pool that applied one answers what it did) and the outcomes are
 * recorded under the step's id. So the ledger gets everything once, and no pool holds money it lacks.
 *
 * <p>A step the ledger refuses is retried next sweep with the answers kept here, not resent: a pool
 * that forgot the batch ({@link io.jackpot.pool.Pool#SENDERS}) would apply it twice. It is resent
 * only to a pool that no longer holds its answer ({@link #stillHolds}).
 */
public final class StepRecovery {
  private static final Logger log = LoggerFactory.getLogger(StepRecovery.class);

  private final Pools pools;
  private final LedgerWriter ledger;
  private final StepJournal journal;
  private final LedgerBatches batches;
  /** Per step not yet recorded (by {@link StepNote#key()}), what each pool answered its batch here. */
  private final Map<String, Map<PoolId, List<PoolOutcome>>> answered = new ConcurrentHashMap<>();

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
   * one's batch out of a pool's memory, and that one, re-sent then, would be applied again. The
   * later ones' answers are kept, reading only, from the pools that remember them (see
   * {@link #keepRemembered}). Fails only if the journal cannot be read.
   */
  public CompletionStage<Finished> finish(String senderId) {
    return journal.stepsOf(senderId).thenCompose(notes -> {
      // Steps finished elsewhere meanwhile (another member was the finisher) leave no answers behind.
      Set<String> present = notes.stream().map(StepNote::key).collect(Collectors.toSet());
      answered.keySet().removeIf(key -> StepNote.senderOf(key).equals(senderId) && !present.contains(key));
      CompletionStage<Finished> chain = CompletableFuture.completedFuture(new Finished(0, 0, 0, 0, 0));
      for (int i = 0; i < notes.size(); i++) {
        StepNote note = notes.get(i);
        int leftFromHere = notes.size() - i;
        chain = chain.thenCompose(sum -> sum.left > 0 ? keepRemembered(note).thenApply(v -> sum)
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

  /**
   * For a step left waiting behind one that could not be finished: keeps, reading only, the answers
   * of the pools that remember its batch, while they still do (the wait may last until they have
   * forgotten it, and the step, sent then, would be applied a second time). Never fails: a pool
   * not read now is read at the next sweep.
   */
  private CompletionStage<Void> keepRemembered(StepNote note) {
    Map<PoolId, List<PoolOutcome>> known = answered.getOrDefault(note.key(), Map.of()); // none made for a step no pool remembers
    List<CompletableFuture<Void>> reads = new ArrayList<>();
    note.batches().keySet().forEach(id -> {
      if (!known.containsKey(id)) {
        reads.add(recall(note, id).thenAccept(recall -> recall.filter(Pool.Recall::remembers)
            .ifPresent(r -> keptAnswers(note).put(id, r.remembered()))).exceptionally(e -> null).toCompletableFuture());
      }
    });
    return CompletableFuture.allOf(reads.toArray(CompletableFuture[]::new));
  }

  /**
   * One sweep by the oldest member: finishes ({@link #finish}) the steps of every journal sender not
   * in {@code members}, sender by sender in id order. A sender that fails does not hold back others.
   * Senders are read before members, so a member joining meanwhile is listed; ids are never reused.
   * Answers the steps left unfinished (an unreadable sender counts one); fails only if the senders
   * cannot be read.
   *
   * @param members the ids of the cluster's members now, asked once per sweep
   */
  public CompletionStage<Integer> finishDeparted(Supplier<Set<String>> members) {
    return journal.senders().thenCompose(senders -> {
      Set<String> present = members.get();
      Set<String> departed = senders.stream().filter(s -> !present.contains(s)).collect(Collectors.toCollection(TreeSet::new));
      keepAnswersOnlyOf(departed);
      CompletionStage<Integer> left = CompletableFuture.completedFuture(0);
      for (String sender : departed) {
        left = left.thenCompose(sum -> finishLogged(sender).thenApply(one -> sum + one));
      }
      return left;
    });
  }

  /** {@link #finish}es a departed sender's steps and logs what it did: the steps left, 1 if its notes could not be read. */
  private CompletionStage<Integer> finishLogged(String sender) {
    return Failures.attempt(() -> finish(sender)).handle((f, error) -> {
      if (error != null) {
        log.error("could not read the steps of departed member {} (tried again shortly): {}", sender, String.valueOf(error));
        return 1;
      }
      if (f.steps() > 0) {
        log.warn("member {} left with {} unrecorded steps: {} recorded on its behalf ({} rounds, {} wins), the rest it had"
            + " recorded{}", sender, f.steps(), f.recorded(), f.rounds(), f.wins(), f.left() == 0 ? "" : "; " + f.left() + " not finished yet");
      }
      return f.left();
    });
  }

  /**
   * Drops the answers kept for senders other than {@code departed}, the senders whose steps are
   * still in the journal and to be finished: the others' notes are gone (recorded by their member,
   * or finished by another member), and {@link #finish} is not called for them again.
   */
  void keepAnswersOnlyOf(Set<String> departed) {
    answered.keySet().removeIf(key -> !departed.contains(StepNote.senderOf(key)));
  }

  /** The pools' answers kept for the step of {@code note}, by pool (made empty the first time). */
  private Map<PoolId, List<PoolOutcome>> keptAnswers(StepNote note) {
    return answered.computeIfAbsent(note.key(), k -> new ConcurrentHashMap<>());
  }

  /** The step of {@code note} is recorded: its note and its kept answers go. */
  private void done(StepNote note) {
    journal.forget(note);
    answered.remove(note.key());
  }

  /** How many steps have answers kept (tests). */
  int stepsWithAnswersKept() {
    return answered.size();
  }

  CompletionStage<Finished> finishOne(StepNote note) {
    return ledger.stepRecorded(note.stepId()).thenCompose(recorded -> {
      if (recorded) {
        // Its member recorded it and died before dropping the note: re-sending it could apply it again.
        done(note);
        return CompletableFuture.completedFuture(new Finished(1, 0, 0, 0, 0));
      }
      return answers(note).thenCompose(results -> {
        List<Submission> submissions = note.submissions().stream().map(StepNote.Asked::unattended).toList();
        List<List<PoolOutcome>> outcomes = StepPlan.distribute(submissions, results);
        List<LedgerBatches.Done> done = LedgerBatches.zip(submissions, outcomes);
        // A claim retried elsewhere may have recorded this step's win and its anchor already (the
        // pool answered the repeat with it): the same rows are taken as recorded, others fail.
        LedgerBatch batch = batches.of(done).finishedOnBehalf().forSteps(note.stepId(), List.of(note.stepId()));
        return ledger.recordStepIfAbsent(batch).thenApply(mine -> {
          done(note);
          if (mine) {
            log.warn("finished step {} of departed member {}: {} rounds, {} wins recorded on its behalf", note.stepId(), note.senderId(),
                batch.rounds().size(), batch.winsIfAbsent().size());
          }
          return new Finished(1, mine ? 1 : 0, mine ? batch.rounds().size() : 0, mine ? batch.winsIfAbsent().size() : 0, 0);
        });
      });
    });
  }

  /**
   * Each pool's answer to the step's batch: the one it gave on an earlier try, while it still holds
   * what it applied; otherwise the batch is sent (one call per pool, so that the answers of those
   * that answered are kept if another fails). In waves, as the live step (OneWinWaves): a later
   * wave's batches are derived from the earlier waves' answers, kept or new.
   */
  private CompletionStage<Map<PoolId, List<PoolOutcome>>> answers(StepNote note) {
    return OneWinWaves.apply(note.batches(), wave -> answers(note, wave));
  }

  private CompletionStage<Map<PoolId, List<PoolOutcome>>> answers(StepNote note, Map<PoolId, Pool.Batch> wave) {
    Map<PoolId, List<PoolOutcome>> known = keptAnswers(note);
    List<CompletableFuture<Void>> calls = new ArrayList<>();
    wave.forEach((id, batch) -> calls.add(stillHolds(note, id, known.get(id)).thenCompose(holds -> holds
        ? CompletableFuture.<Void>completedFuture(null)
        : Failures.attempt(() -> pools.applyOnBehalf(Map.of(id, batch))).thenAccept(answer -> known.put(id, answer.get(id))))
        .toCompletableFuture()));
    return CompletableFuture.allOf(calls.toArray(CompletableFuture[]::new)).thenApply(v -> {
      Map<PoolId, List<PoolOutcome>> out = new LinkedHashMap<>();
      wave.keySet().forEach(id -> out.put(id, known.get(id)));
      return out;
    });
  }

  /**
   * Whether the pool still holds what it answered the step's batch with, so that its answer stands
   * and the batch is not sent again: false if it has not answered yet, or if it is gone or has lost
   * what it applied (made again from a ledger that lacks the step: it neither remembers the batch
   * nor can have forgotten it, or its last operation is before the answer's). A pool whose memory
   * is full and that no longer remembers the batch is taken to hold it: forgotten, not lost. An
   * answer that changed nothing (a paused pool) always stands.
   */
  private CompletionStage<Boolean> stillHolds(StepNote note, PoolId id, List<PoolOutcome> answer) {
    if (answer == null) {
      return CompletableFuture.completedFuture(false);
    }
    long last = answer.stream().mapToLong(StepRecovery::lastOp).max().orElse(0);
    if (last == 0) {
      return CompletableFuture.completedFuture(true);
    }
    return recall(note, id).thenApply(recall -> {
      Pool.Recall r = recall.orElse(null);
      if (r != null && r.remembers()) {
        return true;
      }
      if (r != null && r.mayHaveForgotten() && r.opSeq() >= last) {
        log.warn("pool {} has forgotten the batch of step {} of departed member {} (its memory is full), and holds what it applied"
            + " up to operation {}: recording the answer it gave", id, note.stepId(), note.senderId(), last);
        return true;
      }
      log.warn("pool {} no longer holds step {} of departed member {} (it applied it up to operation {}, and is {}): sending it again",
          id, note.stepId(), note.senderId(), last, r == null ? "gone" : "at operation " + r.opSeq() + ", made again since");
      return false;
    });
  }

  /** What pool {@code id} knows of the step's batch for it, reading only. */
  private CompletionStage<Optional<Pool.Recall>> recall(StepNote note, PoolId id) {
    Pool.Batch batch = note.batches().get(id);
    return Failures.attempt(() -> pools.recall(id, batch.senderId(), batch.opId()));
  }

  /** The last operation of the pool's that an outcome took, or 0 if it changed nothing. */
  static long lastOp(PoolOutcome o) {
    if (o instanceof PoolOutcome.Contributed c) {
      return c.triggered() != null ? c.triggered().opSeq() : c.opSeq();
    } else if (o instanceof PoolOutcome.Won w) {
      return w.win().opSeq();
    } else if (o instanceof PoolOutcome.StateChanged c) {
      return c.after().opSeq();
    } else if (o instanceof PoolOutcome.Transferred t) {
      return t.after().opSeq();
    }
    return 0; // Refused, Unchanged
  }
}
