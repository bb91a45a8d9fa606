package io.jackpot.sim;

import io.jackpot.game.Games;
import java.util.List;
import java.util.function.Function;
import java.util.random.RandomGenerator;

/**
 * The four seed games as bet generators; jackpots trigger one round in N (whole numbers).
 * Bet choices and weights are the simulation's own where the rules give only bounds (see each game).
 */
public final class SeedGames {
  private static final long CENT = 10_000L;
  private static final long UNIT = 1_000_000L;

  private SeedGames() {}

  public static List<GameModel> all(long jackpotOneIn) {
    return List.of(bewitched(jackpotOneIn), dontEatTheCandy(jackpotOneIn), creepyCandy(), clusterBear());
  }

  /** Coin value × 1–10 coins × 1–15 lines, small coins commoner; the bonus wins that coin value's progressive. */
  public static GameModel bewitched(long progressiveOneIn) {
    Weighted coins = new Weighted(
        new long[] {CENT, 2 * CENT, 5 * CENT, 10 * CENT, 20 * CENT, 50 * CENT, UNIT, 2 * UNIT, 5 * UNIT, 10 * UNIT},
        new long[] {30, 20, 15, 12, 8, 6, 4, 2, 2, 1});
    return model(Games.BEWITCHED, random -> {
      long coin = coins.pick(random);
      long stake = coin * (1 + random.nextInt(10)) * (1 + random.nextInt(15));
      boolean won = oneIn(random, progressiveOneIn);
      return new SimRound(Games.BEWITCHED, stake, coin, won ? "bewitched" : null, won ? "cv-" + SimRound.plain(coin) : null);
    });
  }

  /**
   * Bets 0.10–100.00. The jackpot game claims without a tier, so the service draws it; the rules'
   * chance that grows with the stake is the service's own trigger, not the game's.
   */
  public static GameModel dontEatTheCandy(long jackpotGameOneIn) {
    Weighted bets = new Weighted(
        new long[] {10 * CENT, 20 * CENT, 40 * CENT, 50 * CENT, UNIT, 2 * UNIT, 4 * UNIT, 5 * UNIT, 10 * UNIT, 20 * UNIT, 50 * UNIT, 100 * UNIT},
        new long[] {20, 20, 15, 12, 12, 8, 4, 4, 2, 1, 1, 1});
    return model(Games.DONT_EAT_THE_CANDY, random -> {
      boolean won = oneIn(random, jackpotGameOneIn);
      return new SimRound(Games.DONT_EAT_THE_CANDY, bets.pick(random), null, won ? "candy" : null, null);
    });
  }

  /** Bets 0.20–20,000.00, mostly small: 55% at 1.00 or less, one in 2,500 at 5,000.00 or more. */
  public static GameModel creepyCandy() {
    Weighted bets = new Weighted(
        new long[] {20 * CENT, 40 * CENT, 60 * CENT, UNIT, 2 * UNIT, 4 * UNIT, 10 * UNIT, 20 * UNIT, 50 * UNIT, 100 * UNIT,
            200 * UNIT, 500 * UNIT, 1_000 * UNIT, 5_000 * UNIT, 20_000 * UNIT},
        new long[] {2_000, 1_500, 1_000, 1_000, 1_200, 1_000, 700, 600, 400, 300, 150, 100, 46, 3, 1});
    return model(Games.CREEPY_CANDY, random -> new SimRound(Games.CREEPY_CANDY, bets.pick(random), null, null, null));
  }

  /** 10 fixed coins × coin value. */
  public static GameModel clusterBear() {
    Weighted coins = new Weighted(
        new long[] {CENT, 2 * CENT, 5 * CENT, 10 * CENT, 20 * CENT, 50 * CENT, UNIT, 2 * UNIT},
        new long[] {25, 25, 20, 12, 8, 5, 3, 2});
    return model(Games.CLUSTER_BEAR, random -> {
      long coin = coins.pick(random);
      return new SimRound(Games.CLUSTER_BEAR, 10 * coin, coin, null, null);
    });
  }

  private static boolean oneIn(RandomGenerator random, long n) {
    return n > 0 && random.nextLong(n) == 0;
  }

  private static GameModel model(String gameId, Function<RandomGenerator, SimRound> next) {
    return new GameModel() {
      @Override
      public String gameId() {
        return gameId;
      }

      @Override
      public SimRound next(RandomGenerator random) {
        return next.apply(random);
      }
    };
  }
}
