package io.jackpot.pool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jackpot.money.Money;
import io.jackpot.money.Rate;
import io.jackpot.pool.PoolOutcome.Contributed;
import io.jackpot.pool.PoolOutcome.Won;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalTime;
import java.time.ZoneId;
import java.util.List;
import org.apache.commons.math3.distribution.UniformRealDistribution;
import org.apache.commons.math3.stat.inference.KolmogorovSmirnovTest;
import org.junit.jupiter.api.Test;

/** Must-drop pools: windows, uniform drop times, the drop itself, late drops, and what the secret reveals. */
class MustDropTest {
  static final PoolId ID = new PoolId("daily", "hourly");
  static final Trigger.MustDropBy HOURLY = Trigger.MustDropBy.every(Duration.ofHours(1));
  static final PoolTerms TERMS = new PoolTerms(100_000_000L, new Rate(10_000), HOURLY);
  static final Instant T0 = Instant.parse("2026-12-03T14:20:00Z");
  static final ZoneId LONDON = ZoneId.of("Europe/London");

  private long batches;

  static PoolCommand.Contribute stake(String round, Instant at) {
    return new PoolCommand.Contribute(round, 1_000_000, "p-" + round, "candy", "demo", at);
  }

  private Pool.Transition run(Pool pool, Instant at, PoolCommand... commands) {
    batches++;
    return pool.apply(new Pool.Batch("t", batches, "op" + batches, new SeededRandom(batches).next(), List.of(commands), at));
  }

  @Test
  void everyWindowsAreAlignedToTheEpoch() {
    assertEquals(new Trigger.DropWindow(Instant.parse("2026-12-03T14:00:00Z"), Instant.parse("2026-12-03T15:00:00Z")),
        HOURLY.windowAt(T0));
    assertEquals(new Trigger.DropWindow(Instant.parse("2026-12-03T15:00:00Z"), Instant.parse("2026-12-03T16:00:00Z")),
        HOURLY.windowAt(Instant.parse("2026-12-03T15:00:00Z")));
    var tenSeconds = Trigger.MustDropBy.every(Duration.ofSeconds(10));
    assertEquals(new Trigger.DropWindow(Instant.parse("2026-12-03T14:20:10Z"), Instant.parse("2026-12-03T14:20:20Z")),
        tenSeconds.windowAt(Instant.parse("2026-12-03T14:20:19.999Z")));
  }

  @Test
  void dailyWindowsEndAtTheLocalTimeAcrossDaylightSaving() {
    var daily = Trigger.MustDropBy.dailyAt(LocalTime.of(22, 0), LONDON);
    // Winter: 22:00 in London is 22:00 UTC.
    assertEquals(new Trigger.DropWindow(Instant.parse("2026-12-02T22:00:00Z"), Instant.parse("2026-12-03T22:00:00Z")),
        daily.windowAt(T0));
    assertEquals(new Trigger.DropWindow(Instant.parse("2026-12-03T22:00:00Z"), Instant.parse("2026-12-04T22:00:00Z")),
        daily.windowAt(Instant.parse("2026-12-03T22:00:00Z")));
    // The clocks go forward on 2026-03-29: that day's window lasts 23 hours.
    var spring = daily.windowAt(Instant.parse("2026-03-29T12:00:00Z"));
    assertEquals(Instant.parse("2026-03-28T22:00:00Z"), spring.start());
    assertEquals(Instant.parse("2026-03-29T21:00:00Z"), spring.end());
    // They go back on 2026-10-25: 25 hours.
    var autumn = daily.windowAt(Instant.parse("2026-10-25T12:00:00Z"));
    assertEquals(Duration.ofHours(25), Duration.between(autumn.start(), autumn.end()));
    // 01:30 does not exist in London on 2026-03-29: the window ends when the clocks reach 02:30 BST.
    var skipped = Trigger.MustDropBy.dailyAt(LocalTime.of(1, 30), LONDON).windowAt(Instant.parse("2026-03-29T00:10:00Z"));
    assertEquals(Instant.parse("2026-03-29T01:30:00Z"), skipped.end());
    assertEquals(Instant.parse("2026-03-28T01:30:00Z"), skipped.start());
  }

  @Test
  void windowsOutsideTheLimitsAreRefused() {
    assertThrows(IllegalArgumentException.class, () -> Trigger.MustDropBy.every(Duration.ofSeconds(9)));
    assertThrows(IllegalArgumentException.class, () -> Trigger.MustDropBy.every(Duration.ofDays(367)));
    assertThrows(IllegalArgumentException.class, () -> new Trigger.MustDropBy(Duration.ofHours(1), LocalTime.NOON, LONDON));
    assertThrows(IllegalArgumentException.class, () -> Trigger.MustDropBy.dailyAt(LocalTime.NOON, null));
    assertThrows(IllegalArgumentException.class, () -> Pool.created(ID, TERMS, new SeededRandom(1).next()));
  }

