package io.jackpot.sdk;

import java.math.BigDecimal;
import java.util.List;

/**
 * What became of a round (see {@link Status}), with the shares pools took and the wins it set off
 * ({@code triggers}). Amounts are exact decimals in the jackpot's currency. Immutable and thread-safe.
 */
public record RoundResult(String roundId, Status status, List<Share> shares, List<Win> triggers, String errorCode, String errorMessage) {
  /** Keeps its own unmodifiable copies of the lists (null is taken as none). */
  public RoundResult {
    shares = shares == null ? List.of() : List.copyOf(shares);
    triggers = triggers == null ? List.of() : List.copyOf(triggers);
  }

  /** What became of the round. */
  public enum Status {
    /** Shares taken. */
    APPLIED,
    /**
     * The same round was already applied: its original outcome, shares and triggers included. Also
     * what a round the SDK had to resend gets when its first try was recorded.
     */
    DUPLICATE,
    /** No pool took a share. */
    PAUSED,
    /** Refused, with an error code and message; final: the SDK itself resends those the service marks retryable. */
    REJECTED
  }

  /** The share one pool took, and the pool's amount right after it (exact decimals, the jackpot's currency). */
  public record Share(String jackpotId, String poolKey, BigDecimal amount, BigDecimal poolAmount) {}
}
