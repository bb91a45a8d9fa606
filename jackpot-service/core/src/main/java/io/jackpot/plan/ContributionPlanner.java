package io.jackpot.plan;

import io.jackpot.catalogue.Catalogue.Route;
import io.jackpot.catalogue.Catalogue;
import io.jackpot.catalogue.JackpotDefinition;
import io.jackpot.catalogue.Routing;
import io.jackpot.error.ErrorCode;
import io.jackpot.fx.FxHolder;
import io.jackpot.fx.FxRates;
import io.jackpot.game.Caller;
import io.jackpot.game.Games;
import io.jackpot.money.Money;
import io.jackpot.pool.PoolId;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Checks one contribution against the caller's rights, the game's bet structure and the catalogue,
 * and finds the pools it feeds. Pure: no I/O.
 */
public final class ContributionPlanner {
  private final Catalogue catalogue;
  private final FxHolder fx;

  public ContributionPlanner(Catalogue catalogue, FxHolder fx) {
    this.catalogue = catalogue;
    this.fx = fx;
  }

  /**
   * The pools to feed and the stake in the pools' currency, or the reason the item is rejected.
   * {@code fxRatePpm} is the rate a foreign stake was converted at (null for a stake in the pools' currency).
   * {@code oneWinRanks}: per pool, its tier rank in a jackpot that pays one win per round, else -1
   * ({@link JackpotDefinition#oneWinRank}). A pool whose minimum stake the stake is below is left out.
   */
  public sealed interface Plan {
    record Feed(List<PoolId> pools, long stakeMicros, Long fxRatePpm, List<Integer> oneWinRanks) implements Plan {
      public Feed {
        pools = List.copyOf(pools);
        oneWinRanks = List.copyOf(oneWinRanks);
        if (oneWinRanks.size() != pools.size()) {
          throw new IllegalArgumentException("one rank per pool");
        }
      }
    }

    record Reject(ErrorCode code, String message) implements Plan {}
  }

  public Plan plan(Caller caller, ContributionRequest r) {
    if (!catalogue.knowsGame(r.gameId())) {
      return new Plan.Reject(ErrorCode.UNKNOWN_GAME, "game " + r.gameId() + " is not linked to any jackpot");
    }
    if (!caller.speaksFor(r.gameId())) {
      return new Plan.Reject(ErrorCode.GAME_NOT_LINKED, "this game key may not contribute for game " + r.gameId());
    }
    Route route = catalogue.route(r.gameId(), r.coinValueMicros());
    if (route instanceof Route.Unroutable u) {
      return new Plan.Reject(u.code(), u.message());
    }
    Optional<String> badBet = Games.rule(r.gameId()).flatMap(rule -> rule.violation(r.stakeMicros(), r.coinValueMicros()));
    if (badBet.isPresent()) {
      return new Plan.Reject(ErrorCode.INVALID_STAKE, badBet.get());
    }
    return feed(((Route.Pools) route).pools(), r);
  }

  /** Feeds {@code pools} with the stake, converted to the base currency if it is in another. */
  private Plan feed(List<PoolId> pools, ContributionRequest r) {
    FxRates rates = fx.get();
    // Every pool is either in the stake's currency or (with a rate) in the base currency.
    boolean allInStakeCurrency = true;
    boolean allInBase = true;
    for (PoolId pool : pools) {
      var jackpot = catalogue.jackpot(pool.jackpotId()).orElseThrow();
      allInBase &= jackpot.currency().equals(rates.base());
      if (jackpot.currency().equals(r.currency())) {
        continue;
      }
      allInStakeCurrency = false;
      Plan.Reject refused = foreignStakeRefusal(pool, jackpot, r, rates);
      if (refused != null) {
        return refused;
      }
    }
    if (allInStakeCurrency) {
      return eligible(pools, r.stakeMicros(), null);
    }
    // One stake feeds every pool: a foreign stake is converted once, so all its pools must be in the base currency.
    if (!allInBase) {
      return new Plan.Reject(ErrorCode.UNSUPPORTED_CURRENCY, "game " + r.gameId() + " feeds jackpots in several currencies: send the stake in "
          + rates.base());
    }
    return converted(pools, r, rates);
  }

  /** Why {@code jackpot}, in another currency than the stake's, cannot take it; null if it can. */
  private static Plan.Reject foreignStakeRefusal(PoolId pool, JackpotDefinition jackpot, ContributionRequest r, FxRates rates) {
    if (!jackpot.currency().equals(rates.base()) || rates.rate(r.currency()).isEmpty()) {
      return new Plan.Reject(ErrorCode.UNSUPPORTED_CURRENCY,
          "jackpot " + pool.jackpotId() + " takes " + jackpot.currency() + " stakes; no rate for " + r.currency());
    }
    if (jackpot.routing() == Routing.COIN_VALUE) {
      return new Plan.Reject(ErrorCode.UNSUPPORTED_CURRENCY,
          "jackpot " + pool.jackpotId() + " routes by coin value: stakes must be in " + jackpot.currency());
    }
    return null;
  }

  /**
   * The pools of {@code routed} that take the stake (in the pools' currency): those whose minimum
   * stake it reaches. Each with its tier rank, so that the sequencer can pay one tier per round.
   */
  private Plan.Feed eligible(List<PoolId> routed, long stakeMicros, Long fxRatePpm) {
    List<PoolId> pools = new ArrayList<>(routed.size());
    List<Integer> ranks = new ArrayList<>(routed.size());
    for (PoolId id : routed) {
      JackpotDefinition jackpot = catalogue.jackpot(id.jackpotId()).orElseThrow();
      int index = jackpot.indexOf(id.poolKey());
      if (index >= 0 && stakeMicros < jackpot.pools().get(index).minStakeMicros()) {
        continue;
      }
      pools.add(id);
      ranks.add(index < 0 ? -1 : jackpot.oneWinRank(index));
    }
    return new Plan.Feed(pools, stakeMicros, fxRatePpm, ranks);
  }

  private Plan converted(List<PoolId> pools, ContributionRequest r, FxRates rates) {
    long rate = rates.rate(r.currency()).orElseThrow();
    long converted = FxRates.toBase(r.stakeMicros(), rate);
    if (converted <= 0 || converted > ContributionRequest.MAX_STAKE_MICROS) {
      return new Plan.Reject(ErrorCode.INVALID_STAKE, "the stake converts to " + Money.ofMicros(converted) + " " + rates.base()
          + " at rate " + BigDecimal.valueOf(rate, 6).toPlainString() + ": outside 0.000001 – 1000000 " + rates.base());
    }
    return eligible(pools, converted, rate);
  }
}
