package io.jackpot.pool;

import static io.jackpot.pool.Commands.claim;
import static io.jackpot.pool.Commands.stake;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.jackpot.money.Money;
import io.jackpot.money.Rate;
import io.jackpot.pool.PoolOutcome.Contributed;
import io.jackpot.pool.PoolOutcome.Won;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class ReserveAndTermsTest {
  private final SeededRandom random = new SeededRandom(9);
  private int ops;

  private Pool.Transition run(Pool pool, PoolCommand... commands) {
    return pool.apply(new Pool.Batch("t", ++ops, "op" + ops, random.next(), List.of(commands)));
  }

  private Pool pool(PoolTerms terms) {
    return Pool.created(new PoolId("j", "p"), terms, random.next());
  }

  @Test
  void theReserveShareFundsTheNextSeedAndTheOperatorPaysTheRest() {
    // 1% to the pool, 0.5% to the reserve; seed 10.00.
    Pool pool = pool(new PoolTerms(10_000_000, new Rate(10_000), new Trigger.Claim(), 5_000, 0));
    Pool.Transition t = run(pool, stake("r1", 1_000_000_000), claim("w1"));
    Contributed c = (Contributed) t.outcomes().get(0);
    assertEquals(Money.ofMicros(10_000_000), c.share());
    assertEquals(Money.ofMicros(5_000_000), c.toReserve());
    Win win = ((Won) t.outcomes().get(1)).win();
    assertEquals(Money.ofMicros(20_000_000), win.amount());
    assertEquals(Money.ofMicros(5_000_000), win.next().seedFromReserve());
    assertEquals(Money.ofMicros(5_000_000), win.next().operatorFunding());
    assertEquals(Money.ZERO, t.pool().reserve());
    assertEquals(Money.ofMicros(10_000_000), t.pool().amount());
  }

  @Test
  void aboveTheCeilingSharesOverflowIntoTheReserve() {
    Pool pool = pool(new PoolTerms(10_000_000, new Rate(100_000), new Trigger.Claim(), 0, 12_000_000));
    Pool.Transition t = run(pool, stake("r1", 15_000_000), stake("r2", 15_000_000));
    Contributed first = (Contributed) t.outcomes().get(0);
    Contributed second = (Contributed) t.outcomes().get(1);
    assertEquals(Money.ofMicros(1_500_000), first.share());
    assertEquals(Money.ofMicros(500_000), second.share(), "only up to the ceiling");
    assertEquals(Money.ofMicros(1_000_000), second.toReserve(), "the rest is set aside, not lost");
    assertEquals(Money.ofMicros(12_000_000), t.pool().amount());
    assertEquals(Money.ofMicros(1_000_000), t.pool().reserve());
  }

  @Test
  void overflowIsSentOnlyToAnActiveLivePool() {
    PoolId target = new PoolId("j", "q");
    Pool owing = run(pool(new PoolTerms(10_000_000, new Rate(100_000), new Trigger.Claim(), 0, 12_000_000, target)),
        stake("r1", 30_000_000)).pool();
    Pool active = Pool.created(target, new PoolTerms(5_000_000, new Rate(10_000)), random.next());
    Pool paused = run(active, new PoolCommand.Pause("pause", Instant.EPOCH)).pool();
    Pool discontinued = run(active, new PoolCommand.Discontinue("d", "closed", null, null, Instant.EPOCH)).pool();
    assertEquals(List.of(owing), Pool.owingOverflowToActivePools(List.of(owing, active)));
    assertEquals(List.of(), Pool.owingOverflowToActivePools(List.of(owing, paused)), "a paused pool's amount must not move");
    assertEquals(List.of(), Pool.owingOverflowToActivePools(List.of(owing, discontinued)));
    assertEquals(List.of(), Pool.owingOverflowToActivePools(List.of(owing)), "a target not live");
    Pool held = run(owing, new PoolCommand.Discontinue("h", "held", null, null, Instant.EPOCH)).pool();
    assertEquals(List.of(), Pool.owingOverflowToActivePools(List.of(held, active)), "a held pool holds what it owes too");
    assertInstanceOf(PoolOutcome.Unchanged.class,
        run(held, new PoolCommand.FlushOverflow("f", "t-f")).outcomes().get(0));
  }

  @Test
  void withAnOverflowPoolTheOverflowIsOwedAndSentOnceAsOneTransfer() {
    PoolId target = new PoolId("j", "q");
    Pool pool = pool(new PoolTerms(10_000_000, new Rate(100_000), new Trigger.Claim(), 0, 12_000_000, target));
    Pool.Transition t = run(pool, stake("r1", 15_000_000), stake("r2", 15_000_000), stake("r3", 3_000_000));
    assertEquals(Money.ofMicros(1_000_000), ((Contributed) t.outcomes().get(1)).toOverflow());
    assertEquals(Money.ofMicros(300_000), ((Contributed) t.outcomes().get(2)).toOverflow());
    assertEquals(Money.ZERO, t.pool().reserve());
    assertEquals(Money.ofMicros(1_300_000), t.pool().owed());
    Pool.Transition flushed = run(t.pool(), new PoolCommand.FlushOverflow("f1", "t-1"), new PoolCommand.FlushOverflow("f2", "t-2"));
    PoolOutcome.Transferred sent = (PoolOutcome.Transferred) flushed.outcomes().get(0);
    assertEquals(target, sent.transfer().to());
    assertEquals(Money.ofMicros(1_300_000), sent.transfer().amount());
    assertInstanceOf(PoolOutcome.Unchanged.class, flushed.outcomes().get(1), "nothing left to send");
    assertEquals(Money.ZERO, flushed.pool().owed());
    assertEquals(Money.ofMicros(12_000_000), flushed.pool().amount());
  }

  @Test
  void changedTermsWaitForTheNextWin() {
    PoolTerms old = new PoolTerms(10_000_000, new Rate(10_000));
    PoolTerms raised = new PoolTerms(50_000_000, new Rate(20_000));
    Pool pool = pool(old);
    Pool.Transition pending = run(pool, new PoolCommand.ChangeTerms("c1", raised, 0), stake("r1", 1_000_000));
    assertInstanceOf(PoolOutcome.StateChanged.class, pending.outcomes().get(0));
    assertEquals(raised, pending.pool().pendingTerms());
    assertEquals(Money.ofMicros(10_000), ((Contributed) pending.outcomes().get(1)).share(), "the old rate until the win");
    Pool.Transition won = run(pending.pool(), claim("w1"), stake("r2", 1_000_000));
    assertEquals(Money.ofMicros(10_010_000), ((Won) won.outcomes().get(0)).win().amount());
    assertEquals(raised, won.pool().terms());
    assertNull(won.pool().pendingTerms());
    assertEquals(Money.ofMicros(50_020_000), won.pool().amount(), "new seed, then the new rate");
  }

  @Test
  void askingForTheTermsInForceCancelsAPendingChange() {
    PoolTerms old = new PoolTerms(10_000_000, new Rate(10_000));
    Pool pool = run(pool(old), new PoolCommand.ChangeTerms("c1", new PoolTerms(20_000_000, new Rate(10_000)), 0)).pool();
    Pool.Transition back = run(pool, new PoolCommand.ChangeTerms("c2", old, 0));
    assertNull(back.pool().pendingTerms());
    assertInstanceOf(PoolOutcome.Unchanged.class, run(back.pool(), new PoolCommand.ChangeTerms("c3", old, 0)).outcomes().get(0));
  }

  @Test
  void termsOfAnOlderDefinitionVersionArrivingLateAreNotTaken() {
    PoolTerms v1 = new PoolTerms(10_000_000, new Rate(10_000));
    PoolTerms v2 = new PoolTerms(20_000_000, new Rate(10_000));
    PoolTerms v3 = new PoolTerms(30_000_000, new Rate(30_000));
    // Version 3's step reaches the pool first, version 2's (sent by another member) after it.
    Pool.Transition third = run(pool(v1), new PoolCommand.ChangeTerms("c3", v3, 3));
    assertEquals(3, third.pool().termsVersion());
    Pool.Transition late = run(third.pool(), new PoolCommand.ChangeTerms("c2", v2, 2));
    assertInstanceOf(PoolOutcome.Unchanged.class, late.outcomes().get(0));
    assertEquals(v3, late.pool().pendingTerms(), "the newer version's terms stay pending");
    assertEquals(third.pool().opSeq(), late.pool().opSeq(), "nothing applied, nothing recorded");
    Pool.Transition won = run(late.pool(), claim("w1"));
    assertEquals(v3, won.pool().terms());
    assertEquals(3, won.pool().termsVersion(), "a win keeps the version it took the terms of");
    assertInstanceOf(PoolOutcome.Unchanged.class, run(won.pool(), new PoolCommand.ChangeTerms("c2", v2, 2)).outcomes().get(0));
  }

  @Test
  void aNewerVersionWithTheSameTermsStillOutranksAnOlderOneInFlight() {
    PoolTerms v1 = new PoolTerms(10_000_000, new Rate(10_000));
    PoolTerms v2 = new PoolTerms(20_000_000, new Rate(10_000));
    // Version 3 went back to version 1's terms (nothing to change here); version 2's step comes late.
    Pool.Transition third = run(pool(v1), new PoolCommand.ChangeTerms("c3", v1, 3));
    PoolOutcome.StateChanged recorded = assertInstanceOf(PoolOutcome.StateChanged.class, third.outcomes().get(0));
    assertEquals("TERMS_VERSION", recorded.kind(), "recorded, so that a rebuilt pool still knows version 3");
    assertEquals(1, third.pool().opSeq());
    assertEquals(3, third.pool().termsVersion());
    assertInstanceOf(PoolOutcome.Unchanged.class, run(third.pool(), new PoolCommand.ChangeTerms("c3b", v1, 3)).outcomes().get(0),
        "the same version again changes nothing");
    Pool late = run(third.pool(), new PoolCommand.ChangeTerms("c2", v2, 2)).pool();
    assertNull(late.pendingTerms(), "version 2's terms never become pending");
    Pool unversioned = run(late, new PoolCommand.ChangeTerms("c0", v2, 0)).pool();
    assertEquals(v2, unversioned.pendingTerms(), "a sender without versions is always heard");
    assertEquals(3, unversioned.termsVersion());
  }
}
