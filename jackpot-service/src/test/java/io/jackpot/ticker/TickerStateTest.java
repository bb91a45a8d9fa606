package io.jackpot.ticker;

import static io.jackpot.pool.Commands.claim;
import static io.jackpot.pool.Commands.stake;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jackpot.money.Rate;
import io.jackpot.pool.Pool;
import io.jackpot.pool.PoolCommand;
import io.jackpot.pool.PoolId;
import io.jackpot.pool.PoolTerms;
import io.jackpot.pool.SeededRandom;
import java.util.List;
import org.junit.jupiter.api.Test;

class TickerStateTest {
  private final SeededRandom random = new SeededRandom(3);
  private final PoolId a = new PoolId("j", "a");
  private final PoolId b = new PoolId("k", "b");
  private int ops;

  private Pool run(Pool pool, PoolCommand... commands) {
    return pool.apply(new Pool.Batch("t", ++ops, "op" + ops, random.next(), List.of(commands))).pool();
  }

  private Pool created(PoolId id) {
    return Pool.created(id, new PoolTerms(1_000_000, new Rate(10_000)), random.next());
  }

  @Test
  void onlyChangedPoolsAreUpdatedGroupedByJackpot() {
    TickerState state = new TickerState();
    Pool pa = created(a);
    Pool pb = created(b);
    assertTrue(state.changed(List.of(pa, pb)).isEmpty(), "the first look is the baseline");
    pa = run(pa, stake("r1", 1_000_000));
    var changed = state.changed(List.of(pa, pb));
    assertEquals(List.of("j"), List.copyOf(changed.keySet()));
    assertEquals(pa, changed.get("j").get(0));
    assertTrue(state.changed(List.of(pa, pb)).isEmpty(), "nothing new, nothing sent");
  }

  @Test
  void everyWinIsAnnouncedOnceAndInOrderEvenWhenSeveralCameBetweenLooks() {
    TickerState state = new TickerState();
    Pool pa = created(a);
    assertTrue(state.newWins(List.of(pa)).isEmpty());
    pa = run(pa, claim("w1"), stake("r", 1_000_000), claim("w2"), claim("w3"));
    var wins = state.newWins(List.of(pa));
    assertEquals(List.of("w1", "w2", "w3"), wins.stream().map(w -> w.roundId()).toList());
    assertTrue(state.newWins(List.of(pa)).isEmpty());
  }
}
