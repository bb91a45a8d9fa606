package io.jackpot.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import io.jackpot.catalogue.Catalogue;
import io.jackpot.catalogue.DefaultCatalogue;
import io.jackpot.catalogue.JackpotDefinition;
import io.jackpot.catalogue.PoolDefinition;
import io.jackpot.catalogue.Routing;
import io.jackpot.error.ErrorCode;
import io.jackpot.fx.FxHolder;
import io.jackpot.fx.FxRates;
import io.jackpot.game.Caller;
import io.jackpot.money.Rate;
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
}
