package io.jackpot.pool;

import io.jackpot.money.Money;
import java.io.Serializable;
import java.time.Instant;

/**
 * One award of a pool. {@code amount} is whole micro-units: the pool's value at the win rounded
 * down, the sub-micro rest staying in the pool. {@code amount = seed + contributedSinceReset}.
 * {@code how} says what won it; {@code revealed} is the must-hit secret of the cycle it ended
 * and {@code dropped} its must-drop secret (null for other pools), published with the win. {@code next} is the pool right after the win:
 * with it any member can record the win's rebuild anchor, also when answering a repeat.
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
    Trigger.Kind how,
    MustHit revealed,
    MustDrop dropped,
    Reset next)
    implements Serializable {

  /**
   * The pool right after a win: its amount (the new seed plus what was not paid), the seed of the
   * new cycle, the new cycle's must-hit or must-drop secret (kept, never shown; null for other
   * pools or when not known, as for a win read back from the ledger, whose anchor already holds
   * it), the terms now in
   * force (pending terms take effect here), how the seed was funded (from the reserve first, the
   * operator for the rest), the reserve left, and the definition version of the pool's terms
   * (Pool.termsVersion; 0 when not known, as for a win read back from the ledger).
   */
  public record Reset(Money amount, long seedMicros, MustHit mustHit, MustDrop mustDrop, PoolTerms terms, Money seedFromReserve,
      Money operatorFunding, Money reserve, Money owed, long termsVersion) implements Serializable {}

  public Money contributedSinceReset() {
    return amount.minus(Money.ofMicros(seedMicros));
  }

  /** Deterministic, so a replayed claim produces the same id; '~' occurs in neither id. */
  public static String idFor(PoolId pool, long sequence) {
    return "w-" + pool.jackpotId() + "~" + pool.poolKey() + "~" + sequence;
  }
}
