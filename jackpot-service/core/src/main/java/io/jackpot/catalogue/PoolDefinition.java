package io.jackpot.catalogue;

import io.jackpot.money.Rate;
import io.jackpot.pool.PoolId;
import io.jackpot.pool.PoolTerms;
import io.jackpot.pool.Trigger;

/**
 * One pool of a jackpot as configured. {@code coinValueMicros} is set only for COIN_VALUE routing;
 * {@code drawWeight} is its weight when a claim without pool key draws a tier (0: never drawn);
 * {@code reserveRatePpm} the share of each stake set aside for the next seed (0: none);
 * {@code capMicros} the ceiling above which shares overflow (0: none; a must-hit pool's ceiling is
 * its trigger's) into the reserve, or to {@code overflowTo} when set. {@code minStakeMicros}: a
 * stake below it, in the jackpot's currency, neither feeds nor triggers the pool (0: none).
 */
public record PoolDefinition(String key, String name, long seedMicros, Rate rate, Long coinValueMicros,
    Trigger trigger, long drawWeight, long reserveRatePpm, long capMicros, PoolId overflowTo, long minStakeMicros) {

  public PoolDefinition(String key, String name, long seedMicros, Rate rate, Long coinValueMicros,
      Trigger trigger, long drawWeight, long reserveRatePpm, long capMicros, PoolId overflowTo) {
    this(key, name, seedMicros, rate, coinValueMicros, trigger, drawWeight, reserveRatePpm, capMicros, overflowTo, 0);
  }

  public PoolDefinition(String key, String name, long seedMicros, Rate rate, Long coinValueMicros, Trigger trigger, long drawWeight) {
    this(key, name, seedMicros, rate, coinValueMicros, trigger, drawWeight, 0, 0, null);
  }

  /** A pool won by claim only, never drawn. */
  public PoolDefinition(String key, String name, long seedMicros, Rate rate, Long coinValueMicros) {
    this(key, name, seedMicros, rate, coinValueMicros, new Trigger.Claim(), 0);
  }

  public PoolTerms terms() {
    return new PoolTerms(seedMicros, rate, trigger, reserveRatePpm, capMicros, overflowTo);
  }
}
