package io.jackpot.sequencer;

import io.jackpot.ledger.RoundRecord;
import io.jackpot.pool.PoolCommand;
import io.jackpot.pool.PoolId;
import io.jackpot.pool.PoolOutcome;
import java.io.Serializable;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Commands that must be applied and recorded together: one contribution round (a share to each of
 * its pools) or one claim. {@code round} is set for contribution rounds, null for claims.
 * {@code done} completes with one outcome per command once they are durably recorded.
 */
public record Submission(List<Target> targets, RoundRecord round, Audit audit, CompletableFuture<List<PoolOutcome>> done) {

  /** Who asked for an operator's change (and who owns its target), recorded with its outcome in the same transaction. */
  public record Audit(String actor, String owner, String action) implements Serializable {}
  public Submission {
    targets = List.copyOf(targets);
  }

  public static Submission of(List<Target> targets, RoundRecord round) {
    return new Submission(targets, round, null, new CompletableFuture<>());
  }

  /** An operator's change of one pool, audited. */
  public static Submission audited(Target target, Audit audit) {
    return audited(List.of(target), audit);
  }

  /** An operator's change of several pools in one step, each change audited. */
  public static Submission audited(List<Target> targets, Audit audit) {
    return new Submission(targets, null, audit, new CompletableFuture<>());
  }

  /** A command addressed to a pool. */
  public record Target(PoolId pool, PoolCommand command) implements Serializable {}
}
