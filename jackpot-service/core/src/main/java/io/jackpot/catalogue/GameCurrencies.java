package io.jackpot.catalogue;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * One stake feeds every jackpot its game is linked to, so they share a currency: a game linked to
 * jackpots in two would have every stake refused (UNSUPPORTED_CURRENCY), whatever its currency.
 * The rule for a PUT and for the initial catalogue file alike.
 */
public final class GameCurrencies {
  private GameCurrencies() {}

  /** One problem per game of {@code next} that a jackpot among {@code others} (never {@code next} itself) links in another currency. */
  public static List<String> problems(Collection<JackpotDefinition> others, JackpotDefinition next) {
    List<String> problems = new ArrayList<>();
    for (String game : next.games()) {
      others.stream().filter(o -> o.links(game) && !o.currency().equals(next.currency())).findFirst()
          .ifPresent(o -> problems.add("game " + game + " also feeds " + o.id() + " in " + o.currency()
              + "; a game's jackpots share one currency (one stake feeds them all), so it cannot also feed one in " + next.currency()));
    }
    return problems;
  }
}
