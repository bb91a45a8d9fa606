package io.jackpot.pool;

import io.jackpot.money.Money;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/** What a win of a pool pays and what the pool starts its next cycle with: seed, rest, reserve, hit point. */
final class Reseed {
  private Reseed() {}

  /**
   * The win of {@code pool} as it stands, paying {@code paid}: the next operation number, the next
   * sequence, and the reset: the seed plus whatever was not paid (the sub-micro rest), with a fresh
   * hit point for must-hit pools, which start at the seed alone (what they did not pay goes to
   * their reserve).
   */
  static Win award(PoolDraft pool, String roundId, String playerId, String gameId, String operatorId, Instant at,
      Trigger.Kind how, Money paid, Entropy entropy, Instant now) {
    long sequence = pool.winSeq + 1;
    long op = pool.opSeq + 1;
    PoolTerms next = pool.pendingTerms != null ? pool.pendingTerms : pool.terms;
    Money seed = Money.ofMicros(next.seedMicros());
    Money fromReserve = pool.reserve.min(seed);
    Money unpaid = pool.amount.minus(paid);
    Money reset = seed.plus(unpaid);
    Money toReserve = Money.ZERO;
    if (next.trigger() instanceof Trigger.MustHitBy) {
      // A must-hit pool starts every cycle at its seed; what was not paid goes to the reserve,
      // which funds the next seeds. Carried into the new cycle, a large share's rest could pass the
      // new hit point before anyone bets (the next bet of any size would win for certain), and
      // capping the carry below the hit point would show where the hit point is.
      toReserve = unpaid;
      reset = seed;
    }
    // Stamped by the member that took the request, whose clock may be behind the one that stamped
    // the last win: a win is never dated before the win numbered before it.
    Instant wonAt = pool.lastWin().map(Win::wonAt).filter(last -> last.isAfter(at)).orElse(at);
    return new Win(Win.idFor(pool.id, sequence), pool.id, sequence, op, roundId, playerId, gameId, operatorId, paid,
        pool.cycleSeedMicros, wonAt, how, pool.mustHit, pool.mustDrop, new Win.Reset(reset, next.seedMicros(), hitPoint(next, entropy, op),
            dropTime(next, pool.mustDrop, entropy, op, now), next, fromReserve, seed.minus(fromReserve),
            keptReserve(pool, next, pool.reserve.minus(fromReserve)).plus(toReserve), keptOwed(pool, next), pool.termsVersion));
  }

  /** Puts {@code win}'s reset in force (its terms, pending ones included) and keeps the win among the recent ones. */
  static void afterWin(PoolDraft pool, Win win) {
    List<Win> wins = new ArrayList<>(pool.recentWins);
    wins.add(win);
    if (wins.size() > Pool.RECENT_WINS) {
      wins.remove(0);
    }
    Win.Reset next = win.next();
    pool.terms = next.terms();
    pool.amount = next.amount();
    pool.cycleSeedMicros = next.seedMicros();
    pool.opSeq = win.opSeq();
    pool.winSeq = win.sequence();
    pool.mustHit = next.mustHit();
    pool.mustDrop = next.mustDrop();
    pool.reserve = next.reserve();
    pool.pendingTerms = null;
    pool.owed = next.owed();
    pool.recentWins = List.copyOf(wins);
  }

  /** A must-hit pool's secret hit point for the cycle starting at {@code op} under {@code terms}; null for other pools. */
  static MustHit hitPoint(PoolTerms terms, Entropy entropy, long op) {
    return terms.trigger() instanceof Trigger.MustHitBy m ? MustHit.draw(terms.seedMicros(), m.ceilingMicros(), entropy, op) : null;
  }

  /**
   * A must-drop pool's secret drop time for the cycle starting at {@code op} under {@code terms},
   * at {@code now}: in the window after the last cycle's ({@code last}, null for none), or in the
   * one now running once that is over. Null for other pools.
   */
  static MustDrop dropTime(PoolTerms terms, MustDrop last, Entropy entropy, long op, Instant now) {
    if (!(terms.trigger() instanceof Trigger.MustDropBy d)) {
      return null;
    }
    return MustDrop.draw(d.next(last == null ? null : last.window(), now), now, entropy, op);
  }

  /** Overflow owed to a pool the new terms no longer send to stays here, in the reserve. */
  private static Money keptReserve(PoolDraft pool, PoolTerms next, Money left) {
    return Objects.equals(next.overflowTo(), pool.terms.overflowTo()) ? left : left.plus(pool.owed);
  }

  private static Money keptOwed(PoolDraft pool, PoolTerms next) {
    return Objects.equals(next.overflowTo(), pool.terms.overflowTo()) ? pool.owed : Money.ZERO;
  }
}
