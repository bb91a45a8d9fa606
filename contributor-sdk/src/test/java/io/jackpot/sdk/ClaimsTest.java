package io.jackpot.sdk;

import static io.jackpot.sdk.Clients.WIN;
import static io.jackpot.sdk.Clients.c;
import static io.jackpot.sdk.Clients.claimR7;
import static io.jackpot.sdk.Clients.config;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Claims and win look-ups: when they are sent, how often again, and what they wait for. */
class ClaimsTest {
  @Test
  void aClaimOfARoundStillOnItsWayIsSentOnlyOnceTheRoundIsAnswered() throws Exception {
    List<String> seen = new CopyOnWriteArrayList<>();
    try (FakeService service = new FakeService(body -> {
      if (body.contains("\"contributions\"")) {
        seen.add("round applied");
        return FakeService.answerAll(body, "APPLIED", null);
      }
      seen.add("claim");
      return new FakeService.Reply(200, WIN, null);
    })) {
      // The round's first attempt is answered "busy, come back in 1 s": a claim sent at once would
      // reach the service within that second, before the round is applied.
      service.script.add(new FakeService.Reply(503, "{\"error\":{\"code\":\"OVERLOADED\",\"message\":\"busy\"}}", "1"));
      JackpotContributor sdk = JackpotContributor.of(config(service.url()).build());
      CompletableFuture<RoundResult> round = sdk.contribute(c(7)).toCompletableFuture();
      awaitRequests(service, 1);
      CompletableFuture<Win> claim = claimR7(sdk);
      assertEquals("bewitched/cv-0.10/1", claim.get(10, TimeUnit.SECONDS).winId());
      assertEquals(RoundResult.Status.APPLIED, round.get().status());
      assertEquals(List.of("round applied", "claim"), seen, "the claim reached the service after its round was applied");
      sdk.close();
    }
  }

  /**
   * A claim that overtook a round another client sent is told ROUND_IN_PROGRESS (409): it is sent
   * again after the retry backoff, not failed; any other 409 stays final.
   */
  @Test
  void aClaimToldItsRoundIsInProgressIsSentAgain() throws Exception {
    try (FakeService service = new FakeService(body -> new FakeService.Reply(200, WIN, null));
         JackpotContributor sdk = JackpotContributor.of(config(service.url()).build())) {
      service.script.add(new FakeService.Reply(409, "{\"error\":{\"code\":\"ROUND_IN_PROGRESS\",\"message\":\"on its way\"}}", null));
      assertEquals("bewitched/cv-0.10/1", claimR7(sdk).get(10, TimeUnit.SECONDS).winId());
      assertEquals(2, service.requests.get());

      service.script.add(new FakeService.Reply(409, "{\"error\":{\"code\":\"ROUND_NOT_RECORDED\",\"message\":\"no\"}}", null));
      ExecutionException refused = assertThrows(ExecutionException.class,
          () -> sdk.claim("R-8", "p", "bewitched", "cv-0.10", "EUR").toCompletableFuture().get(10, TimeUnit.SECONDS));
      assertEquals("ROUND_NOT_RECORDED", assertInstanceOf(JackpotException.class, refused.getCause()).code());
      assertEquals(3, service.requests.get(), "a final refusal is not sent again");
    }
  }

  /** A round that stays on its way (its client stuck or gone): the claim is sent again for three request timeouts, then fails. */
  @Test
  void aClaimWhoseRoundStaysInProgressFailsAfterThreeRequestTimeouts() throws Exception {
    String inProgress = "{\"error\":{\"code\":\"ROUND_IN_PROGRESS\",\"message\":\"on its way\"}}";
    try (FakeService service = new FakeService(body -> new FakeService.Reply(409, inProgress, null));
         JackpotContributor sdk = JackpotContributor.of(config(service.url()).requestTimeout(Duration.ofMillis(200)).build())) {
      long start = System.nanoTime();
      ExecutionException refused = assertThrows(ExecutionException.class,
          () -> sdk.claim("R-9", "p", "bewitched", "cv-0.10", "EUR").toCompletableFuture().get(10, TimeUnit.SECONDS));
      long tookMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
      assertEquals("ROUND_IN_PROGRESS", assertInstanceOf(JackpotException.class, refused.getCause()).code());
      assertTrue(service.requests.get() > 1, "sent again meanwhile: " + service.requests.get());
      assertTrue(tookMs >= 600 && tookMs < 5000, "gave up after three request timeouts (600 ms), took " + tookMs + " ms");
    }
  }

