package io.jackpot.pool;

import io.jackpot.money.Rate;
import java.io.Serializable;

/** What a pool is reseeded with after a win and which share of each stake it takes. */
public record PoolTerms(long seedMicros, Rate rate) implements Serializable {
  public PoolTerms {
    if (seedMicros <= 0) {
      throw new IllegalArgumentException("seed must be positive");
    }
  }
}
