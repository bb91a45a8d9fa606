package io.jackpot.jackpot;

import io.jackpot.money.Rate;
import io.jackpot.pool.PoolTerms;

/** One pool of a jackpot as configured. {@code coinValueMicros} is set only for COIN_VALUE routing. */
public record PoolDefinition(String key, String name, long seedMicros, Rate rate, Long coinValueMicros) {
  public PoolTerms terms() {
    return new PoolTerms(seedMicros, rate);
  }
}
