package io.jackpot.pool;

import io.jackpot.money.Money;

/** A trigger that fired on a contribution: how the pool is won, and what the win pays. */
record Fired(Trigger.Kind how, Money pays) {

  /**
   * The trigger a contribution of {@code stakeMicros} at operation {@code op} sets off, the pool's
   * amount being {@code after} with its share; null when none does (the common case, which
   * allocates nothing). A random pool draws; a must-hit pool pays its hit point once reached.
   */
  static Fired by(PoolTerms terms, MustHit mustHit, Money after, long stakeMicros, long op, Entropy entropy) {
    if (terms.trigger() instanceof Trigger.Random r
        && entropy.below(r.stakePerHitMicros(), op, Entropy.Purpose.RANDOM_TRIGGER) < stakeMicros) {
      return new Fired(Trigger.Kind.RANDOM, after.wholeMicros());
    }
    if (mustHit != null && after.compareTo(Money.ofMicros(mustHit.hitMicros())) >= 0) {
      return new Fired(Trigger.Kind.MUST_HIT_BY, Money.ofMicros(mustHit.hitMicros()));
    }
    return null;
  }
}
