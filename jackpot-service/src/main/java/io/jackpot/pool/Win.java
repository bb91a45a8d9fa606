package io.jackpot.pool;

import io.jackpot.money.Money;
import java.io.Serializable;
import java.time.Instant;

/**
 * One award of a pool. {@code amount} is whole micro-units: the pool's value at the win rounded
 * down, the sub-micro rest staying in the pool. {@code amount = seed + contributedSinceReset}.
 * {@code amountAfter} is the pool's value right after the reset (the next seed plus the carried
 * rest): with it any member can record the win's rebuild anchor, also when answering a repeat.
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
    Instant wonAt,
    Money amountAfter)
    implements Serializable {

  public Money contributedSinceReset() {
    return amount.minus(Money.ofMicros(seedMicros));
  }

  /** Deterministic, so a replayed claim produces the same id; '~' occurs in neither id. */
  public static String idFor(PoolId pool, long sequence) {
    return "w-" + pool.jackpotId() + "~" + pool.poolKey() + "~" + sequence;
  }
}
