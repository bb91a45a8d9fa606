package io.jackpot.pool;

import java.io.Serializable;

/**
 * How a pool is won besides a game's claim (every pool can be claimed). Drawn by the service, never
 * by the game: a draw the client could call would be an exploit.
 */
public sealed interface Trigger extends Serializable {
  /** Won only by claim. */
  record Claim() implements Trigger {}

  /** Each contribution wins with probability stake / stakePerHit (certainly when stake ≥ stakePerHit). */
  record Random(long stakePerHitMicros) implements Trigger {
    public Random {
      if (stakePerHitMicros <= 0) {
        throw new IllegalArgumentException("stakePerHit must be positive");
      }
    }
  }

  /**
   * A secret hit point drawn uniformly in [seed, ceiling] at every reseed; the contribution that
   * brings the pool to it wins exactly the hit point (what lies above goes to the reserve, which
   * funds the next seeds; the next cycle starts at its seed), so the pool never pays above the ceiling.
   */
  record MustHitBy(long ceilingMicros) implements Trigger {}

  /** How a win came about, as recorded and shown. */
  enum Kind { CLAIM, RANDOM, MUST_HIT_BY }
}
