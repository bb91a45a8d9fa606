package io.jackpot.admin;

import io.jackpot.error.ErrorCode;
import io.jackpot.error.Rejection.Kind;
import io.jackpot.error.Rejection;
import io.jackpot.pool.Pool;
import io.jackpot.pool.PoolCommand;
import io.jackpot.pool.PoolId;
import io.jackpot.pool.PoolOutcome;
import io.jackpot.pool.PoolStatus;
import io.jackpot.pool.Pools;
import io.jackpot.sequencer.Sequencer;
import io.jackpot.sequencer.Submission;
import java.time.Clock;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * Admin steps on pools, submitted through the sequencer (ordered with contributions and claims,
 * recorded with their audit entry in one transaction) only once every pool they are for is loaded.
 */
public final class PoolSteps {
  private final Pools pools;
  private final Sequencer sequencer;
  private final Clock clock;

  public PoolSteps(Pools pools, Sequencer sequencer, Clock clock) {
    this.pools = pools;
    this.sequencer = sequencer;
    this.clock = clock;
  }

  PoolCommand pause() {
    return new PoolCommand.Pause("pause-" + UUID.randomUUID(), clock.instant());
  }

  PoolCommand resume() {
    return new PoolCommand.Resume("resume-" + UUID.randomUUID(), clock.instant());
  }

  /**
   * Submits the targets once every one's pool is loaded (503 POOL_NOT_LOADED otherwise, nothing
   * submitted): a step for a pool not loaded would hold up this member's sequencer.
   */
  CompletionStage<List<PoolOutcome>> submitLive(List<Submission.Target> targets, Submission.Audit audit) {
    return refuseUnusableTargets(targets.stream().map(Submission.Target::pool).toList(), Map.of(), null)
        .thenCompose(v -> sequencer.submit(Submission.audited(targets, audit)));
  }

  /** Submits a step whose pools were checked already ({@link #refuseUnusableTargets}). */
  CompletionStage<List<PoolOutcome>> submit(Submission step) {
    return sequencer.submit(step);
  }

  /**
   * Completes when every pool of {@code mustBeLoaded} is loaded on the cluster (503 otherwise: a
   * pool a step or a transfer is for, which could not land, and would be retried for as long) and
   * none of {@code targets} (each with the field that names it) is a discontinued pool (a 400
   * {@code code} naming the first that is). One read of the live pools, without blocking the
   * caller's thread (an event loop). Answers the pools read.
   */
  CompletionStage<List<Pool>> refuseUnusableTargets(Collection<PoolId> mustBeLoaded, Map<PoolId, String> targets,
      ErrorCode code) {
    Set<PoolId> read = new HashSet<>(targets.keySet());
    read.addAll(mustBeLoaded);
    if (read.isEmpty()) {
      return CompletableFuture.completedFuture(List.of());
    }
    return pools.getAll(read).thenApply(live -> {
      refuseNotLoaded(mustBeLoaded, live);
      Rejection discontinued = firstDiscontinued(live, targets, code);
      if (discontinued != null) {
        throw discontinued;
      }
      return live;
    });
  }

  static void refuseNotLoaded(Collection<PoolId> ids, Collection<Pool> live) {
    Set<PoolId> missing = new HashSet<>(ids);
    live.forEach(p -> missing.remove(p.id()));
    if (!missing.isEmpty()) {
      throw new Rejection(Kind.UNAVAILABLE, ErrorCode.POOL_NOT_LOADED, "pool " + missing.iterator().next() + " is not loaded; retry shortly");
    }
  }

  /** The refusal (400 {@code code}) naming the first of {@code targets} that is a discontinued pool among {@code live}, or null. */
  static Rejection firstDiscontinued(Collection<Pool> live, Map<PoolId, String> targets, ErrorCode code) {
    for (Pool p : live) {
      if (targets.containsKey(p.id()) && p.status() == PoolStatus.DISCONTINUED) {
        return Rejection.invalid(code, targets.get(p.id()) + ": pool " + p.id() + " is discontinued");
      }
    }
    return null;
  }
}