  /**
   * Kolmogorov–Smirnov at 1% over 1000 draws: from the window's start, and from a time inside it.
   * A correct draw passes for 99% of seeds (3 and 5 of 300 seeds failed, whole and rest); this one passes.
   */
  @Test
  void dropTimesAreUniformOverWhatIsLeftOfTheWindow() {
    var window = HOURLY.windowAt(T0);
    SeededRandom random = new SeededRandom(43);
    double[] whole = new double[1000];
    double[] rest = new double[1000];
    for (int i = 0; i < whole.length; i++) {
      whole[i] = MustDrop.draw(window, window.start().minusSeconds(5), random.next(), i).dropAt().toEpochMilli();
      rest[i] = MustDrop.draw(window, T0, random.next(), i).dropAt().toEpochMilli();
    }
    double start = window.start().toEpochMilli();
    double end = window.end().toEpochMilli();
    double mid = T0.toEpochMilli();
    KolmogorovSmirnovTest ks = new KolmogorovSmirnovTest();
    assertTrue(ks.kolmogorovSmirnovTest(new UniformRealDistribution(start, end), whole) > 0.01, "drop times over the whole window");
    assertTrue(ks.kolmogorovSmirnovTest(new UniformRealDistribution(mid, end), rest) > 0.01, "drop times over the rest of the window");
    for (int i = 0; i < whole.length; i++) {
      assertTrue(whole[i] >= start && whole[i] < end);
      assertTrue(rest[i] >= mid && rest[i] < end);
    }
    // A test that would fail a skewed draw: the upper half of the window alone is not uniform over it.
    double[] skewed = new double[whole.length];
    for (int i = 0; i < whole.length; i++) {
      skewed[i] = (whole[i] + end) / 2;
    }
    assertTrue(ks.kolmogorovSmirnovTest(new UniformRealDistribution(start, end), skewed) < 0.01);
  }

  @Test
  void theFirstContributionAtOrAfterTheDropTimeWinsTheWholePool() {
    Pool pool = Pool.created(ID, TERMS, new SeededRandom(3).next(), T0);
    MustDrop secret = pool.mustDrop();
    assertEquals(Instant.parse("2026-12-03T15:00:00Z"), secret.dropBy());
    assertTrue(!secret.dropAt().isBefore(T0) && secret.dropAt().isBefore(secret.dropBy()));
    assertEquals(MustHit.commit(MustDrop.iso(secret.dropAt()), secret.salt()), secret.commitment());

    Pool.Transition before = run(pool, secret.dropAt().minusMillis(1), stake("r1", T0));
    assertNull(((Contributed) before.outcomes().get(0)).triggered());
    Money held = before.pool().amount();
    Pool.Transition at = run(before.pool(), secret.dropAt(), stake("r2", T0), stake("r3", T0));
    Win win = ((Contributed) at.outcomes().get(0)).triggered();
    assertNotNull(win);
    assertEquals(Trigger.Kind.MUST_DROP_BY, win.how());
    assertEquals("r2", win.roundId());
    assertEquals(held.plus(Money.ofMicros(10_000)).wholeMicros(), win.amount());
    assertEquals(secret, win.dropped());
    assertEquals(secret.dropAt(), win.wonAt());
    // One win: the next contribution in the same batch goes to the new cycle.
    assertNull(((Contributed) at.outcomes().get(1)).triggered());
    MustDrop next = at.pool().mustDrop();
    assertEquals(new Trigger.DropWindow(secret.dropBy(), secret.dropBy().plus(Duration.ofHours(1))), next.window());
    assertTrue(!next.dropAt().isBefore(next.from()) && next.dropAt().isBefore(next.dropBy()));
    assertFalse(next.commitment().equals(secret.commitment()));
  }

  @Test
  void withoutAContributionBeforeTheWindowEndsTheNextOneWinsAndTheNextCycleWaitsForTheWindowAfter() {
    Pool pool = Pool.created(ID, TERMS, new SeededRandom(4).next(), T0);
    Instant late = Instant.parse("2026-12-03T16:40:00Z");
    Pool.Transition t = run(pool, late, stake("r1", late));
    Win win = ((Contributed) t.outcomes().get(0)).triggered();
    assertEquals(Trigger.Kind.MUST_DROP_BY, win.how());
    assertTrue(win.wonAt().isAfter(win.dropped().dropBy()));
    // The late win took the window running (16:00-17:00): the next cycle drops in the one after.
    MustDrop next = t.pool().mustDrop();
    assertEquals(new Trigger.DropWindow(Instant.parse("2026-12-03T17:00:00Z"), Instant.parse("2026-12-03T18:00:00Z")), next.window());
  }

