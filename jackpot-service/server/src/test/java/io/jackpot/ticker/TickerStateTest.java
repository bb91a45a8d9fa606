package io.jackpot.ticker;

import static io.jackpot.pool.Commands.claim;
import static io.jackpot.pool.Commands.stake;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jackpot.money.Rate;
import io.jackpot.pool.Commands;
import io.jackpot.pool.Pool;
import io.jackpot.pool.PoolCommand;
import io.jackpot.pool.PoolId;
import io.jackpot.pool.PoolTerms;
import io.jackpot.pool.SeededRandom;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TickerStateTest {
  private final SeededRandom random = new SeededRandom(3);
  private final PoolId a = new PoolId("j", "a");
  private final PoolId b = new PoolId("k", "b");
  private static final Instant AT = Commands.AT;
  private static final Instant BEFORE = AT.minusSeconds(1);
  private static final Instant AFTER = AT.plusSeconds(1);
  private int ops;

  private Pool run(Pool pool, PoolCommand... commands) {
    return pool.apply(new Pool.Batch("t", ++ops, "op" + ops, random.next(), List.of(commands))).pool();
  }

  private Pool created(PoolId id) {
    return Pool.created(id, new PoolTerms(1_000_000, new Rate(10_000)), random.next());
  }

  @Test
  void onlyChangedPoolsAreUpdatedGroupedByJackpot() {
    TickerState state = new TickerState(BEFORE);
    Pool pa = created(a);
    Pool pb = created(b);
    // The first look announces every pool: a subscriber that connected before it holds a snapshot
    // read earlier, which a contribution may have changed in between (a member just started).
    assertEquals(Map.of("j", List.of(pa), "k", List.of(pb)), state.changed(List.of(pa, pb)), "the first look announces every pool");
    pa = run(pa, stake("r1", 1_000_000));
    var changed = state.changed(List.of(pa, pb));
    assertEquals(List.of("j"), List.copyOf(changed.keySet()));
    assertEquals(pa, changed.get("j").get(0));
    assertTrue(state.changed(List.of(pa, pb)).isEmpty(), "nothing new, nothing sent");
    Pool later = created(new PoolId("late", "only"));
    assertEquals(List.of(later), state.changed(List.of(pa, pb, later)).get("late"), "a pool defined since is news");
    assertTrue(state.changed(List.of(pa, pb, later)).isEmpty());
  }

  @Test
  void everyWinIsAnnouncedOnceAndInOrderEvenWhenSeveralCameBetweenLooks() {
    TickerState state = new TickerState(BEFORE);
    Pool pa = created(a);
    assertTrue(state.newWins(List.of(pa)).isEmpty());
    pa = run(pa, claim("w1"), stake("r", 1_000_000), claim("w2"), claim("w3"));
    var wins = state.newWins(List.of(pa));
    assertEquals(List.of("w1", "w2", "w3"), wins.stream().map(w -> w.roundId()).toList());
    assertTrue(state.newWins(List.of(pa)).isEmpty());
  }

  @Test
  void winsBeforeTheFirstLookButAfterTheStartAreAnnounced() {
    TickerState state = new TickerState(BEFORE);
    Pool pa = run(created(a), claim("quick"));
    Pool pb = created(b);
    assertEquals(List.of("quick"), state.newWins(List.of(pa, pb)).stream().map(w -> w.roundId()).toList());
    pb = run(pb, claim("first"));
    assertEquals(List.of("first"), state.newWins(List.of(pa, pb)).stream().map(w -> w.roundId()).toList());
    assertTrue(state.newWins(List.of(pa, pb)).isEmpty());
  }

  @Test
  void winsFromBeforeTheTickerStartedAreNotAnnouncedAgain() {
    TickerState state = new TickerState(AFTER);
    Pool pa = run(created(a), claim("old"));
    assertTrue(state.newWins(List.of(pa)).isEmpty(), "won before the ticker started");
    pa = run(pa, claim("new"));
    assertEquals(List.of("new"), state.newWins(List.of(pa)).stream().map(w -> w.roundId()).toList());
  }
}
