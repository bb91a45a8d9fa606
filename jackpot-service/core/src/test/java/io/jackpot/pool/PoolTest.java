package io.jackpot.pool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jackpot.money.Money;
import io.jackpot.money.Rate;
import io.jackpot.pool.PoolCommand.Claim;
import io.jackpot.pool.PoolCommand.Contribute;
import io.jackpot.pool.PoolOutcome.Contributed;
import io.jackpot.pool.PoolOutcome.Refused;
import io.jackpot.pool.PoolOutcome.Won;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class PoolTest {
  static final PoolId ID = new PoolId("bewitched", "cv-0.10");
  static final PoolTerms TERMS = new PoolTerms(200_000_000L, new Rate(5_000));
  static final Instant AT = Commands.AT;
  static final SeededRandom RANDOM = new SeededRandom(7);
  private int ops;

  private Pool.Transition run(Pool pool, PoolCommand... commands) {
    return pool.apply(new Pool.Batch("test", ++ops, "op-" + ops, RANDOM.next(), List.of(commands)));
  }

  static Claim claim(String round) {
    return Commands.claim(round);
  }

  static Contribute stake(String round, long micros) {
    return Commands.stake(round, micros);
  }

  static Pool created(PoolTerms terms) {
    return Pool.created(ID, terms, RANDOM.next());
  }

  @Test
  void contributionOfTwoEurosAtHalfAPercentAddsOneCent() {
    Pool.Transition t = run(created(TERMS), stake("r1", 2_000_000));
    Contributed c = (Contributed) t.outcomes().get(0);
    assertEquals(Money.ofMicros(10_000), c.share());
    assertEquals("200.010000", t.pool().amount().toPlainString());
    assertEquals(1, t.pool().opSeq());
  }

  @Test
  void secondClaimGetsSeedPlusDelta() {
    Pool pool = run(created(TERMS), stake("r1", 2_000_000)).pool();
    Pool.Transition t = run(pool, claim("c1"), stake("r2", 1_000_000), claim("c2"));
    Win first = ((Won) t.outcomes().get(0)).win();
    Win second = ((Won) t.outcomes().get(2)).win();
    assertEquals(Money.ofMicros(200_010_000), first.amount());
    assertEquals(1, first.sequence());
    assertEquals(Money.ofMicros(200_005_000), second.amount());
    assertEquals(2, second.sequence());
    assertEquals(Money.ofMicros(5_000), second.contributedSinceReset());
    assertEquals(Money.ofMicros(200_000_000), t.pool().amount());
  }

  /** Members stamp claims with their own clocks: a claim stamped before the last win is dated with it, never before. */
  @Test
  void aWinIsNeverDatedBeforeTheWinNumberedBeforeIt() {
    Pool pool = run(created(TERMS), stake("r1", 2_000_000), new Claim("c1", "p-c1", "bewitched", "demo", AT.plusMillis(500))).pool();
    Win second = ((Won) run(pool, new Claim("c2", "p-c2", "bewitched", "demo", AT.plusMillis(200))).outcomes().get(0)).win();
    assertEquals(2, second.sequence());
    assertEquals(AT.plusMillis(500), second.wonAt(), "a slower clock's stamp");
    Win third = ((Won) run(pool, new Claim("c3", "p-c3", "bewitched", "demo", AT.plusMillis(900))).outcomes().get(0)).win();
    assertEquals(AT.plusMillis(900), third.wonAt(), "a later stamp stands");
  }

  @Test
  void repeatedClaimReturnsTheSameWinAndPaysNothing() {
    Pool pool = run(created(TERMS), stake("r1", 2_000_000), claim("c1")).pool();
    Pool.Transition again = run(pool, claim("c1"));
    Won won = (Won) again.outcomes().get(0);
    assertTrue(won.repeated());
    assertEquals(1, won.win().sequence());
    assertEquals(pool.amount(), again.pool().amount());
    assertEquals(pool.winSeq(), again.pool().winSeq());
  }

  @Test
  void anotherOperatorsRoundOfTheSameIdWinsOnItsOwn() {
    // Round ids are each operator's own: "c1" of operator other is not demo's "c1".
    Pool pool = run(created(TERMS), stake("r1", 2_000_000), claim("c1")).pool();
    Pool.Transition theirs = run(pool, new PoolCommand.Claim("c1", "p-c1", "bewitched", "other", Commands.AT));
    Won won = (Won) theirs.outcomes().get(0);
    assertFalse(won.repeated());
    assertEquals(2, won.win().sequence());
    assertEquals("other", won.win().operatorId());
    Won demoAgain = (Won) run(theirs.pool(), claim("c1")).outcomes().get(0);
    assertTrue(demoAgain.repeated());
    assertEquals(1, demoAgain.win().sequence());
  }

  @Test
  void aRetriedBatchIsAppliedOnce() {
    Pool pool = created(TERMS);
    Pool.Batch batch = new Pool.Batch("test", 1, "same-op", RANDOM.next(), List.of(stake("r1", 2_000_000)));
    Pool.Transition once = pool.apply(batch);
    Pool.Transition twice = once.pool().apply(batch);
    assertSame(once.pool(), twice.pool());
    assertEquals(once.outcomes(), twice.outcomes());
  }

  @Test
  void aBatchRetriedAfterManyBatchesOfOtherSendersIsStillAppliedOnce() {
    Pool.Batch mine = new Pool.Batch("member-a", 7, "a-7", RANDOM.next(), List.of(stake("ra", 2_000_000)));
    Pool pool = created(TERMS).apply(mine).pool();
    for (int i = 0; i < 100; i++) {
      pool = pool.apply(new Pool.Batch("member-b", i, "b-" + i, RANDOM.next(), List.of(stake("rb" + i, 1_000_000)))).pool();
    }
    Pool.Transition retried = pool.apply(mine);
    assertSame(pool, retried.pool());
    assertEquals(1, ((Contributed) retried.outcomes().get(0)).opSeq());
  }

  @Test
  void aNewSenderIsRememberedEvenAfterManySendersWithHighSequencesWentBefore() {
    Pool pool = created(TERMS);
    for (int i = 0; i < Pool.SENDERS; i++) {
      pool = pool.apply(new Pool.Batch("departed-" + i, 1_000 + i, "d-" + i, RANDOM.next(), List.of(stake("d" + i, 1_000_000)))).pool();
    }
    // A member restarted: new sender, its own count starts at 1. Its batch must be remembered.
    Pool.Batch fresh = new Pool.Batch("restarted", 1, "r-1", RANDOM.next(), List.of(stake("r1", 2_000_000)));
    Pool after = pool.apply(fresh).pool();
    Pool.Transition again = after.apply(fresh);
    assertSame(after, again.pool(), "a re-sent batch of the new sender is answered, not applied again");
    assertEquals(Pool.SENDERS, after.lastBatchBySender().size());
    assertTrue(after.lastBatchBySender().containsKey("restarted"));
    assertFalse(after.lastBatchBySender().containsKey("departed-0"), "the sender idle here for longest is forgotten");
  }

  @Test
  void aNewSendersBatchOnAPausedPoolIsRememberedThoughEverySenderTies() {
    Pool pool = run(created(TERMS), new PoolCommand.Pause("p1", AT)).pool();
    for (int i = 0; i < Pool.SENDERS; i++) {
      pool = pool.apply(new Pool.Batch("departed-" + i, 1, "d-" + i, RANDOM.next(), List.of(stake("d" + i, 1_000_000)))).pool();
    }
    // Which of the tied batches is forgotten must not depend on the new sender's name.
    for (int k = 0; k < 100; k++) {
      Pool.Batch other = new Pool.Batch("restarted-" + k, 1, "r-" + k, RANDOM.next(), List.of(stake("r" + k, 2_000_000)));
      assertTrue(pool.apply(other).pool().lastBatchBySender().containsKey("restarted-" + k), "restarted-" + k);
    }
    Pool.Batch fresh = new Pool.Batch("restarted", 1, "r-1", RANDOM.next(), List.of(stake("r1", 2_000_000)));
    Pool after = pool.apply(fresh).pool();
    assertEquals(pool.opSeq(), after.opSeq(), "a paused pool's clock stands still: every remembered batch ties");
    Pool resumed = run(after, new PoolCommand.Resume("p2", AT)).pool();
    Pool.Transition resent = resumed.apply(fresh);
    assertSame(resumed, resent.pool(), "the re-sent batch is answered PAUSED as before, not applied now");
    assertEquals(List.of(new PoolOutcome.Refused("r1", PoolStatus.PAUSED)), resent.outcomes());
  }

  /**
   * Which tied batch is forgotten is the same on every replica: the smallest sender id, not
   * whichever the map, whose order differs between JVMs, yields first.
   */
  @Test
  void ofTiedSendersTheSmallestIdIsForgotten() {
    Pool pool = run(created(TERMS), new PoolCommand.Pause("p1", AT)).pool();
    // The pause's own sender ("test") is remembered too, and ties with them.
    List<String> senders = new ArrayList<>(List.of("test"));
    for (int i = 0; i < Pool.SENDERS - 1; i++) {
      senders.add("member-" + Integer.toHexString(i * 7919 + 4099));
    }
    for (String s : senders.subList(1, senders.size())) {
      pool = pool.apply(new Pool.Batch(s, 1, s + "-1", RANDOM.next(), List.of(stake("r-" + s, 1_000_000)))).pool();
    }
    Pool after = pool.apply(new Pool.Batch("new", 1, "new-1", RANDOM.next(), List.of(stake("r-new", 1_000_000)))).pool();
    String smallest = senders.stream().min(String::compareTo).orElseThrow();
    Set<String> expected = new HashSet<>(senders);
    expected.remove(smallest);
    expected.add("new");
    assertEquals(expected, after.lastBatchBySender().keySet(), smallest + " forgotten");
  }

  @Test
  void theBatchMemoryIsLeftOutOfTheReadView() {
    Pool pool = run(created(TERMS), stake("r1", 2_000_000)).pool();
    assertEquals(1, pool.lastBatchBySender().size());
    assertTrue(pool.view().lastBatchBySender().isEmpty());
    assertEquals(pool.amount(), pool.view().amount());
  }

  @Test
  void subMicroRemainderIsCarriedIntoTheNextCycle() {
    Pool pool = created(new PoolTerms(1_000_000, new Rate(7)));
    Pool.Transition t = run(pool, stake("r1", 10_000), stake("r2", 10_000), claim("c1"));
    // 2 × 0.01 × 0.000007 = 0.00000014: nothing whole to pay, all of it carried.
    Win win = ((Won) t.outcomes().get(2)).win();
    assertEquals(Money.ofMicros(1_000_000), win.amount());
    assertEquals(new Money(1_000_000, 140_000), t.pool().amount());
  }

  @Test
  void pauseAndResumeKeepTheAmountToTheLastSubMicro() {
    Pool pool = run(created(new PoolTerms(1_000_000, new Rate(7))), stake("r1", 10_000)).pool();
    Pool.Transition paused = run(pool, new PoolCommand.Pause("p1", AT));
    var changed = (PoolOutcome.StateChanged) paused.outcomes().get(0);
    assertEquals("PAUSED", changed.kind());
    assertEquals(PoolStatus.ACTIVE, changed.before());
    assertEquals(PoolStatus.PAUSED, paused.pool().status());
    assertEquals(pool.amount(), paused.pool().amount());
    Pool.Transition refused = run(paused.pool(), stake("r2", 10_000), claim("c1"), new PoolCommand.Pause("p2", AT));
    assertInstanceOf(Refused.class, refused.outcomes().get(0));
    assertInstanceOf(Refused.class, refused.outcomes().get(1));
    assertInstanceOf(PoolOutcome.Unchanged.class, refused.outcomes().get(2));
    Pool.Transition resumed = run(refused.pool(), new PoolCommand.Resume("r", AT));
    assertEquals(PoolStatus.ACTIVE, resumed.pool().status());
    assertEquals(pool.amount(), resumed.pool().amount());
    assertEquals(new Money(1_000_000, 70_000), resumed.pool().amount());
  }

  @Test
  void pausedPoolRefusesAndKeepsItsAmount() {
    Pool active = run(created(TERMS), stake("r1", 2_000_000)).pool();
    Pool paused = new Pool(ID, PoolStatus.PAUSED, TERMS, active.amount(), active.cycleSeedMicros(), active.opSeq(),
        active.winSeq(), null, null, Money.ZERO, null, 0, List.of(), Money.ZERO, active.recentWins(), Map.of());
    Pool.Transition t = run(paused, stake("r2", 2_000_000), claim("c1"));
    assertInstanceOf(Refused.class, t.outcomes().get(0));
    assertInstanceOf(Refused.class, t.outcomes().get(1));
    assertEquals(active.amount(), t.pool().amount());
    assertEquals(active.opSeq(), t.pool().opSeq());
  }

  /**
   * A claim whose ledger look-up ran before the round's first win was recorded, reaching the pool
   * after more wins than the pool keeps in its recent list: the sender's unrecorded batch still has it.
   */
  @Test
  void aRepeatedClaimGetsItsUnrecordedWinHoweverManyWinsCameBetween() {
    Pool pool = created(TERMS);
    Pool.Transition first = pool.apply(new Pool.Batch("member-a", 1, "a-1", RANDOM.next(), List.of(claim("R"))));
    Win paid = ((Won) first.outcomes().get(0)).win();
    pool = first.pool();
    for (int i = 0; i < Pool.RECENT_WINS + 8; i++) {
      pool = pool.apply(new Pool.Batch("member-b", i + 1, "b-" + i, RANDOM.next(), List.of(claim("other-" + i)))).pool();
    }
    Pool.Transition again = pool.apply(new Pool.Batch("member-b", 99, "b-99", RANDOM.next(), List.of(claim("R"))));
    Won answer = (Won) again.outcomes().get(0);
    assertTrue(answer.repeated(), "the round's claim is answered with its first win, not paid again");
    assertEquals(paid.winId(), answer.win().winId());
    assertEquals(pool.amount(), again.pool().amount());
    assertEquals(pool.winSeq(), again.pool().winSeq());
  }
}
