package io.jackpot.sdk;

import static io.jackpot.sdk.Clients.WIN;
import static io.jackpot.sdk.Clients.c;
import static io.jackpot.sdk.Clients.claimR7;
import static io.jackpot.sdk.Clients.config;
import static io.jackpot.sdk.Clients.unreachable;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BiConsumer;
import org.junit.jupiter.api.Test;

/** What close() delivers, gives up and answers, and on which threads the game hears of it. */
class ClosingTest {
  /** close() returns once the game has heard of every round the service answered, not before its callbacks ran. */
  @Test
  void closingReturnsAfterTheGameHasHeardOfItsRounds() throws Exception {
    try (FakeService service = new FakeService(body -> FakeService.answerAll(body, "APPLIED", null))) {
      JackpotContributor sdk = JackpotContributor.of(config(service.url()).linger(Duration.ofMillis(100)).build());
      AtomicInteger heard = new AtomicInteger();
      for (int i = 0; i < 10; i++) {
        sdk.contribute(c(i)).thenRun(() -> {
          LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(20)); // the game's own work
          heard.incrementAndGet();
        });
      }
      sdk.close();
      assertEquals(10, heard.get(), "every round's callback ran before close() returned");
    }
  }

  /**
   * A game that closes the client from a thread already interrupted (a cancelled task, a framework
   * stopping its workers) still has its held rounds delivered, and its thread's interrupt back.
   */
  @Test
  void closingFromAnInterruptedThreadStillDeliversWhatIsHeld() throws Exception {
    try (FakeService service = new FakeService(body -> FakeService.answerAll(body, "APPLIED", null))) {
      JackpotContributor sdk = JackpotContributor.of(config(service.url()).linger(Duration.ofMillis(200)).build());
      List<CompletableFuture<RoundResult>> rounds = new ArrayList<>();
      for (int i = 0; i < 10; i++) {
        rounds.add(sdk.contribute(c(i)).toCompletableFuture());
      }
      Thread.currentThread().interrupt();
      sdk.close();
      assertTrue(Thread.interrupted(), "the interrupt is still set when close() returns");
      for (CompletableFuture<RoundResult> r : rounds) {
        assertEquals(RoundResult.Status.APPLIED, r.get(5, TimeUnit.SECONDS).status(), "delivered, not given up");
      }
    }
  }

  @Test
  void closingWhileTheServiceIsUnreachableAnswersEveryHeldRoundRatherThanLeavingItOpen() throws Exception {
    JackpotContributor sdk = unreachable();
    var f = sdk.contribute(c(1)).toCompletableFuture();
    sdk.close();
    var error = assertThrows(ExecutionException.class, () -> f.get(5, TimeUnit.SECONDS));
    assertTrue(error.getCause().getMessage().contains("closed before the service confirmed round R-1"), error.getCause().toString());
    assertEquals(0, sdk.held());
  }

  /**
   * The game hears of the rounds close() gives up on its callback threads, like of every round: a
   * callback that blocks does not hold close() past its bound (three request timeouts, plus up to a
   * second for the callbacks).
   */
  @Test
  void theRoundsCloseGivesUpAreToldOnTheCallbackThreadsNotOnTheThreadClosing() throws Exception {
    JackpotContributor sdk = unreachable();
    CountDownLatch told = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    AtomicReference<String> on = new AtomicReference<>();
    sdk.contribute(c(1)).whenComplete((r, e) -> {
      on.set(Thread.currentThread().getName());
      told.countDown();
      try {
        release.await(10, TimeUnit.SECONDS); // a game's callback that blocks (a refund written, say)
      } catch (InterruptedException interrupted) {
        Thread.currentThread().interrupt();
      }
    });
    closesWithinItsBound(sdk, release);
    assertTrue(told.await(10, TimeUnit.SECONDS), "the game heard of its round");
    assertEquals("jackpot-sdk-callbacks", on.get());
  }

  /** Closes {@code sdk}, then releases the game's blocked callbacks: close() returned well within its bound (1.6 s) meanwhile. */
  private static void closesWithinItsBound(JackpotContributor sdk, CountDownLatch release) {
    long start = System.nanoTime();
    try {
      sdk.close();
    } finally {
      release.countDown();
    }
    long tookMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
    assertTrue(tookMillis < 5_000, "close() took " + tookMillis + " ms, its bound is 1.6 s");
  }

  /**
   * Claims and look-ups close() answers are told on the callback threads too: a claim waiting for a
   * round close() gives up, and a look-up under way, whose callbacks block, do not hold close() past
   * its bound (they ran on the thread closing, the claim's in the middle of giving rounds up).
   */
  @Test
  void theClaimsAndLookUpsCloseAnswersAreToldOnTheCallbackThreads() throws Exception {
    JackpotContributor sdk = unreachable();
    CountDownLatch told = new CountDownLatch(2);
    CountDownLatch release = new CountDownLatch(1);
    Set<String> on = ConcurrentHashMap.newKeySet();
    BiConsumer<Object, Throwable> blocking = (r, e) -> {
      on.add(Thread.currentThread().getName());
      told.countDown();
      try {
        release.await(10, TimeUnit.SECONDS);
      } catch (InterruptedException interrupted) {
        Thread.currentThread().interrupt();
      }
    };
    sdk.contribute(c(7));
    sdk.claim("R-7", "p", "bewitched", "cv-0.10", "EUR").whenComplete(blocking);
    sdk.findWins("R-7").whenComplete(blocking);
    closesWithinItsBound(sdk, release);
    assertTrue(told.await(10, TimeUnit.SECONDS), "the game heard of its claim and look-up");
    assertEquals(Set.of("jackpot-sdk-callbacks"), on);
  }

  /** close() gives up a round the service never confirmed: a claim waiting for it fails and is never sent. */
  @Test
  void aClaimWhoseRoundCloseGaveUpIsNotSent() throws Exception {
    try (FakeService service = new FakeService(body -> new FakeService.Reply(503, "{}", null))) {
      JackpotContributor sdk = JackpotContributor.of(config(service.url()).requestTimeout(Duration.ofMillis(200)).build());
      CompletableFuture<RoundResult> round = sdk.contribute(c(7)).toCompletableFuture();
      CompletableFuture<Win> claim = claimR7(sdk);
      sdk.close();
      var error = assertThrows(ExecutionException.class, () -> claim.get(5, TimeUnit.SECONDS));
      assertTrue(error.getCause().getMessage().contains("its claim was not sent"), error.getCause().toString());
      assertTrue(round.isCompletedExceptionally());
      assertTrue(service.bodies.stream().noneMatch(b -> b.contains("\"jackpotId\"")), "no claim reached the service");
    }
  }

  @Test
  void closingWaitsForAClaimUnderWayAndThenRefusesClaims() throws Exception {
    CountDownLatch received = new CountDownLatch(1);
    CountDownLatch answer = new CountDownLatch(1);
    try (FakeService service = new FakeService(body -> {
      received.countDown();
      try {
        answer.await(); // the service is busy with the claim until the test lets it answer
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      return new FakeService.Reply(200, WIN, null);
    }); AutoCloseable letItAnswer = answer::countDown) { // released before the service stops (it waits for its handler)
      JackpotContributor sdk = JackpotContributor.of(config(service.url()).build());
      CompletableFuture<Win> claim = claimR7(sdk);
      assertTrue(received.await(10, TimeUnit.SECONDS), "the claim reached the service");
      CountDownLatch closing = new CountDownLatch(1);
      CompletableFuture<Boolean> claimAnsweredWhenCloseReturned = CompletableFuture.supplyAsync(() -> {
        closing.countDown();
        sdk.close();
        return claim.isDone() && !claim.isCompletedExceptionally(); // close() fails what it gave up on
      });
      // The service answers the claim only once closing has begun.
      assertTrue(closing.await(10, TimeUnit.SECONDS));
      answer.countDown();
      assertTrue(claimAnsweredWhenCloseReturned.get(10, TimeUnit.SECONDS), "close() returned only after the claim was answered");
      assertEquals("bewitched/cv-0.10/1", claim.get().winId());
      var refused = assertThrows(ExecutionException.class,
          () -> sdk.claim("R-8", "p", "bewitched", "cv-0.10", "EUR").toCompletableFuture().get(5, TimeUnit.SECONDS));
      assertInstanceOf(IllegalStateException.class, refused.getCause());
    }
  }

  @Test
  void aClaimTheServiceNeverAnswersIsFailedByCloseRatherThanLeftOpen() throws Exception {
    CountDownLatch never = new CountDownLatch(1);
    try (FakeService service = new FakeService(body -> {
      try {
        never.await();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      return new FakeService.Reply(503, "{}", null);
    }); AutoCloseable release = never::countDown) { // released before the service stops (it waits for its handler)
      JackpotContributor sdk = JackpotContributor.of(config(service.url()).requestTimeout(Duration.ofMillis(200)).build());
      CompletableFuture<Win> claim = claimR7(sdk);
      sdk.close();
      var error = assertThrows(ExecutionException.class, () -> claim.get(5, TimeUnit.SECONDS));
      assertTrue(error.getCause().getMessage().contains("closed before the service answered"), error.getCause().toString());
    }
  }

  /**
   * The game hears of a batch's rounds only once all of them are settled: closing from the first
   * one's callback waits for nothing of that batch and finds every one of them answered.
   */
  @Test
  void closingFromAContributionsCallbackLeavesTheRestOfItsBatchAnswered() throws Exception {
    try (FakeService service = new FakeService(body -> FakeService.answerAll(body, "APPLIED", null))) {
      JackpotContributor sdk = JackpotContributor.of(config(service.url()).linger(Duration.ofMillis(200))
          .requestTimeout(Duration.ofSeconds(5)).build());
      CompletableFuture<Long> closeTook = new CompletableFuture<>();
      var first = sdk.contribute(c(1)).toCompletableFuture();
      var rest = new ArrayList<CompletableFuture<RoundResult>>();
      for (int i = 2; i <= 5; i++) {
        rest.add(sdk.contribute(c(i)).toCompletableFuture());
      }
      first.thenRun(() -> {
        long start = System.nanoTime();
        sdk.close();
        closeTook.complete(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start));
      });
      assertEquals(RoundResult.Status.APPLIED, first.get(10, TimeUnit.SECONDS).status());
      for (var f : rest) {
        assertEquals(RoundResult.Status.APPLIED, f.get(20, TimeUnit.SECONDS).status());
      }
      assertEquals(1, service.requests.get(), "all five went in one request");
      assertTrue(closeTook.get(20, TimeUnit.SECONDS) < 5_000, "close() had nothing to wait for: " + closeTook.get() + " ms");
    }
  }
}
