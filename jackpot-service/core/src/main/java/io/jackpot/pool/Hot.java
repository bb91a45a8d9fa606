package io.jackpot.pool;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Instant;

/**
 * How near a pool is to its forced win, as players are shown it, revealing no secret: a must-hit
 * pool's way from seed to ceiling, a must-drop pool's share of its window gone by.
 */
public final class Hot {
  /** Decimals of a progress figure. */
  public static final int SCALE = 4;

  private Hot() {}

  /**
   * The progress in [0, 1] as a decimal string rounded down to {@link #SCALE} decimals, or null for
   * a pool won only by claim or at random. Must-hit: (amount − seed) / (ceiling − seed), from the
   * seed of the running cycle. Must-drop: (now − window start) / (window length); 0 before the
   * window starts, 1 once it is over.
   */
  public static String progress(Pool pool, Instant now) {
    if (pool.terms().trigger() instanceof Trigger.MustHitBy m) {
      long span = m.ceilingMicros() - pool.cycleSeedMicros();
      BigDecimal gone = pool.amount().toBigDecimal().subtract(BigDecimal.valueOf(pool.cycleSeedMicros()).movePointLeft(6));
      return span <= 0 ? "1.0000" : share(gone, BigDecimal.valueOf(span).movePointLeft(6));
    }
    MustDrop drop = pool.mustDrop();
    if (drop == null) {
      return null;
    }
    long span = drop.dropBy().toEpochMilli() - drop.from().toEpochMilli();
    return share(BigDecimal.valueOf(now.toEpochMilli() - drop.from().toEpochMilli()), BigDecimal.valueOf(span));
  }

  /** A must-drop pool's window end, which it drops before; null for other pools. */
  public static Instant dropBy(Pool pool) {
    return pool.mustDrop() == null ? null : pool.mustDrop().dropBy();
  }

  private static String share(BigDecimal part, BigDecimal whole) {
    BigDecimal p = part.divide(whole, SCALE, RoundingMode.DOWN);
    return p.max(BigDecimal.ZERO).min(BigDecimal.ONE).setScale(SCALE, RoundingMode.DOWN).toPlainString();
  }
}