  /** A late drop in a window's last microseconds: the contribution after it in the batch does not find the new cycle due. */
  @Test
  void aDropTimeIsAlwaysAfterTheBatchThatDrewIt() {
    Pool pool = Pool.created(ID, TERMS, new SeededRandom(13).next(), T0);
    Instant last = Instant.parse("2026-12-03T16:59:59.999500Z");
    Pool.Transition t = run(pool, last, stake("r1", last), stake("r2", last), stake("r3", last));
    assertEquals("r1", ((Contributed) t.outcomes().get(0)).triggered().roundId());
    assertNull(((Contributed) t.outcomes().get(1)).triggered());
    assertNull(((Contributed) t.outcomes().get(2)).triggered());
    assertTrue(t.pool().mustDrop().dropAt().isAfter(last));
    // Created in a window's last millisecond, a pool drops in the next window.
    Pool lastMilli = Pool.created(ID, TERMS, new SeededRandom(14).next(), Instant.parse("2026-12-03T14:59:59.999Z"));
    assertEquals(Instant.parse("2026-12-03T16:00:00Z"), lastMilli.mustDrop().dropBy());
    // With two milliseconds left the one draw there is is the millisecond after.
    Instant near = Instant.parse("2026-12-03T14:59:59.998Z");
    for (int seed = 0; seed < 20; seed++) {
      MustDrop d = MustDrop.draw(HOURLY.windowAt(near), near, new SeededRandom(seed).next(), 0);
      assertEquals(near.plusMillis(1), d.dropAt());
    }
  }

  @Test
  void aClaimRevealsTheDropTimeAndMovesTheDropToTheNextWindow() {
    Pool pool = Pool.created(ID, TERMS, new SeededRandom(5).next(), T0);
    Instant early = T0.plusMillis(1);
    Pool.Transition t = run(pool, early, new PoolCommand.Claim("c1", "p", "candy", "demo", early));
    Win win = ((Won) t.outcomes().get(0)).win();
    assertEquals(Trigger.Kind.CLAIM, win.how());
    assertEquals(pool.mustDrop(), win.dropped());
    assertEquals(Instant.parse("2026-12-03T16:00:00Z"), t.pool().mustDrop().dropBy());
  }

  @Test
  void aRoundThatWonThePoolBeforeDoesNotWinItAgainAndThePoolStaysDue() {
    Pool pool = Pool.created(ID, TERMS, new SeededRandom(6).next(), T0);
    Instant due = pool.mustDrop().dropAt();
    Pool.Transition t = run(pool, due, stake("r1", due).toPoolWonBefore(), stake("r2", due));
    assertNull(((Contributed) t.outcomes().get(0)).triggered());
    assertEquals("r2", ((Contributed) t.outcomes().get(1)).triggered().roundId());
  }

  @Test
  void aPausedPoolKeepsItsSecretAndDropsOnTheFirstContributionAfterResuming() {
    Pool pool = Pool.created(ID, TERMS, new SeededRandom(7).next(), T0);
    MustDrop secret = pool.mustDrop();
    Instant after = secret.dropBy().plusSeconds(60);
    Pool paused = run(pool, T0, new PoolCommand.Pause("pause-1", T0)).pool();
    Pool.Transition refused = run(paused, after, stake("r1", after));
    assertTrue(refused.outcomes().get(0) instanceof PoolOutcome.Refused);
    assertEquals(secret, refused.pool().mustDrop());
    Pool resumed = run(refused.pool(), after, new PoolCommand.Resume("resume-1", after)).pool();
    assertEquals(secret, resumed.mustDrop());
    Win win = ((Contributed) run(resumed, after.plusMillis(5), stake("r2", after)).outcomes().get(0)).triggered();
    assertEquals(secret, win.dropped());
  }

  @Test
  void aReplayedBatchDecidesTheSame() {
    Pool pool = Pool.created(ID, TERMS, new SeededRandom(8).next(), T0);
    var batch = new Pool.Batch("t", 1, "op-1", new SeededRandom(9).next(), List.of(stake("r1", T0)), pool.mustDrop().dropAt());
    Pool.Transition primary = pool.apply(batch);
    Pool.Transition backup = pool.apply(batch);
    assertEquals(primary.outcomes(), backup.outcomes());
    assertEquals(primary.pool(), backup.pool());
    assertEquals(Trigger.Kind.MUST_DROP_BY, ((Contributed) primary.outcomes().get(0)).triggered().how());
  }

  @Test
  void progressShowsTheShareOfTheWindowGoneByAndOfTheWayToTheCeiling() {
    Pool drop = Pool.created(ID, TERMS, new SeededRandom(10).next(), T0);
    assertEquals("0.3333", Hot.progress(drop, T0));
    assertEquals("0.0000", Hot.progress(drop, T0.minusSeconds(7200)));
    assertEquals("1.0000", Hot.progress(drop, T0.plusSeconds(7200)));
    assertEquals(Instant.parse("2026-12-03T15:00:00Z"), Hot.dropBy(drop));

    PoolTerms mustHit = new PoolTerms(10_000_000L, new Rate(100_000), new Trigger.MustHitBy(20_000_000L));
    Pool hit = Pool.created(ID, mustHit, new SeededRandom(11).next());
    assertEquals("0.0000", Hot.progress(hit, T0));
    assertTrue(hit.mustHit().hitMicros() > 11_000_000, "this seed's hit point is above 11.00");
    Pool fed = run(hit, T0, new PoolCommand.Contribute("r1", 10_000_000, "p", "candy", "demo", T0)).pool();
    assertEquals("0.1000", Hot.progress(fed, T0));
    assertNull(Hot.progress(Pool.created(ID, new PoolTerms(10_000_000L, new Rate(1_000)), new SeededRandom(12).next()), T0));
    assertNull(Hot.dropBy(hit));
  }
}
