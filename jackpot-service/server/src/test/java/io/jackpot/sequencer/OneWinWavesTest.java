package io.jackpot.sequencer;

import static io.jackpot.sequencer.SequencerTest.NOW;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jackpot.ledger.RoundRecord;
import io.jackpot.money.Money;
import io.jackpot.money.Rate;
import io.jackpot.pool.Pool;
import io.jackpot.pool.PoolCommand;
import io.jackpot.pool.PoolId;
import io.jackpot.pool.PoolOutcome;
import io.jackpot.pool.PoolTerms;
import io.jackpot.pool.SeededRandom;
import io.jackpot.pool.Trigger;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A ONE jackpot's tiers go in waves, highest first: a round setting off two wins the highest only;
 * other rounds and ANY jackpots are as before. Every pool is RANDOM with a stake per hit below the stakes.
 */
class OneWinWavesTest {
  private static final PoolId HIGH = new PoolId("one", "high");
  private static final PoolId LOW = new PoolId("one", "low");
  private static final PoolId X = new PoolId("any", "x");
  private static final PoolId Y = new PoolId("any", "y");
  private static final long STAKE = 2_000_000;

  private final InMemoryPools pools = new InMemoryPools();
  private final ExecutorService loop = Executors.newSingleThreadExecutor();
  private final ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor();

  OneWinWavesTest() {
    var random = new SeededRandom(3);
    for (PoolId id : List.of(HIGH, LOW, X, Y)) {
      pools.pools.put(id, Pool.created(id, new PoolTerms(10_000_000, new Rate(10_000), new Trigger.Random(1_000_000)), random.next()));
    }
  }

  @AfterEach
  void stop() {
    loop.shutdownNow();
    scheduler.shutdownNow();
  }

  private static PoolCommand.Contribute contribution(String round, String operator, int rank) {
    return new PoolCommand.Contribute(round, STAKE, "p", "g", operator, NOW).withOneWinRank(rank);
  }

  /** A round fed to {@code targets}, each with its rank (-1: a jackpot paying any number of wins). */
  private static Submission round(String round, String operator, Object... poolsAndRanks) {
    List<Submission.Target> targets = new ArrayList<>();
    for (int i = 0; i < poolsAndRanks.length; i += 2) {
      targets.add(new Submission.Target((PoolId) poolsAndRanks[i], contribution(round, operator, (Integer) poolsAndRanks[i + 1])));
    }
    return Submission.of(targets, new RoundRecord(round, "fp", "g", operator, "p", STAKE, "EUR", null, NOW));
  }

  private static Map<PoolId, Pool.Batch> batches(Submission... step) {
    return StepPlan.batchesPerPool("m-1", 1, List.of(step), new SeededRandom(1), NOW);
  }

  private Map<PoolId, List<PoolOutcome>> applied(Map<PoolId, Pool.Batch> planned) throws Exception {
    return OneWinWaves.apply(planned, pools::apply).toCompletableFuture().get(5, TimeUnit.SECONDS);
  }

  private static PoolOutcome.Contributed outcome(Map<PoolId, List<PoolOutcome>> results, PoolId pool, int i) {
    return (PoolOutcome.Contributed) results.get(pool).get(i);
  }

  @Test
  void tiersAreSplitByRankAndUnrankedPoolsGoFirst() {
    Map<PoolId, Pool.Batch> planned = batches(round("r1", "op", LOW, 1, HIGH, 0, X, -1));
    List<Map<PoolId, Pool.Batch>> waves = OneWinWaves.split(planned);
    assertEquals(2, waves.size());
    assertEquals(List.of(HIGH, X), List.copyOf(waves.get(0).keySet()));
    assertEquals(List.of(LOW), List.copyOf(waves.get(1).keySet()));
    assertSame(planned.get(LOW), waves.get(1).get(LOW), "the planned batch itself");
  }

  @Test
  void jackpotsPayingAnyNumberOfWinsAreOneWave() throws Exception {
    Map<PoolId, Pool.Batch> planned = batches(round("r1", "op", X, -1, Y, -1));
    assertEquals(1, OneWinWaves.split(planned).size());
    List<Map<PoolId, Pool.Batch>> calls = new ArrayList<>();
    Map<PoolId, List<PoolOutcome>> results = OneWinWaves.apply(planned, wave -> {
      calls.add(wave);
      return pools.apply(wave);
    }).toCompletableFuture().get(5, TimeUnit.SECONDS);
    assertEquals(List.of(planned), calls, "one call with the planned batches");
    assertNotNull(outcome(results, X, 0).triggered());
    assertNotNull(outcome(results, Y, 0).triggered(), "both tiers win");
  }

