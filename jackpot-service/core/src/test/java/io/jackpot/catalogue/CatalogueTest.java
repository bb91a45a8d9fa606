package io.jackpot.catalogue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.jackpot.catalogue.Catalogue.Route;
import io.jackpot.error.ErrorCode;
import io.jackpot.error.Rejection;
import io.jackpot.money.Rate;
import io.jackpot.pool.PoolId;
import java.util.List;
import org.junit.jupiter.api.Test;

class CatalogueTest {
  private final Catalogue catalogue = DefaultCatalogue.create();

  @Test
  void bewitchedHasOnePoolPerCoinValueSeededAtTwoThousandCoins() {
    JackpotDefinition bewitched = catalogue.jackpot("bewitched").orElseThrow();
    assertEquals(10, bewitched.pools().size());
    PoolDefinition cv10 = bewitched.pool("cv-0.10").orElseThrow();
    assertEquals(200_000_000L, cv10.seedMicros());
    assertEquals(5_000, cv10.rate().ppm());
    assertEquals(20_000_000_000L, bewitched.pool("cv-10.00").orElseThrow().seedMicros());
  }

  @Test
  void aPoolOfAJackpotNotHeardOfYetIsRefusedRetryablyNotAsAFailure() {
    assertEquals("EUR", catalogue.currencyOf(new PoolId("candy", "mini")));
    Rejection refused = assertThrows(Rejection.class, () -> catalogue.currencyOf(new PoolId("defined-elsewhere", "main")));
    assertEquals(Rejection.Kind.UNAVAILABLE, refused.kind());
    assertEquals(ErrorCode.POOL_NOT_LOADED, refused.code());
  }

  @Test
  void candyTiersShareThreePercent() {
    long total = catalogue.jackpot("candy").orElseThrow().pools().stream().mapToLong(p -> p.rate().ppm()).sum();
    assertEquals(30_000, total);
  }

  @Test
  void routesBewitchedByCoinValue() {
    assertEquals(new Route.Pools(List.of(new PoolId("bewitched", "cv-0.10"))), catalogue.route("bewitched", 100_000L));
    assertEquals(ErrorCode.NO_POOL_FOR_COIN_VALUE, ((Route.Unroutable) catalogue.route("bewitched", 30_000L)).code());
    assertEquals(ErrorCode.COIN_VALUE_REQUIRED, ((Route.Unroutable) catalogue.route("bewitched", null)).code());
  }

  @Test
  void routesEveryCandyGameToAllFourTiers() {
    for (String game : List.of("dont-eat-the-candy", "creepy-candy", "cluster-bear-sweet-wins")) {
      Route route = catalogue.route(game, null);
      assertInstanceOf(Route.Pools.class, route);
      assertEquals(4, ((Route.Pools) route).pools().size());
    }
  }

  @Test
  void unknownGamesAreUnroutable() {
    assertEquals(ErrorCode.UNKNOWN_GAME, ((Route.Unroutable) catalogue.route("solitaire", null)).code());
  }

  @Test
  void aGameLinkedToSeveralJackpotsFeedsThemInIdOrderAndAPutReroutesIt() {
    Catalogue c = DefaultCatalogue.create();
    JackpotDefinition side = new JackpotDefinition("aaa-side", "Side", "EUR", null, List.of("bewitched", "bewitched"),
        Routing.ALL, List.of(new PoolDefinition("only", "Only", 1_000_000L, new Rate(1_000), null)));
    c.put(side);
    assertEquals(new Route.Pools(List.of(new PoolId("aaa-side", "only"), new PoolId("bewitched", "cv-0.10"))),
        c.route("bewitched", 100_000L));
    assertEquals(new Route.Pools(List.of(new PoolId("aaa-side", "only"))), c.route("bewitched", 30_000L),
        "a coin value bewitched has no pool for still feeds the side jackpot");
    c.put(new JackpotDefinition("aaa-side", "Side", "EUR", null, List.of("solitaire"), Routing.ALL, side.pools()));
    assertEquals(new Route.Pools(List.of(new PoolId("bewitched", "cv-0.10"))), c.route("bewitched", 100_000L));
    assertEquals(new Route.Pools(List.of(new PoolId("aaa-side", "only"))), c.route("solitaire", null));
    assertEquals(true, c.knowsGame("solitaire"));
    c.put(new JackpotDefinition("aaa-side", "Side", "EUR", null, List.of("poker"), Routing.ALL, List.of()));
    Route.Unroutable none = (Route.Unroutable) c.route("poker", null);
    assertEquals(ErrorCode.UNKNOWN_GAME, none.code());
    assertEquals("game poker is not linked to any jackpot", none.message());
    assertEquals("jackpot bewitched has no pool for that coin value", ((Route.Unroutable) c.route("bewitched", 30_000L)).message());
  }

  /**
   * A second COIN_VALUE jackpot for some coin values only (the high coins) takes no share of the
   * others' rounds, which still feed the first: defining it turns no round away.
   */
  @Test
  void aJackpotForSomeCoinValuesOnlyLeavesTheOthersRoundsToTheRest() {
    Catalogue c = DefaultCatalogue.create();
    c.put(new JackpotDefinition("bw-high", "High", "EUR", null, List.of("bewitched"), Routing.COIN_VALUE,
        List.of(new PoolDefinition("cv-5.00", "5.00", 10_000_000_000L, new Rate(5_000), 5_000_000L),
            new PoolDefinition("cv-7.00", "7.00", 14_000_000_000L, new Rate(5_000), 7_000_000L))));
    assertEquals(new Route.Pools(List.of(new PoolId("bewitched", "cv-0.10"))), c.route("bewitched", 100_000L));
    assertEquals(new Route.Pools(List.of(new PoolId("bewitched", "cv-5.00"), new PoolId("bw-high", "cv-5.00"))),
        c.route("bewitched", 5_000_000L));
    assertEquals(new Route.Pools(List.of(new PoolId("bw-high", "cv-7.00"))), c.route("bewitched", 7_000_000L));
    Route.Unroutable none = (Route.Unroutable) c.route("bewitched", 30_000L);
    assertEquals(ErrorCode.NO_POOL_FOR_COIN_VALUE, none.code());
    assertEquals("jackpot bewitched, bw-high have no pool for that coin value", none.message());
    assertEquals(ErrorCode.COIN_VALUE_REQUIRED, ((Route.Unroutable) c.route("bewitched", null)).code());
  }
}
