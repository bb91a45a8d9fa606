package io.jackpot.pool;

import io.jackpot.money.Money;
import java.io.Serializable;

/** What a pool command did; one per command, in command order. */
public sealed interface PoolOutcome extends Serializable {
  String roundId();

  /**
   * A contribution was added; {@code opSeq} is the pool's operation number for it and
   * {@code amountAfter} the pool right after the share. {@code triggered} is the win this
   * contribution set off (random or must-hit trigger, at {@code opSeq + 1}), or null.
   */
  record Contributed(String roundId, long opSeq, long stakeMicros, Money share, Money amountAfter, Win triggered)
      implements PoolOutcome {}

  /** The pool was won ({@code repeated}: this claim had already won it and gets the same win). */
  record Won(Win win, boolean repeated) implements PoolOutcome {
    @Override
    public String roundId() {
      return win.roundId();
    }
  }

  /** Nothing happened because the pool is not active. */
  record Refused(String roundId, PoolStatus status) implements PoolOutcome {}
}
