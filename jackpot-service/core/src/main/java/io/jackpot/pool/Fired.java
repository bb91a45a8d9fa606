package io.jackpot.pool;

import io.jackpot.money.Money;
import java.time.Instant;

/** A trigger that fired on a contribution: how the pool is won, and what the win pays. */
record Fired(Trigger.Kind how, Money pays) {

  /**
   * The trigger a contribution of {@code stakeMicros} at operation {@code op}, applied at
   * {@code now}, sets off, the pool's amount being {@code after} with its share; null when none
   * does (the common case, which allocates nothing). A random pool draws; a must-hit pool pays its
   * hit point once reached; a must-drop pool pays all it holds once its drop time is reached.
   */
  static Fired by(PoolTerms terms, MustHit mustHit, MustDrop mustDrop, Money after, long stakeMicros, long op, Entropy entropy,
      Instant now) {
    if (terms.trigger() instanceof Trigger.Random r
        && entropy.below(r.stakePerHitMicros(), op, Entropy.Purpose.RANDOM_TRIGGER) < stakeMicros) {
      return new Fired(Trigger.Kind.RANDOM, after.wholeMicros());
    }
    if (mustHit != null && after.compareTo(Money.ofMicros(mustHit.hitMicros())) >= 0) {
      return new Fired(Trigger.Kind.MUST_HIT_BY, Money.ofMicros(mustHit.hitMicros()));
    }
    if (mustDrop != null && mustDrop.reachedAt(now)) {
      return new Fired(Trigger.Kind.MUST_DROP_BY, after.wholeMicros());
    }
    return null;
  }

  /**
   * When the win is dated: a drop at the batch's time, which reached the drop time (the request
   * may have been taken before it); others when their contribution was taken.
   */
  Instant dated(Instant taken, Instant now) {
    return how == Trigger.Kind.MUST_DROP_BY ? now : taken;
  }
}
