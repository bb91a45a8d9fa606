package io.jackpot.pool;

import static io.jackpot.pool.PoolTest.claim;
import static io.jackpot.pool.PoolTest.stake;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jackpot.money.Money;
import io.jackpot.money.Rate;
import io.jackpot.pool.PoolOutcome.Contributed;
import io.jackpot.pool.PoolOutcome.Won;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class TriggerTest {
  private final SeededRandom random = new SeededRandom(5);
  private int ops;

  private Pool.Transition run(Pool pool, PoolCommand... commands) {
    return pool.apply(new Pool.Batch("t", ++ops, "op-" + ops, random.next(), List.of(commands)));
  }

  private Pool mustHit(long seed, long ceiling, long ratePpm) {
    return Pool.created(PoolTest.ID, new PoolTerms(seed, new Rate(ratePpm), new Trigger.MustHitBy(ceiling)), random.next());
  }

  @Test
  void aMustHitPoolPaysExactlyItsHitPointAndReservesTheRest() {
    Pool pool = mustHit(10_000_000, 13_000_000, 500_000);
    long hit = pool.mustHit().hitMicros();
    assertTrue(hit >= 10_000_000 && hit <= 13_000_000);
    // One stake of 6.00 at 50% adds 3.00: at or past any hit point in [10, 13].
    Pool.Transition t = run(pool, stake("big", 6_000_000));
    Contributed c = (Contributed) t.outcomes().get(0);
    Win win = c.triggered();
    assertNotNull(win);
    assertEquals(Money.ofMicros(hit), win.amount());
    assertEquals(Trigger.Kind.MUST_HIT_BY, win.how());
    assertEquals(c.opSeq() + 1, win.opSeq(), "the win comes right after the share that set it off");
    assertEquals(Money.ofMicros(10_000_000), t.pool().amount(), "the next cycle starts at the seed");
    assertEquals(Money.ofMicros(13_000_000 - hit), t.pool().reserve(), "what lay above the hit point funds the next seeds");
    assertEquals(pool.mustHit(), win.revealed());
    assertNotEquals(pool.mustHit().commitment(), t.pool().mustHit().commitment(), "a fresh secret for the next cycle");
    assertEquals("big", win.roundId());
    assertEquals("p-big", win.playerId());
  }

  @Test
  void aShareCarriedFarPastTheHitPointDoesNotMakeTheNextBetACertainWin() {
    Pool pool = mustHit(10_000_000, 11_000_000, 500_000);
    long hit = pool.mustHit().hitMicros();
    // 100.00 at 50% adds 50.00: the pool pays its hit point; carried on, 60 - hit would be past any
    // new hit point in [10, 11], and the next bet of any size would win.
    Pool.Transition t = run(pool, stake("huge", 100_000_000));
    Win win = ((Contributed) t.outcomes().get(0)).triggered();
    assertEquals(Money.ofMicros(hit), win.amount());
    assertEquals(Money.ofMicros(10_000_000), t.pool().amount(), "the next cycle starts at the seed, below its new hit point");
    assertTrue(t.pool().mustHit().hitMicros() >= 10_000_000);
    assertEquals(Money.ofMicros(60_000_000 - hit), t.pool().reserve(), "the rest funds the next seeds");
    // Nothing made or lost: before + share + the operator's seed = paid + amount + reserve.
    assertEquals(Money.ofMicros(10_000_000 + 50_000_000 + 10_000_000),
        win.amount().plus(t.pool().amount()).plus(t.pool().reserve()));
  }

  @Test
  void aRoundThatWonThePoolByClaimDoesNotWinItAgainWithItsContribution() {
    // The claim reached the pool before the round's own (buffered) contribution; a stake at the
    // random pool's stake per hit, or past a must-hit point, would otherwise award it a second time.
    Pool random = Pool.created(PoolTest.ID, new PoolTerms(1_000_000, new Rate(10_000), new Trigger.Random(2_000_000)), this.random.next());
    Pool must = mustHit(10_000_000, 11_000_000, 500_000);
    for (Pool pool : List.of(random, must)) {
      Pool.Transition t = run(pool, claim("r"), stake("r", 4_000_000), stake("other", 4_000_000));
      Win claimed = ((Won) t.outcomes().get(0)).win();
      Contributed own = (Contributed) t.outcomes().get(1);
      assertNull(own.triggered(), "the round has this pool's win already");
      assertEquals(claimed.next().amount().plus(own.share()), own.amountAfter(), "its share is still added");
      assertNotNull(((Contributed) t.outcomes().get(2)).triggered(), "another round's stake still wins");
    }
  }

  /**
   * The claim is older than the wins the pool remembers ({@link Pool#RECENT_WINS}): the ledger told
   * the contribution of it, and the stake that would set the trigger off adds its share only.
   */
  @Test
  void aRoundWhoseWinOfThePoolIsOnlyInTheLedgerDoesNotWinItAgain() {
    Pool random = Pool.created(PoolTest.ID, new PoolTerms(1_000_000, new Rate(10_000), new Trigger.Random(2_000_000)), this.random.next());
    Pool must = mustHit(10_000_000, 11_000_000, 500_000);
    for (Pool pool : List.of(random, must)) {
      Pool.Transition t = run(pool, stake("r", 4_000_000).toPoolWonBefore(), stake("other", 4_000_000));
      Contributed own = (Contributed) t.outcomes().get(0);
      assertNull(own.triggered(), "the round has this pool's win already");
      assertTrue(own.amountAfter().compareTo(pool.amount()) > 0, "its share is still added");
      assertNotNull(((Contributed) t.outcomes().get(1)).triggered(), "another round's stake still wins");
      assertEquals(pool.winSeq() + 1, t.pool().winSeq(), "one win in all: the other round's");
    }
  }

  @Test
  void theCommitmentBindsTheHitPointAndSalt() {
    MustHit secret = mustHit(10_000_000, 50_000_000, 6_000).mustHit();
    assertTrue(MustHit.verify(secret.hitPoint(), secret.salt(), secret.commitment()));
    String other = Money.ofMicros(secret.hitMicros() + 1).toPlainString();
    assertFalse(MustHit.verify(other, secret.salt(), secret.commitment()), "another hit point does not match");
    assertFalse(MustHit.verify(secret.hitPoint(), "00" + secret.salt().substring(2), secret.commitment()));
  }

  @Test
  void aClaimOnAMustHitPoolRevealsItsSecretToo() {
    Pool pool = mustHit(10_000_000, 50_000_000, 6_000);
    Pool.Transition t = run(pool, claim("c1"));
    Win win = ((Won) t.outcomes().get(0)).win();
    assertEquals(Trigger.Kind.CLAIM, win.how());
    assertEquals(pool.mustHit(), win.revealed());
    assertEquals(Money.ofMicros(10_000_000), win.amount());
  }

  @Test
  void aStakeAtOrAboveStakePerHitAlwaysWinsARandomPool() {
    Pool pool = Pool.created(PoolTest.ID, new PoolTerms(1_000_000, new Rate(10_000), new Trigger.Random(2_000_000)), random.next());
    for (int i = 0; i < 20; i++) {
      Pool.Transition t = run(pool, stake("s" + i, 2_000_000));
      Win win = ((Contributed) t.outcomes().get(0)).triggered();
      assertNotNull(win);
      assertEquals(Trigger.Kind.RANDOM, win.how());
      assertNull(win.revealed());
      assertEquals(Money.ofMicros(1_020_000), win.amount(), "the seed plus the triggering share");
      pool = t.pool();
    }
  }

  @Test
  void triggeredWinsAndClaimsShareOneOrder() {
    Pool pool = Pool.created(PoolTest.ID, new PoolTerms(1_000_000, new Rate(10_000), new Trigger.Random(2_000_000)), random.next());
    Pool.Transition t = run(pool, claim("c1"), stake("s1", 2_000_000), claim("c2"), stake("s2", 2_000_000));
    long[] sequences = {
        ((Won) t.outcomes().get(0)).win().sequence(),
        ((Contributed) t.outcomes().get(1)).triggered().sequence(),
        ((Won) t.outcomes().get(2)).win().sequence(),
        ((Contributed) t.outcomes().get(3)).triggered().sequence()};
    assertEquals(List.of(1L, 2L, 3L, 4L), Arrays.stream(sequences).boxed().toList());
    assertEquals(Money.ofMicros(1_000_000), ((Won) t.outcomes().get(2)).win().amount(), "c2 gets the fresh seed");
  }
}
