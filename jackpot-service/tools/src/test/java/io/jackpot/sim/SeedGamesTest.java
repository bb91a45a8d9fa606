package io.jackpot.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jackpot.game.Games;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.SplittableRandom;
import org.apache.commons.math3.distribution.BinomialDistribution;
import org.junit.jupiter.api.Test;

class SeedGamesTest {
  private static final int ROUNDS = 200_000;

  @Test
  void everySimulatedBetIsOneTheServiceAcceptsForItsGame() {
    for (GameModel game : SeedGames.all(1_000)) {
      SplittableRandom random = new SplittableRandom(7);
      var rule = Games.rule(game.gameId()).orElseThrow();
      for (int i = 0; i < ROUNDS; i++) {
        SimRound round = game.next(random);
        assertEquals(game.gameId(), round.gameId());
        assertEquals(Optional.empty(), rule.violation(round.stakeMicros(), round.coinValueMicros()), round.toString());
      }
    }
  }

  @Test
  void bewitchedCoversEveryCoinValueAndClaimsTheProgressiveOfTheRoundsCoinValue() {
    GameModel game = SeedGames.bewitched(500);
    SplittableRandom random = new SplittableRandom(11);
    Set<Long> coins = new HashSet<>();
    int claims = 0;
    long maxStake = 0;
    for (int i = 0; i < ROUNDS; i++) {
      SimRound round = game.next(random);
      coins.add(round.coinValueMicros());
      maxStake = Math.max(maxStake, round.stakeMicros());
      if (round.claims()) {
        claims++;
        assertEquals("bewitched", round.claimJackpot());
        assertEquals("cv-" + round.coinValue(), round.claimPoolKey());
      }
    }
    assertEquals(10, coins.size(), "all ten coin values are played");
    assertEquals(1_500_000_000L, maxStake, "10.00 × 10 coins × 15 lines is reached");
    assertPlausible(claims, ROUNDS, 500);
  }

  @Test
  void theCandyJackpotGameLeavesTheTierToTheService() {
    GameModel game = SeedGames.dontEatTheCandy(200);
    SplittableRandom random = new SplittableRandom(13);
    int claims = 0;
    for (int i = 0; i < ROUNDS; i++) {
      SimRound round = game.next(random);
      if (round.claims()) {
        claims++;
        assertEquals("candy", round.claimJackpot());
        assertEquals(null, round.claimPoolKey());
      }
    }
    assertPlausible(claims, ROUNDS, 200);
  }

  @Test
  void creepyCandyBetsAreSkewedTowardsSmallStakesYetReachTheMaximum() {
    GameModel game = SeedGames.creepyCandy();
    SplittableRandom random = new SplittableRandom(17);
    int small = 0;
    int huge = 0;
    for (int i = 0; i < ROUNDS; i++) {
      long stake = game.next(random).stakeMicros();
      small += stake <= 1_000_000 ? 1 : 0;
      huge += stake == 20_000_000_000L ? 1 : 0;
    }
    assertTrue(small > ROUNDS / 2, "most rounds at 1.00 or less: " + small);
    assertTrue(huge > 0, "the 20,000.00 maximum is played");
  }

  @Test
  void aSeededRunRepeatsExactly() {
    for (GameModel game : SeedGames.all(50)) {
      SplittableRandom a = new SplittableRandom(5);
      SplittableRandom b = new SplittableRandom(5);
      for (int i = 0; i < 1_000; i++) {
        assertEquals(game.next(a), game.next(b));
      }
    }
    assertEquals(List.of("bewitched", "dont-eat-the-candy", "creepy-candy", "cluster-bear-sweet-wins"),
        SeedGames.all(1).stream().map(GameModel::gameId).toList());
  }

  /** The count is within the central 99.9% of Binomial(n, 1/oneIn). */
  private static void assertPlausible(int count, int n, int oneIn) {
    BinomialDistribution b = new BinomialDistribution(n, 1.0 / oneIn);
    assertTrue(count >= b.inverseCumulativeProbability(0.0005) && count <= b.inverseCumulativeProbability(0.9995),
        count + " claims in " + n + " rounds at 1 in " + oneIn);
  }
}
