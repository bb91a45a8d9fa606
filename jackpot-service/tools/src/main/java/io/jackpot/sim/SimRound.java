package io.jackpot.sim;

import io.jackpot.sdk.Contribution;
import java.math.BigDecimal;

/**
 * One simulated round: the game, the total stake and coin value in micro-units (coin value null
 * when the game has none), and the jackpot the round wins by the game's own rules, if any
 * ({@code claimPoolKey} null lets the service draw the tier).
 */
public record SimRound(String gameId, long stakeMicros, Long coinValueMicros, String claimJackpot, String claimPoolKey) {

  public boolean claims() {
    return claimJackpot != null;
  }

  public String stake() {
    return plain(stakeMicros);
  }

  public String coinValue() {
    return coinValueMicros == null ? null : plain(coinValueMicros);
  }

  /** The round as a game sends it through the SDK (stakes in EUR). */
  public Contribution contribution(String roundId, String playerId) {
    Contribution c = Contribution.of(roundId, playerId, stake(), "EUR");
    return coinValueMicros == null ? c : c.withCoinValue(coinValue());
  }

  static String plain(long micros) {
    return BigDecimal.valueOf(micros, 6).setScale(2).toPlainString();
  }
}
