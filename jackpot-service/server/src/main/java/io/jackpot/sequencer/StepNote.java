package io.jackpot.sequencer;

import io.jackpot.ledger.RoundRecord;
import io.jackpot.pool.Pool;
import io.jackpot.pool.PoolId;
import java.io.Serializable;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * One sequencer step as written to the cluster before it is applied: who sends it, its id and
 * sequence, what was asked (the submissions, without their callers) and the exact batch for each
 * pool (operation ids and entropy included). If its member dies before the step is recorded,
 * another member re-sends these very batches (the pools answer what they applied already and apply
 * the rest) and records the outcome under the step's id. The batches are as planned: a one-win
 * jackpot's lower tiers are derived from them in waves, alike by both members (OneWinWaves).
 */
public record StepNote(String senderId, String stepId, long sequence, List<Asked> submissions, Map<PoolId, Pool.Batch> batches)
    implements Serializable {
  public StepNote {
    submissions = List.copyOf(submissions);
    batches = Map.copyOf(batches);
  }

  /** A submission without its caller's future. */
  public record Asked(List<Submission.Target> targets, RoundRecord round, Submission.Audit audit) implements Serializable {
    static Asked of(Submission s) {
      return new Asked(s.targets(), s.round(), s.audit());
    }

    /** A submission nobody waits for, to turn the step's outcomes into ledger rows again. */
    Submission unattended() {
      return new Submission(targets, round, audit, new CompletableFuture<>());
    }
  }

  /** The key in the journal: the sender first, so a departed sender's steps are found by key. */
  public String key() {
    return senderId + "/" + stepId;
  }

  public static String senderOf(String key) {
    return key.substring(0, key.indexOf('/'));
  }
}
