package io.jackpot.sdk;

import java.math.BigDecimal;
import java.util.List;

/**
 * What became of a round: APPLIED (shares taken), DUPLICATE (the same round was already applied:
 * its original outcome), PAUSED (no pool took a share) or REJECTED (with an error code and message;
 * not retried by the SDK). {@code triggers}: wins the round set off.
 */
public record RoundResult(String roundId, Status status, List<Share> shares, List<Win> triggers, String errorCode, String errorMessage) {
  public enum Status { APPLIED, DUPLICATE, PAUSED, REJECTED }

  /** The share one pool took, and the pool's amount right after it. */
  public record Share(String jackpotId, String poolKey, BigDecimal amount, BigDecimal poolAmount) {}
}
