package io.jackpot.game;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class GamesTest {
  private static final long CENT = 10_000;

  @ParameterizedTest
  @CsvSource({"10,1", "10,150", "10,7", "10,13", "100,140", "1000,11", "10,30"})
  void bewitchedAcceptsCoinValueTimesCoinsTimesLines(long coinCents, long coins) {
    assertTrue(Games.rule(Games.BEWITCHED).orElseThrow().violation(coinCents * CENT * coins, coinCents * CENT).isEmpty());
  }

  @ParameterizedTest
  @CsvSource({"10,151", "10,149", "10,17", "10,0"})
  void bewitchedRefusesImpossibleBets(long coinCents, long coins) {
    assertTrue(Games.rule(Games.BEWITCHED).orElseThrow().violation(coinCents * CENT * coins, coinCents * CENT).isPresent());
  }

  @Test
  void bewitchedNeedsACoinValueAndAWholeMultiple() {
    BetRule rule = Games.rule(Games.BEWITCHED).orElseThrow();
    assertTrue(rule.violation(150_000, null).isPresent());
    assertTrue(rule.violation(150_001, 100_000L).isPresent());
  }

  @Test
  void creepyCandyTakesTwentyCentsToTwentyThousand() {
    BetRule rule = Games.rule(Games.CREEPY_CANDY).orElseThrow();
    assertTrue(rule.violation(20 * CENT, null).isEmpty());
    assertTrue(rule.violation(2_000_000 * CENT, null).isEmpty());
    assertTrue(rule.violation(19 * CENT, null).isPresent());
    assertTrue(rule.violation(2_000_001 * CENT, null).isPresent());
  }

  @Test
  void clusterBearCostsTenCoins() {
    BetRule rule = Games.rule(Games.CLUSTER_BEAR).orElseThrow();
    assertTrue(rule.violation(100 * CENT, 10 * CENT).isEmpty());
    assertTrue(rule.violation(90 * CENT, 10 * CENT).isPresent());
  }

  @Test
  void clusterBearsCoinIsWholeCentsWithOrWithoutACoinValue() {
    BetRule rule = Games.rule(Games.CLUSTER_BEAR).orElseThrow();
    assertTrue(rule.violation(CENT, CENT / 10).isPresent(), "coin 0.001, stake 0.01");
    assertTrue(rule.violation(CENT, null).isPresent(), "stake 0.01 without a coin value");
    assertTrue(rule.violation(10 * CENT, CENT).isEmpty(), "coin 0.01, stake 0.10");
  }
}
