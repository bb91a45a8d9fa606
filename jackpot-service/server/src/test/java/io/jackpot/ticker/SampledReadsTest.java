package io.jackpot.ticker;

import static io.jackpot.pool.Commands.stake;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.hazelcast.core.HazelcastInstanceNotActiveException;
import io.jackpot.error.ErrorCode;
import io.jackpot.http.Errors;
import io.jackpot.money.Rate;
import io.jackpot.pool.Pool;
import io.jackpot.pool.PoolId;
import io.jackpot.pool.PoolTerms;
import io.jackpot.pool.SeededRandom;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class SampledReadsTest {
  private final SeededRandom random = new SeededRandom(5);
  private final PoolId a = new PoolId("j", "a");
  private final PoolId b = new PoolId("j", "b");
  private final PoolId notLive = new PoolId("k", "c");
  private final Pool pa = Pool.created(a, new PoolTerms(1_000_000, new Rate(10_000)), random.next());
  private final Pool pb = Pool.created(b, new PoolTerms(2_000_000, new Rate(10_000)), random.next());

  private static List<Pool> now(CompletionStage<List<Pool>> read) throws Exception {
    return read.toCompletableFuture().get(5, TimeUnit.SECONDS);
  }

  /** What a failed read hands its caller's whenComplete, as the routes see it. */
  private static Throwable failure(CompletableFuture<List<Pool>> read) {
    return read.handle((v, e) -> e).orTimeout(5, TimeUnit.SECONDS).join();
  }

  @Test
  void aReadIsAnsweredByTheFirstSampleThatBeganAfterItWasAskedNotByOneUnderWay() throws Exception {
    SampledReads reads = new SampledReads();
    var first = reads.read(List.of(a)).toCompletableFuture();
    var underWay = reads.begin();
    // Asked while that sample reads: a contribution acknowledged just before may not be in it.
    var second = reads.read(List.of(a)).toCompletableFuture();
    SampledReads.answer(underWay, List.of(pa, pb), null);
    assertSame(pa, now(first).get(0));
    assertFalse(second.isDone(), "a sample that began before the read was asked does not answer it");

    Pool staked = pa.apply(new Pool.Batch("t", 1, "op1", random.next(), List.of(stake("r1", 1_000_000)))).pool();
    SampledReads.answer(reads.begin(), List.of(staked, pb), null);
    assertSame(staked, now(second).get(0));
  }

  @Test
  void answersInTheOrderAskedLeavingOutPoolsNotLive() throws Exception {
    SampledReads reads = new SampledReads();
    var read = reads.read(List.of(b, notLive, a));
    SampledReads.answer(reads.begin(), List.of(pa, pb), null);
    assertEquals(List.of(pb, pa), now(read));
    assertEquals(List.of(), reads.begin(), "answered reads are not answered again");
  }

  @Test
  void aFailedSampleFailsItsReadsWithItsOwnFailureAnswered503() {
    SampledReads reads = new SampledReads();
    var read = reads.read(List.of(a)).toCompletableFuture();
    var cause = new HazelcastInstanceNotActiveException();
    SampledReads.answer(reads.begin(), null, new CompletionException(cause));
    Errors.Failure answered = Errors.describe(failure(read), "GET /v1/jackpots");
    assertEquals(503, answered.status());
    assertEquals(ErrorCode.UNAVAILABLE, answered.code());
  }

  @Test
  void aReadNoSampleAnswersInTimeIsRefused503AndForgotten() throws Exception {
    SampledReads reads = new SampledReads(Duration.ofMillis(50));
    var read = reads.read(List.of(a)).toCompletableFuture();
    assertEquals(503, Errors.describe(failure(read), "GET /v1/jackpots").status());
    reads.prune();
    assertEquals(List.of(), reads.begin());
  }

  @Test
  void afterStopEveryReadWaitingOrAskedIsRefused503() {
    SampledReads reads = new SampledReads();
    var waiting = reads.read(List.of(a)).toCompletableFuture();
    reads.stop();
    var later = reads.read(List.of(a)).toCompletableFuture();
    for (CompletableFuture<List<Pool>> read : List.of(waiting, later)) {
      assertTrue(read.isCompletedExceptionally());
      Errors.Failure answered = Errors.describe(failure(read), "GET /v1/jackpots");
      assertEquals(503, answered.status());
      assertEquals(ErrorCode.UNAVAILABLE, answered.code());
    }
  }
}
