package io.jackpot.catalogue;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.jackpot.money.Rate;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class OneWinRankTest {
  private static PoolDefinition pool(String key, long seed) {
    return new PoolDefinition(key, key, seed, new Rate(1_000), null);
  }

  private static List<Integer> ranks(JackpotDefinition j) {
    return IntStream.range(0, j.pools().size()).mapToObj(j::oneWinRank).toList();
  }

  private static JackpotDefinition jackpot(WinsPerRound wins) {
    return new JackpotDefinition("j", "J", "EUR", "demo", List.of("creepy-candy"), Routing.ALL,
        List.of(pool("a", 5_000_000), pool("b", 9_000_000), pool("c", 5_000_000), pool("d", 1_000_000)), wins);
  }

  @Test
  void theLargestSeedRanksFirstAndEqualSeedsGoInListedOrder() {
    assertEquals(List.of(1, 0, 2, 3), ranks(jackpot(WinsPerRound.ONE)));
  }

  @Test
  void anyWinsPerRoundRanksNoTier() {
    assertEquals(List.of(-1, -1, -1, -1), ranks(jackpot(WinsPerRound.ANY)));
    assertEquals(WinsPerRound.ANY, jackpot(null).winsPerRound());
  }
}
