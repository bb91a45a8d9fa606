package io.jackpot.contribution;

import io.jackpot.access.Caller;
import io.jackpot.game.Games;
import io.jackpot.jackpot.Catalogue;
import io.jackpot.jackpot.Catalogue.Route;
import io.jackpot.pool.PoolId;
import java.util.List;
import java.util.Optional;

/**
 * Checks one contribution against the caller's rights, the game's bet structure and the catalogue,
 * and finds the pools it feeds. Pure: no I/O.
 */
final class ContributionPlanner {
  private final Catalogue catalogue;

  ContributionPlanner(Catalogue catalogue) {
    this.catalogue = catalogue;
  }

  /** The pools to feed, or the reason the item is rejected. */
  sealed interface Plan {
    record Feed(List<PoolId> pools) implements Plan {}

    record Reject(String code, String message) implements Plan {}
  }

  Plan plan(Caller caller, ContributionRequest r) {
    if (!catalogue.knowsGame(r.gameId())) {
      return new Plan.Reject("UNKNOWN_GAME", "game " + r.gameId() + " is not linked to any jackpot");
    }
    if (!caller.speaksFor(r.gameId())) {
      return new Plan.Reject("GAME_NOT_LINKED", "this game key may not contribute for game " + r.gameId());
    }
    Route route = catalogue.route(r.gameId(), r.coinValueMicros());
    if (route instanceof Route.Unroutable u) {
      return new Plan.Reject(u.code(), u.message());
    }
    Optional<String> badBet = Games.rule(r.gameId()).flatMap(rule -> rule.violation(r.stakeMicros(), r.coinValueMicros()));
    if (badBet.isPresent()) {
      return new Plan.Reject("INVALID_STAKE", badBet.get());
    }
    List<PoolId> pools = ((Route.Pools) route).pools();
    for (PoolId pool : pools) {
      String currency = catalogue.jackpot(pool.jackpotId()).orElseThrow().currency();
      if (!currency.equals(r.currency())) {
        return new Plan.Reject("UNSUPPORTED_CURRENCY",
            "jackpot " + pool.jackpotId() + " takes " + currency + " stakes; no rate for " + r.currency());
      }
    }
    return new Plan.Feed(pools);
  }
}
