package io.jackpot.admin;

import io.jackpot.access.Admin;
import io.jackpot.catalogue.Catalogue;
import io.jackpot.catalogue.JackpotDefinition;
import io.jackpot.error.ErrorCode;
import io.jackpot.error.Rejection.Kind;
import io.jackpot.error.Rejection;
import io.jackpot.pool.PoolCommand;
import io.jackpot.pool.PoolId;
import io.jackpot.pool.PoolOutcome;
import io.jackpot.pool.PoolStatus;
import io.jackpot.sequencer.Submission;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What operators do to running pools: pause and resume them (one pool, or a jackpot's all in one
 * step) and discontinue one, its value held or transferred to another pool.
 */
public final class Lifecycle {
  private static final Logger log = LoggerFactory.getLogger(Lifecycle.class);
  private final Catalogue catalogue;
  private final Ownership ownership;
  private final PoolSteps steps;
  private final Transfers transfers;
  private final Clock clock;

  public Lifecycle(Catalogue catalogue, Ownership ownership, PoolSteps steps, Transfers transfers, Clock clock) {
    this.catalogue = catalogue;
    this.ownership = ownership;
    this.steps = steps;
    this.transfers = transfers;
    this.clock = clock;
  }

  public CompletionStage<PoolOutcome> pause(Admin admin, String jackpotId, String poolKey) {
    return change(admin, jackpotId, poolKey, "pool.pause", steps.pause());
  }

  public CompletionStage<PoolOutcome> resume(Admin admin, String jackpotId, String poolKey) {
    return change(admin, jackpotId, poolKey, "pool.resume", steps.resume());
  }

  /**
   * Pauses every pool of a jackpot in one step (the seed rules' "the jackpot could be temporarily
   * deactivated": all contributions paused, amounts kept). Answers each pool's outcome by pool key,
   * in the definition's order: a discontinued pool is left as it is (Refused), not an error.
   */
  public CompletionStage<Map<String, PoolOutcome>> pauseJackpot(Admin admin, String jackpotId) {
    return changeAll(admin, jackpotId, "pool.pause", steps::pause);
  }

  /** Resumes every pool of a jackpot in one step; as {@link #pauseJackpot}. */
  public CompletionStage<Map<String, PoolOutcome>> resumeJackpot(Admin admin, String jackpotId) {
    return changeAll(admin, jackpotId, "pool.resume", steps::resume);
  }

  private CompletionStage<Map<String, PoolOutcome>> changeAll(Admin admin, String jackpotId, String action,
      Supplier<PoolCommand> command) {
    Ownership.requireWriter(admin);
    JackpotDefinition j = ownership.visible(admin, jackpotId);
    List<Submission.Target> targets = j.pools().stream().map(p -> new Submission.Target(j.poolId(p), command.get())).toList();
    return steps.submitLive(targets, AuditTrail.step(admin, j.owner(), action))
        .thenApply(outcomes -> {
          Map<String, PoolOutcome> byPool = new LinkedHashMap<>();
          for (int i = 0; i < targets.size(); i++) {
            byPool.put(targets.get(i).pool().poolKey(), outcomes.get(i));
          }
          return byPool;
        });
  }

  private CompletionStage<PoolOutcome> change(Admin admin, String jackpotId, String poolKey, String action, PoolCommand command) {
    Ownership.requireWriter(admin);
    JackpotDefinition j = ownership.visible(admin, jackpotId);
    PoolId pool = poolOf(j, poolKey);
    return steps.submitLive(List.of(new Submission.Target(pool, command)), AuditTrail.step(admin, j.owner(), action)).thenApply(outcomes -> {
      PoolOutcome o = outcomes.get(0);
      if (o instanceof PoolOutcome.Refused r) {
        throw new Rejection(Kind.CONFLICT, r.status() == PoolStatus.DISCONTINUED ? ErrorCode.POOL_DISCONTINUED : ErrorCode.POOL_NOT_ACTIVE,
            "pool " + pool + " is " + r.status().name().toLowerCase());
      }
      return o;
    });
  }

  /** What a discontinuation did: the source's outcome, and the target's receipt if value moved and it was recorded (else null: in transit). */
  public record Discontinued(PoolOutcome source, PoolOutcome target) {}

