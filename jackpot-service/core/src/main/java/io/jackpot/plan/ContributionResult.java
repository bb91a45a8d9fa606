package io.jackpot.plan;

import io.jackpot.error.ErrorCode;
import io.jackpot.money.Money;
import io.jackpot.pool.PoolId;
import io.jackpot.pool.Win;
import java.util.List;

/** What became of one contribution, as answered to the game (docs/api.md "POST /v1/contributions"). */
public record ContributionResult(
    String roundId, Status status, List<Share> contributions, List<Win> triggers, ErrorCode errorCode,
    String errorMessage) {

  public enum Status { APPLIED, DUPLICATE, PAUSED, REJECTED }

  /** The share one pool took and the pool's exact amount right after it. */
  public record Share(PoolId pool, Money amount, Money poolAmount) {}

  /** Every pool it would feed was paused: nothing contributed. */
  public static ContributionResult paused(String roundId) {
    return new ContributionResult(roundId, Status.PAUSED, List.of(), List.of(), null, null);
  }

  public static ContributionResult rejected(String roundId, ErrorCode code, String message) {
    return new ContributionResult(roundId, Status.REJECTED, List.of(), List.of(), code, message);
  }

  /**
   * Refused for now, not for its content: the round was not applied and the same item sent again
   * may be (another request is applying it, or the member was too busy). Answered with
   * {@code "retryable": true} (an addition to docs/api.md's REJECTED).
   */
  public boolean retryable() {
    return status == Status.REJECTED && (errorCode == ErrorCode.ROUND_IN_PROGRESS || errorCode == ErrorCode.OVERLOADED);
  }

  /** The answer to a copy of this round in the same request: REJECTED and PAUSED stay what they are. */
  public ContributionResult asDuplicate() {
    return status == Status.REJECTED || status == Status.PAUSED ? this
        : new ContributionResult(roundId, Status.DUPLICATE, contributions, triggers, null, null);
  }
}
