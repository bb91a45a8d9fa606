package io.jackpot.pool;

import io.jackpot.money.Money;
import java.io.Serializable;
import java.time.Instant;

/**
 * One award of a pool. {@code amount} is whole micro-units: the pool's value at the win rounded
 * down, the sub-micro rest staying in the pool. {@code amount = seed + contributedSinceReset}.
 */
public record Win(
    String winId,
    PoolId pool,
    long sequence,
    long opSeq,
    String roundId,
    String playerId,
    String gameId,
    String operatorId,
    Money amount,
    long seedMicros,
    Instant wonAt)
    implements Serializable {

  public Money contributedSinceReset() {
    return amount.minus(Money.ofMicros(seedMicros));
  }

  /** Deterministic, so a replayed claim produces the same id; '~' occurs in neither id. */
  public static String idFor(PoolId pool, long sequence) {
    return "w-" + pool.jackpotId() + "~" + pool.poolKey() + "~" + sequence;
  }
}
