package io.jackpot.catalogue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jackpot.money.Rate;
import io.jackpot.pool.PoolId;
import io.jackpot.pool.Trigger;
import java.util.List;
import java.util.function.ToLongFunction;
import org.junit.jupiter.api.Test;

class StakeSharesTest {
  private static PoolDefinition pool(String key, String rate, long reservePpm, Long coin) {
    return new PoolDefinition(key, key, 10_000_000, Rate.parse(rate), coin, new Trigger.Claim(), 0, reservePpm, 0, null);
  }

  private static JackpotDefinition jackpot(String id, Routing routing, List<String> games, PoolDefinition... pools) {
    return new JackpotDefinition(id, id, "EUR", "op", games, routing, List.of(pools));
  }

  @Test
  void anAllJackpotTakesEveryPoolsRatesAndACoinValueJackpotItsLargestPools() {
    assertEquals(30_000 + 5_000 + 20_000, StakeShares.ofJackpot(jackpot("a", Routing.ALL, List.of("g"),
        pool("x", "0.03", 5_000, null), pool("y", "0.02", 0, null)), pool -> 0));
    assertEquals(7_000, StakeShares.ofJackpot(jackpot("b", Routing.COIN_VALUE, List.of("g"),
        pool("c1", "0.005", 0, 10_000L), pool("c2", "0.005", 2_000, 20_000L)), pool -> 0));
  }

  @Test
  void theDefaultCatalogueTakesWellBelowTheStake() {
    List<JackpotDefinition> all = DefaultCatalogue.create().all();
    assertEquals(List.of(), StakeShares.problems(all, all.stream().flatMap(j -> j.games().stream()).toList()));
  }

  @Test
  void jackpotsTogetherTakingTheWholeStakeOrMoreAreNamedPerGame() {
    JackpotDefinition typo = jackpot("typo", Routing.ALL, List.of("g", "h"), pool("x", "0.3", 0, null), pool("y", "0.3", 0, null),
        pool("z", "0.3", 0, null));
    JackpotDefinition other = jackpot("other", Routing.ALL, List.of("g"), pool("w", "0.1", 0, null));
    List<String> problems = StakeShares.problems(List.of(typo, other), List.of("g", "h"));
    assertEquals(1, problems.size(), problems.toString());
    assertTrue(problems.get(0).startsWith("game g: its jackpots [other, typo] would take up to 100% of each stake"), problems.get(0));
    assertEquals(List.of(), StakeShares.problems(List.of(typo), List.of("h")), "90% of the stake is allowed");
    assertEquals(List.of(), StakeShares.problems(List.of(typo, other), List.of("k")), "a game no jackpot links");
  }

  @Test
  void aRunningPoolCountsAtTheTermsItKeepsUntilItsNextWinWhereThoseAreHigher() {
    JackpotDefinition lowered = jackpot("a", Routing.ALL, List.of("g"), pool("x", "0.05", 0, null), pool("y", "0.4", 0, null));
    ToLongFunction<PoolId> inForce = id -> switch (id.poolKey()) {
      case "x" -> 600_000; // still at 60% until it is won
      case "y" -> 100_000; // raised to 40%: the definition's rate is the larger
      default -> 0;
    };
    assertEquals(600_000 + 400_000, StakeShares.ofJackpot(lowered, inForce));
    assertEquals(50_000 + 400_000, StakeShares.ofJackpot(lowered, pool -> 0), "by its definition alone");
    List<String> problems = StakeShares.problems(List.of(lowered), List.of("g"), inForce);
    assertEquals(1, problems.size(), problems.toString());
    assertTrue(problems.get(0).startsWith("game g: its jackpots [a] would take up to 100% of each stake"), problems.get(0));
    assertEquals(List.of(), StakeShares.problems(List.of(lowered), List.of("g")));
  }
}