  /**
   * The three request timeouts a claim waits for its round count from the first ROUND_IN_PROGRESS
   * answer, not from the claim's first send: a claim that waited out an unavailable service longer
   * than that is still sent again when the service, back, says its round is on its way.
   */
  @Test
  void aClaimToldItsRoundIsInProgressAfterAnOutageIsSentAgain() throws Exception {
    String overloaded = "{\"error\":{\"code\":\"OVERLOADED\",\"message\":\"busy\"}}";
    try (FakeService service = new FakeService(body -> new FakeService.Reply(200, WIN, null));
         JackpotContributor sdk = JackpotContributor.of(config(service.url()).requestTimeout(Duration.ofMillis(200)).build())) {
      service.script.add(new FakeService.Reply(503, overloaded, "1")); // each heeded for at least 1 s: 2 s, past 3 × 200 ms
      service.script.add(new FakeService.Reply(503, overloaded, "1"));
      service.script.add(new FakeService.Reply(409, "{\"error\":{\"code\":\"ROUND_IN_PROGRESS\",\"message\":\"on its way\"}}", null));
      assertEquals("bewitched/cv-0.10/1", claimR7(sdk).get(20, TimeUnit.SECONDS).winId());
      assertEquals(4, service.requests.get());
    }
  }

  /** The game bounds its own wait for the round (or cancels it): the claim still waits for the service's answer. */
  @Test
  void aClaimWaitsForTheServiceNotForTheGamesOwnFuture() throws Exception {
    List<String> seen = new CopyOnWriteArrayList<>();
    try (FakeService service = new FakeService(body -> {
      seen.add(body.contains("\"contributions\"") ? "round applied" : "claim");
      return body.contains("\"contributions\"") ? FakeService.answerAll(body, "APPLIED", null) : new FakeService.Reply(200, WIN, null);
    })) {
      service.script.add(new FakeService.Reply(503, "{\"error\":{\"code\":\"OVERLOADED\",\"message\":\"busy\"}}", "1"));
      JackpotContributor sdk = JackpotContributor.of(config(service.url()).build());
      sdk.contribute(c(7)).toCompletableFuture().cancel(true);
      awaitRequests(service, 1);
      assertEquals("bewitched/cv-0.10/1", claimR7(sdk).get(10, TimeUnit.SECONDS).winId());
      assertEquals(List.of("round applied", "claim"), seen);
      sdk.close();
    }
  }

  /** The game's callback on the round waits for the round's claim: the claim must not wait for that callback. */
  @Test
  void aRoundsCallbackMayWaitForItsClaim() throws Exception {
    try (FakeService service = new FakeService(body -> body.contains("\"contributions\"")
        ? FakeService.answerAll(body, "APPLIED", null) : new FakeService.Reply(200, WIN, null))) {
      service.script.add(new FakeService.Reply(503, "{\"error\":{\"code\":\"OVERLOADED\",\"message\":\"busy\"}}", "1"));
      JackpotContributor sdk = JackpotContributor.of(config(service.url()).build());
      CompletableFuture<RoundResult> round = sdk.contribute(c(7)).toCompletableFuture();
      CompletableFuture<Win> claim = claimR7(sdk);
      CompletableFuture<Win> shown = round.thenApply(r -> claim.join()); // e.g. the game shows the round with its jackpot
      assertEquals("bewitched/cv-0.10/1", shown.get(10, TimeUnit.SECONDS).winId());
      sdk.close();
    }
  }

