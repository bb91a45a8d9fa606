package io.jackpot.pool;

import io.jackpot.money.Rate;
import java.io.Serializable;

/**
 * What a pool is reseeded with after a win, which share of each stake it takes, its trigger, the
 * share of each stake that funds its next seed ({@code reserveRatePpm}, 0 for none), and the amount
 * above which shares overflow into the reserve ({@code capMicros}, 0 for none; a must-hit pool's
 * ceiling is its trigger's). With {@code overflowTo} set, what overflows is owed to that pool
 * instead of the reserve.
 */
public record PoolTerms(long seedMicros, Rate rate, Trigger trigger, long reserveRatePpm, long capMicros, PoolId overflowTo)
    implements Serializable {
  public PoolTerms {
    if (seedMicros <= 0) {
      throw new IllegalArgumentException("seed must be positive");
    }
    if (trigger instanceof Trigger.MustHitBy m && m.ceilingMicros() <= seedMicros) {
      throw new IllegalArgumentException("a must-hit ceiling must be above the seed");
    }
    if (reserveRatePpm < 0 || reserveRatePpm + rate.ppm() >= Rate.ONE) {
      throw new IllegalArgumentException("rate + reserveRate must stay below 1");
    }
    if (capMicros != 0 && capMicros <= seedMicros) {
      throw new IllegalArgumentException("a ceiling must be above the seed");
    }
    if (overflowTo != null && capMicros == 0) {
      throw new IllegalArgumentException("overflowTo needs a ceiling");
    }
  }

  /** What of each stake the pool takes, its own share and its reserve's (parts per million). */
  public long stakeSharePpm() {
    return rate.ppm() + reserveRatePpm;
  }

  public PoolTerms(long seedMicros, Rate rate, Trigger trigger, long reserveRatePpm, long capMicros) {
    this(seedMicros, rate, trigger, reserveRatePpm, capMicros, null);
  }

  public PoolTerms(long seedMicros, Rate rate, Trigger trigger) {
    this(seedMicros, rate, trigger, 0, 0);
  }

  /** Terms of a pool won only by claim. */
  public PoolTerms(long seedMicros, Rate rate) {
    this(seedMicros, rate, new Trigger.Claim());
  }
}