  /**
   * Closes a pool for good: its whole value (amount and reserve) moves to {@code transferTo}, or is
   * held (transferTo null). The move is two steps, each recorded: out with the source's change, in
   * with the target's; a transfer left half-done (the receipt not recorded at once, or a stop) is
   * completed by the pending-transfer sweeper, within a second and at the next start.
   */
  public CompletionStage<Discontinued> discontinue(Admin admin, String jackpotId, String poolKey, String reason, PoolId transferTo) {
    Ownership.requireWriter(admin);
    JackpotDefinition source = ownership.visible(admin, jackpotId);
    PoolId from = poolOf(source, poolKey);
    ownership.refuseShared(admin, source, "", "discontinue its pools");
    if (transferTo != null) {
      checkTransferTarget(admin, source, from, transferTo);
    }
    var command = new PoolCommand.Discontinue("discontinue-" + UUID.randomUUID(), reason, transferTo, "t-" + UUID.randomUUID(), clock.instant());
    Submission s = Submission.audited(new Submission.Target(from, command),
        AuditTrail.step(admin, source.owner(), transferTo == null ? "pool.discontinue.hold" : "pool.discontinue.transfer"));
    Map<PoolId, String> target = transferTo == null ? Map.of() : Map.of(transferTo, "transferTo");
    return steps.refuseUnusableTargets(transferTo == null ? List.of(from) : List.of(from, transferTo), target, ErrorCode.INVALID_TARGET)
        .thenCompose(live -> {
          if (transferTo != null) {
            Transfers.refuseOverfilling(live, from, transferTo);
          }
          return steps.submit(s);
        }).thenCompose(outcomes -> landed(admin, from, transferTo, outcomes.get(0)));
  }

  private static PoolId poolOf(JackpotDefinition j, String poolKey) {
    j.pool(poolKey).orElseThrow(() -> new Rejection(Kind.NOT_FOUND, ErrorCode.UNKNOWN_POOL, "jackpot " + j.id() + " has no pool " + poolKey));
    return new PoolId(j.id(), poolKey);
  }

  /** A discontinuation's target: an existing pool of the token's, not shared, not the source, in the source's currency. */
  private void checkTransferTarget(Admin admin, JackpotDefinition source, PoolId from, PoolId transferTo) {
    JackpotDefinition target = catalogue.jackpot(transferTo.jackpotId()).orElseThrow(() ->
        Rejection.invalid(ErrorCode.UNKNOWN_TARGET, "transferTo: no jackpot " + transferTo.jackpotId()));
    target.pool(transferTo.poolKey()).orElseThrow(() ->
        Rejection.invalid(ErrorCode.UNKNOWN_TARGET, "transferTo: jackpot " + transferTo.jackpotId() + " has no pool " + transferTo.poolKey()));
    if (transferTo.equals(from)) {
      throw Rejection.invalid(ErrorCode.INVALID_TARGET, "transferTo: a pool cannot transfer to itself");
    }
    if (!admin.covers(target.owner())) {
      throw new Rejection(Kind.FORBIDDEN, ErrorCode.OTHER_OPERATOR, "transferTo: pool " + transferTo + " belongs to another operator");
    }
    ownership.refuseShared(admin, target, "transferTo: ", "transfer into its pool " + transferTo);
    if (!target.currency().equals(source.currency())) {
      throw Rejection.invalid(ErrorCode.CURRENCY_MISMATCH, "transferTo: pool " + transferTo + " is kept in " + target.currency());
    }
  }

  /** The source's outcome, and for a transfer its receipt, landed now or left to the sweeper. */
  private CompletionStage<Discontinued> landed(Admin admin, PoolId from, PoolId transferTo, PoolOutcome o) {
    if (o instanceof PoolOutcome.Unchanged) {
      throw new Rejection(Kind.CONFLICT, ErrorCode.POOL_DISCONTINUED, "pool " + from + " is already discontinued"
          + (transferTo == null ? "" : " and holds nothing left to transfer"));
    }
    if (!(o instanceof PoolOutcome.Transferred t)) {
      return CompletableFuture.completedFuture(new Discontinued(o, null));
    }
    // The value has left the source (recorded): the answer says so whatever happens to the
    // receipt. One refused here lands within a second (the pending-transfer sweeper).
    return transfers.receive(t.transfer(), AuditTrail.step(admin, transfers.ownerOf(t.transfer().to()), "pool.transfer-in"))
        .handle((in, failed) -> {
          if (failed != null) {
            log.warn("discontinue {}: transfer {} sent, its receipt not yet recorded ({}); the sweeper lands it", from,
                t.transfer().transferId(), failed.toString());
          }
          return new Discontinued(o, in);
        });
  }
}
