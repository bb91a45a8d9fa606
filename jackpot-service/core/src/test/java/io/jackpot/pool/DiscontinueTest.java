package io.jackpot.pool;

import static io.jackpot.pool.Commands.AT;
import static io.jackpot.pool.Commands.claim;
import static io.jackpot.pool.Commands.stake;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jackpot.money.Money;
import io.jackpot.money.Rate;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class DiscontinueTest {
  private final SeededRandom random = new SeededRandom(4);
  private final PoolId a = new PoolId("j", "a");
  private final PoolId b = new PoolId("j", "b");
  private int ops;

  private Pool.Transition run(Pool pool, PoolCommand... commands) {
    return pool.apply(new Pool.Batch("t", ++ops, "op" + ops, random.next(), List.of(commands)));
  }

  private Pool withReserve(PoolId id) {
    Pool p = Pool.created(id, new PoolTerms(1_000_000, new Rate(7), new Trigger.Claim(), 3, 0), random.next());
    return run(p, stake("r1", 10_000), stake("r2", 10_000)).pool();
  }

  @Test
  void aTransferCarriesTheWholeValueToTheLastSubMicroAndArrivesOnce() {
    Pool source = withReserve(a);
    Money value = source.amount().plus(source.reserve());
    Pool.Transition out = run(source, new PoolCommand.Discontinue("d1", "replaced", b, "t-1", AT));
    PoolOutcome.Transferred t = (PoolOutcome.Transferred) out.outcomes().get(0);
    assertEquals(value, t.transfer().amount());
    assertEquals(PoolStatus.DISCONTINUED, out.pool().status());
    assertEquals(Money.ZERO, out.pool().amount().plus(out.pool().reserve()));

    Pool target = Pool.created(b, new PoolTerms(5_000_000, new Rate(10_000)), random.next());
    Pool.Transition in = run(target, new PoolCommand.TransferIn("t-1", a, value, AT));
    assertEquals(Money.ofMicros(5_000_000).plus(value), in.pool().amount());
    Pool.Transition again = run(in.pool(), new PoolCommand.TransferIn("t-1", a, value, AT));
    assertTrue(((PoolOutcome.Transferred) again.outcomes().get(0)).repeated());
    assertEquals(in.pool().amount(), again.pool().amount(), "received once");
    assertEquals(in.pool().opSeq() + 1, again.pool().opSeq(),
        "the repeat's present-state anchor takes an operation of its own, so no run of shares spans it");
  }

  @Test
  void aHeldPoolKeepsItsValueAndTakesNothingMore() {
    Pool source = withReserve(a);
    Pool.Transition held = run(source, new PoolCommand.Discontinue("d1", "closing", null, "t-x", AT));
    assertInstanceOf(PoolOutcome.StateChanged.class, held.outcomes().get(0));
    assertEquals(source.amount(), held.pool().amount());
    assertEquals(source.reserve(), held.pool().reserve());
    Pool.Transition after = run(held.pool(), stake("r3", 10_000), claim("w"), new PoolCommand.Resume("r", AT),
        new PoolCommand.Discontinue("d2", "again", null, "t-y", AT),
        new PoolCommand.ChangeTerms("c", new PoolTerms(7_000_000, new Rate(20_000)), 0));
    assertInstanceOf(PoolOutcome.Refused.class, after.outcomes().get(0));
    assertInstanceOf(PoolOutcome.Refused.class, after.outcomes().get(1));
    assertInstanceOf(PoolOutcome.Refused.class, after.outcomes().get(2));
    assertInstanceOf(PoolOutcome.Unchanged.class, after.outcomes().get(3));
    assertInstanceOf(PoolOutcome.Unchanged.class, after.outcomes().get(4), "no terms come into force in a pool never won again");
    assertEquals(null, after.pool().pendingTerms());
    assertEquals(source.amount(), after.pool().amount());
  }

  @Test
  void whatAHeldPoolKeepsMayLeaveLaterForAnotherPool() {
    Pool source = withReserve(a);
    Money value = source.amount().plus(source.reserve());
    Pool held = run(source, new PoolCommand.Discontinue("d1", "closing", null, "t-x", AT)).pool();
    Pool.Transition out = run(held, new PoolCommand.Discontinue("d2", "moved", b, "t-2", AT));
    assertEquals(value, ((PoolOutcome.Transferred) out.outcomes().get(0)).transfer().amount());
    assertEquals(Money.ZERO, out.pool().amount().plus(out.pool().reserve()));
    assertEquals(PoolStatus.DISCONTINUED, out.pool().status());
    Pool.Transition nothingLeft = run(out.pool(), new PoolCommand.Discontinue("d3", "again", b, "t-3", AT));
    assertInstanceOf(PoolOutcome.Unchanged.class, nothingLeft.outcomes().get(0), "nothing left to move");
  }

  @Test
  void aTransferIntoAPausedDiscontinuedOrMustHitPoolGoesToItsReserve() {
    Money value = Money.ofMicros(3_000_000);
    Pool active = Pool.created(b, new PoolTerms(5_000_000, new Rate(10_000)), random.next());
    Pool paused = run(active, new PoolCommand.Pause("p", AT)).pool();
    Pool discontinued = run(active, new PoolCommand.Discontinue("d", "closing", null, "t-z", AT)).pool();
    Pool mustHit = Pool.created(b, new PoolTerms(5_000_000, new Rate(10_000), new Trigger.MustHitBy(6_000_000)), random.next());
    for (Pool target : List.of(paused, discontinued, mustHit)) {
      Pool in = run(target, new PoolCommand.TransferIn("t-" + ops, a, value, AT)).pool();
      assertEquals(target.amount(), in.amount(), "the amount stays: " + target.status() + ", " + target.terms().trigger());
      assertEquals(target.reserve().plus(value), in.reserve());
    }
    Pool in = run(active, new PoolCommand.TransferIn("t-active", a, value, AT)).pool();
    assertEquals(active.amount().plus(value), in.amount(), "an active pool's amount grows");
  }

  /**
   * A capped pool's amount grows by a transfer up to its ceiling, the rest goes to its reserve
   * (with an overflow pool too: two pools overflowing into each other would pass it back and forth).
   */
  @Test
  void aTransferIntoACappedPoolFillsItToItsCeilingAndReservesTheRest() {
    for (PoolId overflowTo : Arrays.asList(null, a)) {
      Pool capped = Pool.created(b, new PoolTerms(5_000_000, new Rate(10_000), new Trigger.Claim(), 0, 6_000_000, overflowTo), random.next());
      Pool in = run(capped, new PoolCommand.TransferIn("t-" + ops, a, Money.ofMicros(3_000_000), AT)).pool();
      assertEquals(Money.ofMicros(6_000_000), in.amount(), "up to the ceiling");
      assertEquals(capped.reserve().plus(Money.ofMicros(2_000_000)), in.reserve(), "the rest in its reserve");
      assertEquals(capped.owed(), in.owed(), "nothing owed onward");
      Pool full = run(in, new PoolCommand.TransferIn("t-" + ops, a, Money.ofMicros(1_500_000), AT)).pool();
      assertEquals(Money.ofMicros(6_000_000), full.amount(), "at its ceiling already");
      assertEquals(in.reserve().plus(Money.ofMicros(1_500_000)), full.reserve());
    }
    Pool under = Pool.created(b, new PoolTerms(5_000_000, new Rate(10_000), new Trigger.Claim(), 0, 6_000_000), random.next());
    assertEquals(Money.ofMicros(5_500_000), run(under, new PoolCommand.TransferIn("t-under", a, Money.ofMicros(500_000), AT)).pool().amount(),
        "below the ceiling: all of it");
  }
}
