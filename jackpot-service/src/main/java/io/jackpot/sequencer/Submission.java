package io.jackpot.sequencer;

import io.jackpot.ledger.RoundRecord;
import io.jackpot.pool.PoolCommand;
import io.jackpot.pool.PoolId;
import io.jackpot.pool.PoolOutcome;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Commands that must be applied and recorded together: one contribution round (a share to each of
 * its pools) or one claim. {@code round} is set for contribution rounds, null for claims.
 * {@code done} completes with one outcome per command once they are durably recorded.
 */
public record Submission(List<Target> targets, RoundRecord round, CompletableFuture<List<PoolOutcome>> done) {
  public Submission {
    targets = List.copyOf(targets);
  }

  public static Submission of(List<Target> targets, RoundRecord round) {
    return new Submission(targets, round, new CompletableFuture<>());
  }

  /** A command addressed to a pool. */
  public record Target(PoolId pool, PoolCommand command) {}
}
