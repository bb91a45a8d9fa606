package io.jackpot.sdk;

import java.math.BigDecimal;
import java.util.Objects;

/**
 * One game round's contribution: its round id (see {@link GameNumbers}), the player, the total
 * stake and its currency, and the coin value for jackpots that route by it (Bewitched).
 * Amounts are exact decimals, never floating point.
 */
public record Contribution(String roundId, String playerId, BigDecimal stake, String currency, BigDecimal coinValue) {
  public Contribution {
    Objects.requireNonNull(roundId, "roundId");
    Objects.requireNonNull(playerId, "playerId");
    Objects.requireNonNull(stake, "stake");
    Objects.requireNonNull(currency, "currency");
    if (stake.signum() <= 0 || stake.stripTrailingZeros().scale() > 6) {
      throw new IllegalArgumentException("stake must be positive with at most 6 decimals, got " + stake);
    }
  }

  public static Contribution of(String roundId, String playerId, String stake, String currency) {
    return new Contribution(roundId, playerId, new BigDecimal(stake), currency, null);
  }

  public Contribution withCoinValue(String coin) {
    return new Contribution(roundId, playerId, stake, currency, new BigDecimal(coin));
  }
}
