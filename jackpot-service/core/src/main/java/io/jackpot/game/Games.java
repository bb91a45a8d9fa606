package io.jackpot.game;

import io.jackpot.money.Decimals;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The seed games and their bet structures (docs/catalogue.md). Where the game rules give no
 * structure, the bounds are documented assumptions.
 */
public final class Games {
  public static final String BEWITCHED = "bewitched";
  public static final String DONT_EAT_THE_CANDY = "dont-eat-the-candy";
  public static final String CREEPY_CANDY = "creepy-candy";
  public static final String CLUSTER_BEAR = "cluster-bear-sweet-wins";

  private static final Map<String, BetRule> RULES = Map.of(
      BEWITCHED, Games::bewitched,
      DONT_EAT_THE_CANDY, BetRule.range(100_000L, 100_000_000L),
      CREEPY_CANDY, BetRule.range(200_000L, 20_000_000_000L),
      CLUSTER_BEAR, Games::clusterBear);

  private Games() {}

  public static Optional<BetRule> rule(String gameId) {
    return Optional.ofNullable(RULES.get(gameId));
  }

  public static Set<String> ids() {
    return RULES.keySet();
  }

  /** Bewitched: coin value × 1–10 coins per line × 1–15 lines. */
  static Optional<String> bewitched(long stake, Long coin) {
    if (coin == null) {
      return Optional.of("coinValue is required for bewitched");
    }
    if (stake % coin != 0) {
      return Optional.of("stake must be coin value × coins × lines");
    }
    long coins = stake / coin;
    for (int lines = 1; lines <= 15; lines++) {
      if (coins % lines == 0 && coins / lines >= 1 && coins / lines <= 10) {
        return Optional.empty();
      }
    }
    return Optional.of("stake / coin value = " + coins + " is not 1–10 coins per line × 1–15 lines");
  }

  /** Cluster Bear Sweet Wins: every game costs 10 fixed coins × a coin value in whole cents. */
  static Optional<String> clusterBear(long stake, Long coin) {
    if (coin != null) {
      if (coin <= 0 || coin % 10_000 != 0) {
        return Optional.of("coinValue must be a whole number of cents");
      }
      return stake == 10 * coin ? Optional.empty() : Optional.of("stake must be 10 coins × coin value");
    }
    return stake > 0 && stake % 100_000 == 0 ? Optional.empty() : Optional.of("stake must be 10 coins × a whole-cent coin value");
  }

  static String format(long micros) {
    return Decimals.plain(micros);
  }
}
