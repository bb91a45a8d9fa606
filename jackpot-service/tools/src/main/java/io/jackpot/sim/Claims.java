package io.jackpot.sim;

import io.jackpot.sdk.RoundResult;
import io.jackpot.sdk.Win;

/** When a simulated game claims its jackpot, and whether the claim's win was already a trigger's. */
final class Claims {
  private Claims() {}

  /**
   * The round's bonus won its jackpot and the answer is not PAUSED. A DUPLICATE (an earlier attempt
   * whose answer was lost) still claims.
   */
  static boolean claimsAfter(SimRound round, RoundResult result) {
    return round.claims() && result.status() != RoundResult.Status.PAUSED;
  }

  /** A round wins a pool at most once, so a claim of a pool it already won is answered with that win. */
  static boolean triggered(RoundResult result, Win won) {
    return result.triggers().stream().anyMatch(t -> t.winId().equals(won.winId()));
  }
}