  /** A claim and a look-up answered with a proxy's page under a 200 are tried again, as a batch is, not failed as unreadable. */
  @Test
  void aProxysPageSentWithA200ToAClaimOrALookUpIsTriedAgain() throws Exception {
    try (FakeService service = new FakeService(body -> body.contains("\"jackpotId\"") ? new FakeService.Reply(200, WIN, null)
        : new FakeService.Reply(200, "{\"wins\": [" + WIN + "]}", null));
         JackpotContributor sdk = JackpotContributor.of(config(service.url()).build())) {
      service.script.add(new FakeService.Reply(200, "<html>down for maintenance</html>", null));
      assertEquals("bewitched/cv-0.10/1", claimR7(sdk).get(10, TimeUnit.SECONDS).winId());
      assertEquals(2, service.requests.get());
      service.script.add(new FakeService.Reply(200, "{\"status\": \"maintenance\"}", null));
      assertEquals(List.of("bewitched/cv-0.10/1"), sdk.findWins("R-7").toCompletableFuture().get(10, TimeUnit.SECONDS).stream()
          .map(Win::winId).toList());
      assertEquals(4, service.requests.get());
    }
  }

  /** A claim or a lookup without a round id is refused at once, naming it, and sends nothing. */
  @Test
  void aClaimOrLookupWithoutARoundIdThrowsAndSendsNothing() throws Exception {
    try (FakeService service = new FakeService(body -> FakeService.answerAll(body, "APPLIED", null));
         JackpotContributor sdk = JackpotContributor.of(config(service.url()).build())) {
      NullPointerException claim = assertThrows(NullPointerException.class,
          () -> sdk.claim(null, "p-1", "bewitched", "cv-0.10", "EUR"));
      assertEquals("roundId", claim.getMessage());
      NullPointerException lookup = assertThrows(NullPointerException.class, () -> sdk.findWins(null));
      assertEquals("roundId", lookup.getMessage());
      assertEquals(0, service.requests.get());
    }
  }

  /**
   * The game keeps both callback threads busy (each waits for something the test holds): later
   * rounds are still sent (one batch in flight at most here), settled and their claims answered,
   * since none of that waits for the game's callbacks.
   */
  @Test
  void callbacksTheGameKeepsBusyHoldUpNeitherSendingNorClaims() throws Exception {
    CountDownLatch release = new CountDownLatch(1);
    Semaphore entered = new Semaphore(0);
    try (FakeService service = new FakeService(body -> body.contains("\"contributions\"")
        ? FakeService.answerAll(body, "APPLIED", null) : new FakeService.Reply(200, WIN, null))) {
      JackpotContributor sdk = JackpotContributor.of(config(service.url()).maxInFlightBatches(1).build());
      try {
        for (int i = 1; i <= 2; i++) {
          sdk.contribute(c(i)).thenRun(() -> {
            entered.release();
            try {
              release.await(); // e.g. a game waiting on something of its own
            } catch (InterruptedException e) {
              Thread.currentThread().interrupt();
            }
          });
          assertTrue(entered.tryAcquire(10, TimeUnit.SECONDS), "callback " + i + " runs"); // one batch at a time
        }
        CompletableFuture<RoundResult> third = sdk.contribute(c(3)).toCompletableFuture();
        Win won = sdk.claim("R-3", "p", "bewitched", "cv-0.10", "EUR").toCompletableFuture().get(10, TimeUnit.SECONDS);
        assertEquals("bewitched/cv-0.10/1", won.winId(), "the claim went once its round was settled");
        assertEquals(0, sdk.held(), "every round settled, its slot free, while the game's callbacks are busy");
        assertTrue(!third.isDone(), "the game hears of it once a callback thread is free");
        release.countDown();
        assertEquals(RoundResult.Status.APPLIED, third.get(10, TimeUnit.SECONDS).status());
      } finally {
        release.countDown();
        sdk.close();
      }
    }
  }

  private static void awaitRequests(FakeService service, int n) throws InterruptedException {
    long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (service.requests.get() < n) {
      assertTrue(System.nanoTime() < end, "requests reached the service: " + service.requests.get() + " of " + n);
      Thread.sleep(5);
    }
  }
}
