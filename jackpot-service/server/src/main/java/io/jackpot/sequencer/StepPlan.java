package io.jackpot.sequencer;

import io.jackpot.ledger.LedgerBatch;
import io.jackpot.pool.Pool;
import io.jackpot.pool.PoolCommand;
import io.jackpot.pool.PoolId;
import io.jackpot.pool.PoolOutcome;
import io.jackpot.pool.RandomSource;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * What a step sends and records: one batch per pool, the step's journal note, each submission's own
 * outcomes, and the one ledger transaction of a group of applied steps. Pure functions.
 */
final class StepPlan {
  private StepPlan() {}

  /**
   * One batch per pool, commands in submission order, under a fresh operation id and fresh entropy,
   * all at {@code at}: the step's one time, which every pool (and its backup) decides by.
   */
  static Map<PoolId, Pool.Batch> batchesPerPool(String sender, long sequence, List<Submission> step, RandomSource random, Instant at) {
    Map<PoolId, List<PoolCommand>> commands = new LinkedHashMap<>();
    for (Submission s : step) {
      for (Submission.Target t : s.targets()) {
        commands.computeIfAbsent(t.pool(), k -> new ArrayList<>()).add(t.command());
      }
    }
    Map<PoolId, Pool.Batch> perPool = new LinkedHashMap<>();
    commands.forEach((pool, list) -> perPool.put(pool, new Pool.Batch(sender, sequence, UUID.randomUUID().toString(), random.next(), list, at)));
    return perPool;
  }

  /** The step's journal note, under a fresh step id: what was asked and the exact batches. */
  static StepNote note(String sender, long sequence, List<Submission> step, Map<PoolId, Pool.Batch> perPool) {
    return new StepNote(sender, UUID.randomUUID().toString(), sequence, step.stream().map(StepNote.Asked::of).toList(), perPool);
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

  /** The rows of a group commit: every step of {@code group}, in apply order, recorded under their step ids. */
  static LedgerBatch commitOf(List<AppliedStep> group, LedgerBatches batches) {
    LedgerBatch rows = batches.of(group.stream().flatMap(g -> LedgerBatches.zip(g.submissions(), g.outcomes()).stream()).toList());
    return rows.forSteps(rows.commitId(), group.stream().map(g -> g.note().stepId()).toList());
  }
}