  @Test
  void aRoundSettingOffTwoTiersWinsTheHighestOnlyAndOtherRoundsAreUnaffected() throws Exception {
    Map<PoolId, Pool.Batch> planned = batches(
        round("r1", "op", HIGH, 0, LOW, 1),
        round("r2", "op", LOW, 1), // fed the low tier only (below the high tier's minimum stake)
        round("r1", "other-op", LOW, 1)); // the same round id of another operator
    Map<PoolId, List<PoolOutcome>> results = applied(planned);

    assertNotNull(outcome(results, HIGH, 0).triggered(), "r1 wins the high tier");
    PoolOutcome.Contributed lowOfR1 = outcome(results, LOW, 0);
    assertNull(lowOfR1.triggered(), "and not the low one");
    assertTrue(lowOfR1.share().compareTo(Money.ZERO) > 0, "which takes its share");
    assertNotNull(outcome(results, LOW, 1).triggered(), "r2 won nothing higher: it wins the low tier");
    assertNotNull(outcome(results, LOW, 2).triggered(), "another operator's round r1 too");
  }

  @Test
  void aLaterWaveIsDerivedFromThePlannedBatchAndTheEarlierAnswersOnly() throws Exception {
    Map<PoolId, Pool.Batch> planned = batches(round("r1", "op", HIGH, 0, LOW, 1), round("r2", "op", LOW, 1));
    Map<PoolId, List<PoolOutcome>> first = pools.apply(Map.of(HIGH, planned.get(HIGH))).toCompletableFuture().get();
    Pool.Batch derived = OneWinWaves.derive(LOW, planned.get(LOW), first);

    assertEquals(derived, OneWinWaves.derive(LOW, planned.get(LOW), first), "the same every time");
    assertEquals(planned.get(LOW).opId(), derived.opId());
    assertEquals(planned.get(LOW).entropy(), derived.entropy());
    PoolCommand.Contribute r1 = (PoolCommand.Contribute) derived.commands().get(0);
    PoolCommand.Contribute r2 = (PoolCommand.Contribute) derived.commands().get(1);
    assertTrue(r1.wonBefore());
    assertEquals(1, r1.oneWinRank());
    assertFalse(r2.wonBefore());
    assertSame(planned.get(LOW), OneWinWaves.derive(LOW, planned.get(LOW), Map.of(X, first.get(HIGH))),
        "a win in another jackpot changes nothing");
  }

  /** A claim of the high tier applied in the step (unranked, so in the first wave) keeps the round from the low tier's trigger. */
  @Test
  void aRoundThatClaimedATierInTheStepWinsNoOtherByItsContribution() throws Exception {
    Submission claim = Submission.of(List.of(new Submission.Target(HIGH, new PoolCommand.Claim("r1", "p", "g", "op", NOW))), null);
    Map<PoolId, List<PoolOutcome>> results = applied(batches(claim, round("r1", "op", LOW, 1), round("r2", "op", LOW, 1)));
    assertTrue(results.get(HIGH).get(0) instanceof PoolOutcome.Won, "the claim wins the high tier");
    assertNull(outcome(results, LOW, 0).triggered(), "r1 does not win the low tier as well");
    assertNotNull(outcome(results, LOW, 1).triggered(), "r2 does");
  }

  /** The member dies between the waves: the one finishing its step derives the low tier's batch from the high tier's remembered answer. */
  @Test
  void aStepCutOffBetweenItsWavesIsFinishedTheSameWay() throws Exception {
    InMemoryJournal journal = new InMemoryJournal();
    RecordingLedger ledger = new RecordingLedger();
    Sequencer s = new Sequencer(pools, ledger, loop, scheduler, TestSettings.queueing(1_000), new MutableClock(NOW), new SeededRandom(1),
        Sequencer.Observer.NONE, "dead", journal);
    pools.dieBefore = LOW;
    s.submit(round("r1", "op", HIGH, 0, LOW, 1));
    Polling.until(() -> pools.pools.get(HIGH).opSeq() > 0, Duration.ofSeconds(5), "the high tier applied");
    assertEquals(0, pools.pools.get(LOW).opSeq(), "the low tier never got its batch");
    pools.dieBefore = null;

    StepRecovery recovery = new StepRecovery(pools, ledger, journal, new MutableClock(NOW));
    StepRecovery.Finished f = recovery.finish("dead").toCompletableFuture().get(10, TimeUnit.SECONDS);

    assertEquals(1, f.wins(), "the high tier's win only");
    assertTrue(pools.pools.get(LOW).opSeq() > 0, "the low tier took its share");
    assertTrue(pools.pools.get(LOW).lastWin().isEmpty(), "and was not won");
  }
}
