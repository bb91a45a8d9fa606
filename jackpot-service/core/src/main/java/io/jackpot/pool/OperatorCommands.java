package io.jackpot.pool;

import io.jackpot.money.Money;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * How a pool takes the commands that are not play: an operator's pause, resume, new terms and
 * discontinue, and the transfers between pools that discontinuing and overflow make.
 */
final class OperatorCommands {
  private OperatorCommands() {}

  /** Pause and resume: the amount, remainder, secret and sequence stay exactly as they are. */
  static PoolOutcome changeStatus(PoolDraft pool, PoolCommand command) {
    boolean pause = command instanceof PoolCommand.Pause;
    PoolStatus before = pool.status;
    PoolStatus target = pause ? PoolStatus.PAUSED : PoolStatus.ACTIVE;
    if (before == PoolStatus.DISCONTINUED) {
      return new PoolOutcome.Refused(command.roundId(), before);
    }
    if (before == target) {
      return new PoolOutcome.Unchanged(command.roundId(), before);
    }
    pool.status = target;
    pool.nextOp();
    return new PoolOutcome.StateChanged(command.roundId(), pause ? "PAUSED" : "RESUMED", before, pool.view());
  }

  /**
   * Closed for good; its whole value either leaves for another pool or stays held here. What a
   * discontinued pool still holds (held, or received since) may leave later, to another pool.
   */
  static PoolOutcome discontinue(PoolDraft pool, PoolCommand.Discontinue d) {
    PoolStatus before = pool.status;
    Money value = pool.value();
    if (before == PoolStatus.DISCONTINUED && (d.transferTo() == null || value.equals(Money.ZERO))) {
      return new PoolOutcome.Unchanged(d.roundId(), before);
    }
    pool.status = PoolStatus.DISCONTINUED;
    pool.pendingTerms = null;
    pool.nextOp();
    if (d.transferTo() == null) {
      return new PoolOutcome.StateChanged(d.roundId(), "DISCONTINUED", before, pool.view());
    }
    pool.amount = Money.ZERO;
    pool.reserve = Money.ZERO;
    pool.owed = Money.ZERO;
    var transfer = new PoolOutcome.Transfer(d.transferId(), pool.id, d.transferTo(), value, d.reason());
    return new PoolOutcome.Transferred(d.roundId(), transfer, false, false, pool.view());
  }

  /**
   * Sends what overflowed to the overflow pool, as one transfer; nothing owed, nothing sent. A
   * discontinued pool sends nothing: what it owes is part of the value it holds, or moves with it.
   */
  static PoolOutcome flush(PoolDraft pool, PoolCommand.FlushOverflow f) {
    PoolId to = pool.terms.overflowTo();
    if (pool.owed.equals(Money.ZERO) || to == null || pool.status == PoolStatus.DISCONTINUED) {
      return new PoolOutcome.Unchanged(f.roundId(), pool.status);
    }
    var transfer = new PoolOutcome.Transfer(f.transferId(), pool.id, to, pool.owed, "overflow above the ceiling");
    pool.owed = Money.ZERO;
    pool.nextOp();
    return new PoolOutcome.Transferred(f.roundId(), transfer, false, false, pool.view());
  }

  /**
   * Takes a transfer in, once per transfer id, whatever the pool's state: money must land. It adds
   * to the amount of an active pool up to its ceiling; a paused or discontinued pool, or a must-hit
   * one, takes it into its reserve (which funds its next seeds): a paused pool's amount is the same
   * after resume, and a must-hit pool's amount never jumps past its hit point (the next bet of any
   * size would win). What would take an active pool's amount past its ceiling goes to its reserve
   * too, not on to its own overflow pool: two pools overflowing into each other would pass it back
   * and forth for ever.
   */
  static PoolOutcome receive(PoolDraft pool, PoolCommand.TransferIn t) {
    var transfer = new PoolOutcome.Transfer(t.roundId(), t.from(), pool.id, t.amount(), null);
    boolean repeated = pool.receivedTransfers.contains(t.roundId());
    // A repeat changes nothing but the operation number: the present state it records (if its
    // first receipt never was) is an anchor of its own, never at a share's number, where the
    // ledger's share runs could span it (docs/ledger.md).
    if (!repeated) {
      List<String> received = new ArrayList<>(pool.receivedTransfers);
      received.add(t.roundId());
      if (received.size() > Pool.RECEIVED_TRANSFERS) {
        received.remove(0);
      }
      Money toReserve = pool.status != PoolStatus.ACTIVE || pool.mustHit != null ? t.amount() : pool.aboveCeiling(t.amount());
      pool.amount = pool.amount.plus(t.amount().minus(toReserve));
      pool.reserve = pool.reserve.plus(toReserve);
      pool.receivedTransfers = List.copyOf(received);
    }
    pool.nextOp();
    return new PoolOutcome.Transferred(t.roundId(), transfer, true, repeated, pool.view());
  }

  /**
   * New terms wait for the next reseed (regulators require it); asking for the terms in force
   * cancels a pending change. Terms of a definition version older than the pool's last are not
   * taken: two operators' changes of one jackpot may reach the pool in either order (each member
   * submits its own), and the pool must end with the newer one's terms. A change of version 0 (a
   * sender that predates versions) is always taken. A newer version with the same terms changes
   * only the version the pool remembers, and is recorded all the same ({@code TERMS_VERSION}): a
   * rebuilt pool must not take a version in between that arrives later.
   */
  static PoolOutcome changeTerms(PoolDraft pool, PoolCommand.ChangeTerms change) {
    if (change.version() != 0 && change.version() < pool.termsVersion) {
      return new PoolOutcome.Unchanged(change.roundId(), pool.status);
    }
    long version = Math.max(pool.termsVersion, change.version());
    PoolTerms pending = change.terms().equals(pool.terms) ? null : change.terms();
    boolean sameTerms = Objects.equals(pending, pool.pendingTerms);
    // A discontinued pool is never won again, so no terms of it ever come into force.
    if (pool.status == PoolStatus.DISCONTINUED || sameTerms && version == pool.termsVersion) {
      return new PoolOutcome.Unchanged(change.roundId(), pool.status);
    }
    pool.pendingTerms = pending;
    pool.termsVersion = version;
    pool.nextOp();
    return new PoolOutcome.StateChanged(change.roundId(), sameTerms ? "TERMS_VERSION" : "TERMS_PENDING", pool.status, pool.view());
  }
}
