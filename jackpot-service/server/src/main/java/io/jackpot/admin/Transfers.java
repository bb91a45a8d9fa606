package io.jackpot.admin;

import io.jackpot.catalogue.Catalogue;
import io.jackpot.catalogue.JackpotDefinition;
import io.jackpot.error.ErrorCode;
import io.jackpot.error.Rejection.Kind;
import io.jackpot.error.Rejection;
import io.jackpot.ledger.Ledger;
import io.jackpot.money.Money;
import io.jackpot.money.Total;
import io.jackpot.pool.Pool;
import io.jackpot.pool.PoolCommand;
import io.jackpot.pool.PoolId;
import io.jackpot.pool.PoolOutcome;
import io.jackpot.sequencer.Sequencer;
import io.jackpot.sequencer.Submission;
import java.time.Clock;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * Money moving between pools: a transfer is two recorded steps, out of the source and into the
 * target; this lands the second, for a discontinued pool's value, a pool's overflow, or a transfer
 * a stop left half-done.
 */
public final class Transfers {
  private static final Total MOST_A_POOL_HOLDS = Total.of(Money.ofMicros(Pool.MOST_MICROS));

  private final Catalogue catalogue;
  private final Ledger ledger;
  private final Sequencer sequencer;
  private final Clock clock;

  public Transfers(Catalogue catalogue, Ledger ledger, Sequencer sequencer, Clock clock) {
    this.catalogue = catalogue;
    this.ledger = ledger;
    this.sequencer = sequencer;
    this.clock = clock;
  }

  /** Lands a transfer in its target (idempotent by transfer id). */
  CompletionStage<PoolOutcome> receive(PoolOutcome.Transfer t, Submission.Audit audit) {
    var in = new PoolCommand.TransferIn(t.transferId(), t.from(), t.amount(), clock.instant());
    return sequencer.submit(Submission.audited(new Submission.Target(t.to(), in), audit)).thenApply(o -> o.get(0));
  }

  /** Sends a pool's overflow to its overflow pool (two recorded steps, like any transfer). */
  public CompletionStage<PoolOutcome> flushOverflow(PoolId pool, String owner) {
    var flush = new PoolCommand.FlushOverflow("flush-" + UUID.randomUUID(), "t-" + UUID.randomUUID());
    return sequencer.submit(Submission.audited(new Submission.Target(pool, flush), AuditTrail.system(owner, "pool.overflow-out")))
        .thenCompose(outcomes -> outcomes.get(0) instanceof PoolOutcome.Transferred t
            ? receive(t.transfer(), AuditTrail.system(ownerOf(t.transfer().to()), "pool.overflow-in"))
            : CompletableFuture.completedFuture(outcomes.get(0)));
  }

  /**
   * Lands every transfer the ledger holds as sent but not received (a stop, or a refused second
   * step, between the two): each at most once, by transfer id.
   */
  public CompletionStage<Integer> completePendingTransfers() {
    return ledger.pendingTransfers().thenCompose(pending -> {
      CompletableFuture<?>[] steps = pending.stream()
          .map(t -> receive(t, AuditTrail.system(ownerOf(t.to()), "pool.transfer-in.completed")).toCompletableFuture())
          .toArray(CompletableFuture[]::new);
      return CompletableFuture.allOf(steps).thenApply(v -> pending.size());
    });
  }

  String ownerOf(PoolId pool) {
    return catalogue.jackpot(pool.jackpotId()).map(JackpotDefinition::owner).orElse(null);
  }

  /**
   * Refuses (409 TRANSFER_TOO_LARGE) a transfer of all {@code from} holds that would take
   * {@code to} past {@link Pool#MOST_MICROS}, as both are now among {@code live}. Money arithmetic
   * is exact and refuses to wrap: a receipt past a long's range could never be applied, and the
   * member's sequencer would try it again for ever. Checked before anything is sent; transfers of
   * other requests landing meanwhile are not counted (each is checked the same way, and a long
   * holds over nine times the bound).
   */
  static void refuseOverfilling(List<Pool> live, PoolId from, PoolId to) {
    Total held = value(live, to);
    Total after = held.plus(value(live, from)); // a sum of any size: a long could overflow here too
    if (after.compareTo(MOST_A_POOL_HOLDS) > 0) {
      throw new Rejection(Kind.CONFLICT, ErrorCode.TRANSFER_TOO_LARGE, "transferTo: pool " + to + " holds " + held.toPlainString()
          + " and would hold " + after.toPlainString() + " with what pool " + from + " holds, more than a pool may hold ("
          + MOST_A_POOL_HOLDS.toPlainString() + "); transfer it to another pool, or hold it");
    }
  }

  /** All pool {@code id} holds, as {@code live} has it (both pools of a transfer are among them: refuseNotLoaded ran first). */
  private static Total value(List<Pool> live, PoolId id) {
    return live.stream().filter(p -> p.id().equals(id)).findFirst().map(p -> Total.of(p.value())).orElseThrow();
  }
}
