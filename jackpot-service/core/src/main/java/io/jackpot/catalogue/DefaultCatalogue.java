package io.jackpot.catalogue;

import io.jackpot.game.Games;
import io.jackpot.money.Rate;
import io.jackpot.pool.Trigger;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

/**
 * The catalogue created on first start (docs/api.md "Default catalogue"). The candy tier split and
 * triggers are ours (docs/catalogue.md, math in docs/triggers.md): mini 0.6% + minor 0.6% + major
 * 0.8% + grand 1.0% = 3% of each stake; mini and minor must hit by 50.00 and 500.00, major and grand
 * are won at random with chances proportional to the stake.
 */
public final class DefaultCatalogue {
  private static final long[] BEWITCHED_COIN_VALUES = {
      10_000L, 20_000L, 50_000L, 100_000L, 200_000L, 500_000L, 1_000_000L, 2_000_000L, 5_000_000L, 10_000_000L};

  private DefaultCatalogue() {}

  public static Catalogue create() {
    return new Catalogue(List.of(bewitched(), candy()));
  }

  static JackpotDefinition bewitched() {
    List<PoolDefinition> pools = new ArrayList<>();
    for (long coin : BEWITCHED_COIN_VALUES) {
      String cv = BigDecimal.valueOf(coin, 6).setScale(2).toPlainString();
      pools.add(new PoolDefinition("cv-" + cv, "Progressive " + cv, 2000 * coin, new Rate(5_000), coin));
    }
    return new JackpotDefinition("bewitched", "Bewitched Progressive", "EUR", "demo",
        List.of(Games.BEWITCHED), Routing.COIN_VALUE, pools);
  }

  static JackpotDefinition candy() {
    return new JackpotDefinition("candy", "Candy Jackpots", "EUR", "demo",
        List.of(Games.DONT_EAT_THE_CANDY, Games.CREEPY_CANDY, Games.CLUSTER_BEAR), Routing.ALL,
        List.of(
            new PoolDefinition("mini", "Mini", 10_000_000L, new Rate(6_000), null,
                new Trigger.MustHitBy(50_000_000L), 60),
            new PoolDefinition("minor", "Minor", 100_000_000L, new Rate(6_000), null,
                new Trigger.MustHitBy(500_000_000L), 30),
            new PoolDefinition("major", "Major", 1_000_000_000L, new Rate(8_000), null,
                new Trigger.Random(200_000_000_000L), 9),
            new PoolDefinition("grand", "Grand", 10_000_000_000L, new Rate(10_000), null,
                new Trigger.Random(2_000_000_000_000L), 1)));
  }
}
