package io.jackpot.pool;

import io.jackpot.money.Money;
import java.io.Serializable;

/** What a pool command did; one per command, in command order. */
public sealed interface PoolOutcome extends Serializable {
  String roundId();

  /**
   * A contribution was added; {@code opSeq} is the pool's operation number for it and
   * {@code amountAfter} the pool right after the share. {@code share} is what the pool's amount
   * took, {@code toReserve} what went to its reserve (reserve share, and anything above the
   * ceiling without an overflow pool), {@code toOverflow} what above the ceiling is owed to the
   * overflow pool. {@code triggered} is the win this contribution set off (at {@code opSeq + 1}), or null.
   */
  record Contributed(String roundId, long opSeq, long stakeMicros, Money share, Money toReserve, Money toOverflow,
      Money amountAfter, Win triggered) implements PoolOutcome {}

  /** The pool was won ({@code repeated}: this claim had already won it and gets the same win). */
  record Won(Win win, boolean repeated) implements PoolOutcome {
    @Override
    public String roundId() {
      return win.roundId();
    }
  }

  /** Nothing happened because the pool is not active. */
  record Refused(String roundId, PoolStatus status) implements PoolOutcome {}

  /**
   * An operator's change of the pool's state ({@code kind}: PAUSED, RESUMED, DISCONTINUED, TERMS_PENDING, or
   * TERMS_VERSION: a newer definition version with the terms the pool already has or awaits): the status before,
   * and the pool right after (a view, without batch memory), which the ledger records in full.
   */
  record StateChanged(String roundId, String kind, PoolStatus before, Pool after) implements PoolOutcome {}

  /**
   * Money left the pool for another ({@code after} is the source, discontinued) or arrived from one
   * ({@code after} is the target); {@code repeated}: this transfer had already arrived.
   */
  record Transferred(String roundId, Transfer transfer, boolean incoming, boolean repeated, Pool after) implements PoolOutcome {}

  /** A transfer between pools: its id, from where, to where, exactly how much, and why. */
  record Transfer(String transferId, PoolId from, PoolId to, Money amount, String reason) implements Serializable {}

  /** The change asked for was already in effect (e.g. pausing a paused pool): nothing happened. */
  record Unchanged(String roundId, PoolStatus status) implements PoolOutcome {}
}
