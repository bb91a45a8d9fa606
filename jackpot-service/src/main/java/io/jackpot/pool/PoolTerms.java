package io.jackpot.pool;

import io.jackpot.money.Rate;
import java.io.Serializable;

/** What a pool is reseeded with after a win, which share of each stake it takes, and its trigger. */
public record PoolTerms(long seedMicros, Rate rate, Trigger trigger) implements Serializable {
  public PoolTerms {
    if (seedMicros <= 0) {
      throw new IllegalArgumentException("seed must be positive");
    }
    if (trigger instanceof Trigger.MustHitBy m && m.ceilingMicros() <= seedMicros) {
      throw new IllegalArgumentException("a must-hit ceiling must be above the seed");
    }
  }

  /** Terms of a pool won only by claim. */
  public PoolTerms(long seedMicros, Rate rate) {
    this(seedMicros, rate, new Trigger.Claim());
  }
}
