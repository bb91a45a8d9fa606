package io.jackpot.sdk;

import java.math.BigDecimal;
import java.util.Objects;

/**
 * One game round's contribution: its round id (see {@link GameNumbers}), the player, the total
 * stake and its currency, and the coin value for jackpots that route by it (Bewitched). Amounts
 * are exact decimals, never floating point. Immutable and thread-safe.
 */
public record Contribution(String roundId, String playerId, BigDecimal stake, String currency, BigDecimal coinValue) {
  /** The largest stake (and coin value) the service takes: 1,000,000 in the currency's units. */
  public static final BigDecimal MAX_AMOUNT = BigDecimal.valueOf(1_000_000);

  /**
   * Checks each field by the service's rules (docs/api.md), so that a malformed round is refused at
   * once, where the game made it, rather than answered REJECTED later. Throws
   * {@link IllegalArgumentException} (or {@link NullPointerException} for a missing field) naming
   * the field.
   */
  public Contribution {
    Objects.requireNonNull(roundId, "roundId");
    Objects.requireNonNull(playerId, "playerId");
    Objects.requireNonNull(stake, "stake");
    Objects.requireNonNull(currency, "currency");
    printable("roundId", roundId);
    printable("playerId", playerId);
    amount("stake", stake);
    if (coinValue != null) {
      amount("coinValue", coinValue);
    }
    if (currency.length() != 3 || !allIn(currency, 'A', 'Z')) {
      throw new IllegalArgumentException("currency must be an ISO 4217 code like EUR, got '" + currency + "'");
    }
  }

  /** 1–128 printable ASCII characters (0x20–0x7E), as round and player ids must be. */
  private static void printable(String field, String value) {
    if (value.isEmpty() || value.length() > 128 || !allIn(value, (char) 0x20, (char) 0x7E)) {
      throw new IllegalArgumentException(field + " must be 1–128 printable ASCII characters, got '" + value + "'");
    }
  }

  /**
   * Whether every character of {@code value} lies in [lo, hi]. A loop, not a stream: it runs three
   * times per contribution, and a stream's lambdas were ~3.7% of the load generator's samples in
   * one profile (the A/B of the change then showed no difference beyond this machine's noise).
   */
  private static boolean allIn(String value, char lo, char hi) {
    for (int i = 0; i < value.length(); i++) {
      if (value.charAt(i) < lo || value.charAt(i) > hi) {
        return false;
      }
    }
    return true;
  }

  private static void amount(String field, BigDecimal value) {
    if (value.signum() <= 0 || value.stripTrailingZeros().scale() > 6 || value.compareTo(MAX_AMOUNT) > 0) {
      throw new IllegalArgumentException(field + " must be positive, at most " + MAX_AMOUNT.toPlainString()
          + ", with at most 6 decimals, got " + value.toPlainString());
    }
  }

  /**
   * A round's contribution: {@code stake} an exact decimal in {@code currency}'s units (e.g. "1.50"),
   * {@code currency} an ISO 4217 code; checked at once (IllegalArgumentException naming the field).
   */
  public static Contribution of(String roundId, String playerId, String stake, String currency) {
    return new Contribution(roundId, playerId, new BigDecimal(stake), currency, null);
  }

  /** The same with the coin value the round was played at (an exact decimal; Bewitched's pools are by coin value). */
  public Contribution withCoinValue(String coin) {
    return new Contribution(roundId, playerId, stake, currency, new BigDecimal(coin));
  }
}
