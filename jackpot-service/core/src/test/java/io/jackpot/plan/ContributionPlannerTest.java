package io.jackpot.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import io.jackpot.catalogue.Catalogue;
import io.jackpot.catalogue.DefaultCatalogue;
import io.jackpot.catalogue.JackpotDefinition;
import io.jackpot.catalogue.PoolDefinition;
import io.jackpot.catalogue.Routing;
import io.jackpot.catalogue.WinsPerRound;
import io.jackpot.error.ErrorCode;
import io.jackpot.fx.FxHolder;
import io.jackpot.fx.FxRates;
import io.jackpot.game.Caller;
import io.jackpot.money.Rate;
import io.jackpot.pool.Trigger;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ContributionPlannerTest {
  private final Caller demo = new Caller("demo", Set.of("creepy-candy", "bewitched"));

  private ContributionPlanner planner(Catalogue catalogue) {
    FxHolder fx = new FxHolder("EUR");
    fx.set(new FxRates("EUR", Map.of("GBP", 850_000L, "XXX", 1L)));
    return new ContributionPlanner(catalogue, fx);
  }

  private static ContributionRequest stake(String currency, long micros) {
    return new ContributionRequest("r", "creepy-candy", "p", micros, currency, null);
  }

  @Test
  void aForeignStakeIsConvertedOnceForPoolsInTheBaseCurrency() {
    var plan = (ContributionPlanner.Plan.Feed) planner(DefaultCatalogue.create()).plan(demo, stake("GBP", 10_000_000));
    assertEquals(11_764_705, plan.stakeMicros());
    assertEquals(850_000L, plan.fxRatePpm());
  }

  @Test
  void aGameFeedingJackpotsInSeveralCurrenciesMustSendTheBaseCurrency() {
    List<JackpotDefinition> all = new ArrayList<>(DefaultCatalogue.create().all());
    all.add(new JackpotDefinition("pounds", "Pounds", "GBP", "demo", List.of("creepy-candy"), Routing.ALL,
        List.of(new PoolDefinition("p", "P", 1_000_000, new Rate(1_000), null))));
    var plan = planner(new Catalogue(all)).plan(demo, stake("GBP", 10_000_000));
    assertEquals(ErrorCode.UNSUPPORTED_CURRENCY, ((ContributionPlanner.Plan.Reject) plan).code());
  }

  @Test
  void aConversionOutsideTheStakeBoundsIsRefused() {
    var plan = planner(DefaultCatalogue.create()).plan(demo, stake("XXX", 20_000_000_000L));
    assertInstanceOf(ContributionPlanner.Plan.Reject.class, plan);
    assertEquals(ErrorCode.INVALID_STAKE, ((ContributionPlanner.Plan.Reject) plan).code());
  }

  /** Candy's tiers with a minimum stake of 5.00 EUR on grand. */
  private static Catalogue candyWithGrandMinimum(WinsPerRound wins) {
    JackpotDefinition candy = DefaultCatalogue.create().jackpot("candy").orElseThrow();
    List<PoolDefinition> pools = new ArrayList<>(candy.pools());
    PoolDefinition g = pools.get(3);
    pools.set(3, new PoolDefinition(g.key(), g.name(), g.seedMicros(), g.rate(), g.coinValueMicros(), g.trigger(), g.drawWeight(),
        g.reserveRatePpm(), g.capMicros(), g.overflowTo(), 5_000_000));
    return new Catalogue(List.of(new JackpotDefinition(candy.id(), candy.name(), candy.currency(), candy.owner(), candy.games(),
        candy.routing(), pools, wins)));
  }

  private static List<String> keys(ContributionPlanner.Plan plan) {
    return ((ContributionPlanner.Plan.Feed) plan).pools().stream().map(p -> p.poolKey()).toList();
  }

  @Test
  void aStakeBelowAPoolsMinimumLeavesOutThatPoolOnly() {
    var plan = planner(candyWithGrandMinimum(WinsPerRound.ANY)).plan(demo, stake("EUR", 4_990_000));
    assertEquals(List.of("mini", "minor", "major"), keys(plan));
  }

  @Test
  void aStakeEqualToTheMinimumFeedsThePool() {
    var plan = planner(candyWithGrandMinimum(WinsPerRound.ANY)).plan(demo, stake("EUR", 5_000_000));
    assertEquals(List.of("mini", "minor", "major", "grand"), keys(plan));
  }

  @Test
  void theMinimumIsComparedWithTheConvertedStake() {
    // 4.25 GBP is 5.00 EUR at 0.85; 4.24 GBP is 4.988235 EUR.
    var planner = planner(candyWithGrandMinimum(WinsPerRound.ANY));
    assertEquals(List.of("mini", "minor", "major", "grand"), keys(planner.plan(demo, stake("GBP", 4_250_000))));
    assertEquals(List.of("mini", "minor", "major"), keys(planner.plan(demo, stake("GBP", 4_240_000))));
    // 4.50 GBP would be below 5.00 in GBP, but is 5.294117 EUR.
    assertEquals(List.of("mini", "minor", "major", "grand"), keys(planner.plan(demo, stake("GBP", 4_500_000))));
  }

  @Test
  void aStakeBelowEveryMinimumFeedsNoPool() {
    JackpotDefinition one = new JackpotDefinition("solo", "Solo", "EUR", "demo", List.of("creepy-candy"), Routing.ALL,
        List.of(new PoolDefinition("p", "P", 1_000_000, new Rate(1_000), null, new Trigger.Claim(), 0, 0, 0, null, 500_000)));
    var plan = (ContributionPlanner.Plan.Feed) planner(new Catalogue(List.of(one))).plan(demo, stake("EUR", 300_000));
    assertEquals(List.of(), plan.pools());
    assertEquals(List.of(), plan.oneWinRanks());
  }

  @Test
  void tiersOfAOneWinJackpotAreRankedBySeedAndAnyJackpotsAreNot() {
    var one = (ContributionPlanner.Plan.Feed) planner(candyWithGrandMinimum(WinsPerRound.ONE)).plan(demo, stake("EUR", 6_000_000));
    assertEquals(List.of(3, 2, 1, 0), one.oneWinRanks());
    var any = (ContributionPlanner.Plan.Feed) planner(candyWithGrandMinimum(WinsPerRound.ANY)).plan(demo, stake("EUR", 6_000_000));
    assertEquals(List.of(-1, -1, -1, -1), any.oneWinRanks());
  }
}
