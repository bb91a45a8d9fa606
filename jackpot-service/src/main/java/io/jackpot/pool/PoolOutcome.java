package io.jackpot.pool;

import io.jackpot.money.Money;
import java.io.Serializable;

/** What a pool command did; one per command, in command order. */
public sealed interface PoolOutcome extends Serializable {
  String roundId();

  /** A contribution was added; {@code opSeq} is the pool's operation number for it. */
  record Contributed(String roundId, long opSeq, long stakeMicros, Money share, Money amountAfter)
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
