package io.jackpot.sdk;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BiConsumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The SDK's delivery rules against a scripted HTTP service on loopback (over HTTP/1.1: the JDK has
 * no WebSocket server; the WebSocket transport meets the real service in the service's SdkIT,
 * LoadRunIT and ContributionStreamIT).
 */
class HttpJackpotContributorTest {
  static ContributorConfig.Builder config(String... urls) {
    ContributorConfig.Builder b = ContributorConfig.custom().transport(ContributorConfig.Transport.HTTP_1_1).gameKey("k").gameId("creepy-candy")
        .linger(Duration.ofMillis(5)).retryBackoff(Duration.ofMillis(5), Duration.ofMillis(50)).requestTimeout(Duration.ofSeconds(2));
    for (String u : urls) {
      b.endpoint(u);
    }
    return b;
  }

  static Contribution c(int i) {
    return Contribution.of("R-" + i, "p", "1.00", "EUR");
  }

  /** Sends rounds R-0 … R-(count − 1) one after the other; each is answered APPLIED. */
  static void assertEachApplied(JackpotContributor sdk, int count) throws Exception {
    for (int i = 0; i < count; i++) {
      assertEquals(RoundResult.Status.APPLIED, sdk.contribute(c(i)).toCompletableFuture().get(10, TimeUnit.SECONDS).status());
    }
  }

  /** The claim of round R-7 on bewitched/cv-0.10 (the win the fake service answers with). */
  private static CompletableFuture<Win> claimR7(JackpotContributor sdk) {
    return sdk.claim("R-7", "p", "bewitched", "cv-0.10", "EUR").toCompletableFuture();
  }

  @Test
  void contributionsFromManyThreadsAreCoalescedIntoFewRequests() throws Exception {
    try (FakeService service = new FakeService(body -> FakeService.answerAll(body, "APPLIED", null));
         JackpotContributor sdk = JackpotContributor.of(config(service.url()).batchSize(200).linger(Duration.ofMillis(20)).build())) {
      ExecutorService games = Executors.newFixedThreadPool(8);
      List<CompletableFuture<RoundResult>> all = Collections.synchronizedList(new ArrayList<>());
      for (int t = 0; t < 8; t++) {
        int thread = t;
        games.submit(() -> {
          for (int i = 0; i < 250; i++) {
            all.add(sdk.contribute(c(thread * 1000 + i)).toCompletableFuture());
          }
        });
      }
      games.shutdown();
      assertTrue(games.awaitTermination(10, TimeUnit.SECONDS));
      CompletableFuture.allOf(all.toArray(CompletableFuture[]::new)).get(10, TimeUnit.SECONDS);
      assertEquals(2000, service.items.get());
      assertTrue(service.requests.get() <= 40, "2000 contributions in " + service.requests.get() + " requests");
    }
  }

  @Test
  void a503WithRetryAfterIsRetriedUnderTheSameRoundIds() throws Exception {
    try (FakeService service = new FakeService(body -> FakeService.answerAll(body, "APPLIED", null));
         JackpotContributor sdk = JackpotContributor.of(config(service.url()).build())) {
      service.script.add(new FakeService.Reply(503, "{\"error\":{\"code\":\"OVERLOADED\",\"message\":\"busy\"}}", "0"));
      service.script.add(new FakeService.Reply(500, "{}", null));
      RoundResult r = sdk.contribute(c(1)).toCompletableFuture().get(10, TimeUnit.SECONDS);
      assertEquals(RoundResult.Status.APPLIED, r.status());
      assertEquals(3, service.requests.get());
      String roundId = "\"roundId\":\"" + c(1).roundId() + "\"";
      assertEquals(3, service.bodies.stream().filter(b -> b.contains(roundId)).count(), "every attempt sends the same round id");
    }
  }

  @Test
  void retryAfterIsHonouredEvenAboveTheLongestBackoff() throws Exception {
    try (FakeService service = new FakeService(body -> FakeService.answerAll(body, "APPLIED", null));
         JackpotContributor sdk = JackpotContributor.of(config(service.url()).retryBackoff(Duration.ofMillis(10), Duration.ofMillis(50)).build())) {
      service.script.add(new FakeService.Reply(503, "{\"error\":{\"code\":\"OVERLOADED\",\"message\":\"busy\"}}", "1"));
      long start = System.nanoTime();
      RoundResult r = sdk.contribute(c(1)).toCompletableFuture().get(10, TimeUnit.SECONDS);
      long waited = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
      assertEquals(RoundResult.Status.APPLIED, r.status());
      assertEquals(2, service.requests.get());
      assertTrue(waited >= 1000, "came back after the service's 1 s, not the 50 ms backoff: " + waited + " ms");
    }
  }

  @Test
  void aReplyThatDoesNotMatchTheRoundsSentFailsEachRoundOnceAndFreesItsSlot() throws Exception {
    // The reply answers only the first of the two rounds sent together.
    try (FakeService service = new FakeService(body -> FakeService.answerAll(body.substring(0, body.indexOf("R-1") + 4), "APPLIED", null));
         JackpotContributor sdk = JackpotContributor.of(config(service.url()).linger(Duration.ofMillis(200)).build())) {
      var first = sdk.contribute(c(1)).toCompletableFuture();
      var second = sdk.contribute(c(2)).toCompletableFuture();
      for (var f : List.of(first, second)) {
        var error = assertThrows(ExecutionException.class, () -> f.get(10, TimeUnit.SECONDS));
        assertTrue(error.getCause().getMessage().contains("do not match"), error.getCause().toString());
      }
      assertEquals(1, service.requests.get(), "both went in one request");
      assertEquals(0, sdk.held(), "each buffer slot is freed exactly once");
    }
  }

  @Test
  void aProxysPageSentWithA200IsAnEndpointFailureAndTriedAgain() throws Exception {
    try (FakeService service = new FakeService(body -> FakeService.answerAll(body, "APPLIED", null));
         JackpotContributor sdk = JackpotContributor.of(config(service.url()).build())) {
      service.script.add(new FakeService.Reply(200, "<html>down for maintenance</html>", null));
      assertEquals(RoundResult.Status.APPLIED, sdk.contribute(c(1)).toCompletableFuture().get(10, TimeUnit.SECONDS).status());
      assertEquals(2, service.requests.get());
    }
  }

  @Test
  void aBatchTooLargeForAProxyIsRefusedForGoodAndSaysSo() throws Exception {
    try (FakeService proxy = new FakeService(body -> new FakeService.Reply(413, "<html>Request Entity Too Large</html>", null));
         JackpotContributor sdk = JackpotContributor.of(config(proxy.url()).build())) {
      RoundResult r = sdk.contribute(c(1)).toCompletableFuture().get(10, TimeUnit.SECONDS);
      assertEquals(RoundResult.Status.REJECTED, r.status());
      assertEquals("PAYLOAD_TOO_LARGE", r.errorCode());
      assertTrue(r.errorMessage().contains("batchSize"), r.errorMessage());
    }
  }

  @Test
  void aFullBufferTellsWhyDeliveriesFail() throws Exception {
    try (FakeService proxy = new FakeService(body -> new FakeService.Reply(404, "<html>Not Found</html>", null));
         JackpotContributor sdk = JackpotContributor.of(config(proxy.url()).batchSize(1).bufferCapacity(1).requestTimeout(Duration.ofSeconds(1)).build())) {
      sdk.contribute(c(1));
      // Refused at once while the first is held; the reason appears once its first try has failed.
      long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
      Throwable full;
      do {
        full = assertThrows(ExecutionException.class,
            () -> sdk.contribute(c(2)).toCompletableFuture().get(1, TimeUnit.SECONDS)).getCause();
        assertInstanceOf(BufferFullException.class, full);
      } while (!full.getMessage().contains("answered 404") && System.nanoTime() < until);
      assertTrue(full.getMessage().contains("answered 404"), full.getMessage());
    }
  }

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

  /** A client of an endpoint where nothing listens, with requests timed out after 200 ms. */
  private static JackpotContributor unreachable() throws IOException {
    int port;
    try (ServerSocket s = new ServerSocket(0)) {
      port = s.getLocalPort();
    }
    return JackpotContributor.of(config("http://127.0.0.1:" + port).requestTimeout(Duration.ofMillis(200)).build());
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

  private static final String WIN = """
      {"winId": "bewitched/cv-0.10/1", "jackpotId": "bewitched", "poolKey": "cv-0.10", "sequence": 1, "roundId": "R-7",
       "playerId": "p", "gameId": "bewitched", "amount": "201.500000", "currency": "EUR", "amountInCurrency": "201.50",
       "seed": "200.000000", "wonAt": "2026-11-21T13:45:01.123Z", "trigger": "CLAIM", "hitPoint": null}""";

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

  /** A null is refused before a buffer slot is taken: with room for one round, the next round still goes. */
  @Test
  void aNullContributionCostsNoBufferSlot() throws Exception {
    try (FakeService service = new FakeService(body -> FakeService.answerAll(body, "APPLIED", null));
         JackpotContributor sdk = JackpotContributor.of(config(service.url()).batchSize(1).bufferCapacity(1).build())) {
      assertThrows(NullPointerException.class, () -> sdk.contribute(null));
      assertEquals(0, sdk.held());
      assertEachApplied(sdk, 1);
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

  private static void awaitRequests(FakeService service, int n) throws InterruptedException {
    long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (service.requests.get() < n) {
      assertTrue(System.nanoTime() < end, "requests reached the service: " + service.requests.get() + " of " + n);
      Thread.sleep(5);
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

  @Test
  void anUnreachableEndpointIsLeftForTheNextOne() throws Exception {
    int dead;
    try (ServerSocket s = new ServerSocket(0)) {
      dead = s.getLocalPort();
    }
    try (FakeService service = new FakeService(body -> FakeService.answerAll(body, "APPLIED", null));
         JackpotContributor sdk = JackpotContributor.of(config("http://127.0.0.1:" + dead, service.url()).build())) {
      assertEachApplied(sdk, 20);
    }
  }

  @Test
  void aRoundInProgressIsAskedAgainAndARefusalIsFinal() throws Exception {
    try (FakeService service = new FakeService(body -> FakeService.answerAll(body, "APPLIED", null));
         JackpotContributor sdk = JackpotContributor.of(config(service.url()).build())) {
      service.script.add(FakeService.answerAll("\"roundId\":\"R-1\"", "REJECTED", "ROUND_IN_PROGRESS"));
      assertEquals(RoundResult.Status.APPLIED, sdk.contribute(c(1)).toCompletableFuture().get(10, TimeUnit.SECONDS).status());
      service.otherwise = body -> new FakeService.Reply(400, "{\"error\":{\"code\":\"INVALID_STAKE\",\"message\":\"no\"}}", null);
      RoundResult refused = sdk.contribute(c(2)).toCompletableFuture().get(10, TimeUnit.SECONDS);
      assertEquals(RoundResult.Status.REJECTED, refused.status());
      assertEquals("INVALID_STAKE", refused.errorCode());
    }
  }

  @Test
  void aFullBufferSaysSoAtOnceAndLosesNothingItAccepted() throws Exception {
    try (FakeService service = new FakeService(body -> new FakeService.Reply(503, "{}", "0"));
         JackpotContributor sdk = JackpotContributor.of(config(service.url()).batchSize(10).bufferCapacity(10).build())) {
      List<CompletableFuture<RoundResult>> accepted = new ArrayList<>();
      for (int i = 0; i < 10; i++) {
        accepted.add(sdk.contribute(c(i)).toCompletableFuture());
      }
      ExecutionException full = assertThrows(ExecutionException.class,
          () -> sdk.contribute(c(99)).toCompletableFuture().get(1, TimeUnit.SECONDS));
      assertInstanceOf(BufferFullException.class, full.getCause());
      assertEquals(10, sdk.held());
      service.otherwise = body -> FakeService.answerAll(body, "APPLIED", null);
      CompletableFuture.allOf(accepted.toArray(CompletableFuture[]::new)).get(10, TimeUnit.SECONDS);
      assertEquals(0, sdk.held());
    }
  }

  @Test
  void aProxysRefusalIsAnEndpointFailureAndTheRoundsGoToTheNextEndpoint() throws Exception {
    // A 404 without the service's error body (a load balancer, a wrong path) and a redirect.
    try (FakeService proxy = new FakeService(body -> new FakeService.Reply(404, "<html>Not Found</html>", null));
         FakeService moved = new FakeService(body -> new FakeService.Reply(301, "", null));
         FakeService service = new FakeService(body -> FakeService.answerAll(body, "APPLIED", null));
         JackpotContributor sdk = JackpotContributor.of(config(proxy.url(), moved.url(), service.url()).build())) {
      assertEachApplied(sdk, 10);
      assertTrue(proxy.requests.get() > 0 && moved.requests.get() > 0, "each endpoint was tried");
    }
  }

  @Test
  void theServicesOwnNotFoundForAMisroutedPathIsAnEndpointFailureToo() throws Exception {
    try (FakeService misrouted = new FakeService(body -> new FakeService.Reply(404,
        "{\"error\":{\"code\":\"NOT_FOUND\",\"message\":\"no such endpoint: /api/v1/contributions\"}}", null));
         FakeService service = new FakeService(body -> FakeService.answerAll(body, "APPLIED", null));
         JackpotContributor sdk = JackpotContributor.of(config(misrouted.url(), service.url()).build())) {
      assertEachApplied(sdk, 6);
    }
  }

  @Test
  void aRejectionMarkedRetryableIsAskedAgainWhateverItsCode() throws Exception {
    try (FakeService service = new FakeService(body -> FakeService.answerAll(body, "APPLIED", null));
         JackpotContributor sdk = JackpotContributor.of(config(service.url()).build())) {
      service.script.add(new FakeService.Reply(200, "{\"results\":[{\"roundId\":\"R-1\",\"status\":\"REJECTED\",\"retryable\":true,"
          + "\"error\":{\"code\":\"SOMETHING_NEW\",\"message\":\"not now\"}}]}", null));
      assertEquals(RoundResult.Status.APPLIED, sdk.contribute(c(1)).toCompletableFuture().get(10, TimeUnit.SECONDS).status());
      assertEquals(2, service.requests.get());
    }
  }

  /** Rounds 1 and 2 sent together (200 ms linger), the first request answered {@code results}. */
  private static List<CompletableFuture<RoundResult>> twoRoundsAnswered(FakeService service, JackpotContributor sdk,
      String results) {
    service.script.add(new FakeService.Reply(200, "{\"results\":" + results + "}", null));
    return List.of(sdk.contribute(c(1)).toCompletableFuture(), sdk.contribute(c(2)).toCompletableFuture());
  }

  @Test
  void aStatusTheSdkDoesNotKnowFailsOnlyItsOwnRound() throws Exception {
    try (FakeService service = new FakeService(body -> FakeService.answerAll(body, "APPLIED", null));
         JackpotContributor sdk = JackpotContributor.of(config(service.url()).linger(Duration.ofMillis(200)).build())) {
      var sent = twoRoundsAnswered(service, sdk,
          "[{\"roundId\":\"R-1\",\"status\":\"APPLIED\"},{\"roundId\":\"R-2\",\"status\":\"QUEUED_FOR_LATER\"}]");
      var first = sent.get(0);
      var second = sent.get(1);
      assertEquals(RoundResult.Status.APPLIED, first.get(10, TimeUnit.SECONDS).status());
      var error = assertThrows(ExecutionException.class, () -> second.get(10, TimeUnit.SECONDS));
      assertTrue(error.getCause().getMessage().contains("QUEUED_FOR_LATER"), error.getCause().toString());
      assertEquals(1, service.requests.get(), "both went in one request");
      assertEquals(0, sdk.held());
    }
  }

  @Test
  void aRejectionWithoutAnErrorCodeIsFinalAndTheRestOfItsBatchIsAnswered() throws Exception {
    try (FakeService service = new FakeService(body -> FakeService.answerAll(body, "APPLIED", null));
         JackpotContributor sdk = JackpotContributor.of(config(service.url()).linger(Duration.ofMillis(200)).build())) {
      var sent = twoRoundsAnswered(service, sdk,
          "[{\"roundId\":\"R-1\",\"status\":\"REJECTED\"},{\"roundId\":\"R-2\",\"status\":\"APPLIED\"}]");
      assertEquals(RoundResult.Status.REJECTED, sent.get(0).get(10, TimeUnit.SECONDS).status());
      assertEquals(RoundResult.Status.APPLIED, sent.get(1).get(10, TimeUnit.SECONDS).status());
      assertEquals(1, service.requests.get(), "both went in one request");
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

  /**
   * Something on the way (a gateway's limit on WebSocket messages) closes the stream 1009 at the
   * first batch: the batches go by POST to that endpoint, instead of each retry closing the next
   * connection for ever. The endpoint here is a socket server speaking just enough of both.
   */
  @Test
  void aStreamClosedForAMessageTooBigSendsTheBatchesByPost() throws Exception {
    try (ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
      AtomicInteger upgrades = new AtomicInteger();
      AtomicInteger posts = new AtomicInteger();
      Thread acceptor = new Thread(() -> {
        try {
          while (true) {
            Socket s = server.accept();
            Thread connection = new Thread(() -> gatewayLimitingMessages(s, upgrades, posts));
            connection.setDaemon(true);
            connection.start();
          }
        } catch (IOException closed) {
          // the test is over
        }
      });
      acceptor.setDaemon(true);
      acceptor.start();
      try (JackpotContributor sdk = JackpotContributor.of(config("http://127.0.0.1:" + server.getLocalPort())
          .transport(ContributorConfig.Transport.WEBSOCKET).build())) {
        assertEachApplied(sdk, 5);
      }
      assertEquals(1, upgrades.get(), "one stream tried, then POSTs only");
      assertEquals(5, posts.get());
    }
  }

  /** One connection: a WebSocket upgrade closed 1009 at its first message, or POSTs answered APPLIED. */
  private static void gatewayLimitingMessages(Socket s, AtomicInteger upgrades,
      AtomicInteger posts) {
    try (s) {
      InputStream in = s.getInputStream();
      OutputStream out = s.getOutputStream();
      while (true) {
        String key = null;
        int length = 0;
        boolean websocket = false;
        for (String line = headerLine(in); !line.isEmpty(); line = headerLine(in)) {
          String lower = line.toLowerCase(Locale.ROOT);
          websocket |= lower.startsWith("upgrade:") && lower.contains("websocket");
          if (lower.startsWith("sec-websocket-key:")) {
            key = line.substring(18).trim();
          } else if (lower.startsWith("content-length:")) {
            length = Integer.parseInt(line.substring(15).trim());
          }
        }
        if (websocket) {
          upgrades.incrementAndGet();
          upgrade(out, key);
          in.read(); // the batch's frame has begun to arrive
          out.write(new byte[] {(byte) 0x88, 9, 0x03, (byte) 0xF1, 't', 'o', 'o', ' ', 'b', 'i', 'g'}); // close, 1009 "too big"
          out.flush();
          while (in.read() >= 0) {
            // until the client goes
          }
          return;
        }
        String body = new String(in.readNBytes(length), StandardCharsets.UTF_8);
        byte[] answer = FakeService.answerAll(body, "APPLIED", null).body().getBytes(StandardCharsets.UTF_8);
        posts.incrementAndGet();
        out.write(("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: " + answer.length + "\r\n\r\n")
            .getBytes(StandardCharsets.ISO_8859_1));
        out.write(answer);
        out.flush();
      }
    } catch (Exception closed) {
      // the client went
    }
  }

  /** Answers a WebSocket upgrade whose Sec-WebSocket-Key was {@code key}. */
  private static void upgrade(OutputStream out, String key) throws Exception {
    String accept = Base64.getEncoder().encodeToString(MessageDigest.getInstance("SHA-1")
        .digest((key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").getBytes(StandardCharsets.ISO_8859_1)));
    out.write(("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: "
        + accept + "\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1));
    out.flush();
  }

  /**
   * A service frozen after it took the jackpot-won listener's ticker connection (its kernel still
   * accepts data; nothing answers, not even the close): the contributor's close() does not leave
   * the connection open behind it. (The contribution stream is closed the same way.)
   */
  @Test
  void closingCutsOffATickerWhosePeerNeverAnswersTheClose() throws Exception {
    try (ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
      CountDownLatch upgraded = new CountDownLatch(1);
      CountDownLatch ended = new CountDownLatch(1);
      silentTicker(server, upgraded, ended);
      // Time enough to read the upgrade's answer however busy the machine (it bounds the upgrade too).
      JackpotContributor sdk = JackpotContributor.of(config("http://127.0.0.1:" + server.getLocalPort())
          .requestTimeout(Duration.ofSeconds(3)).build());
      sdk.onJackpotWon(w -> { });
      assertTrue(upgraded.await(10, TimeUnit.SECONDS), "the ticker was opened");
      sdk.close();
      assertTrue(ended.await(10, TimeUnit.SECONDS), "the connection is closed, though the peer never answered the close");
    }
  }

  /**
   * Each onJackpotWon call gets a stage of its own: one caller that bounds its wait for the first
   * snapshot (orTimeout, cancel) fails only its own, not the later callers' (they shared one).
   */
  @Test
  void oneCallersTimedOutSubscriptionLeavesTheOthersStagesPending() throws Exception {
    try (ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
      CountDownLatch upgraded = new CountDownLatch(1);
      silentTicker(server, upgraded, new CountDownLatch(1));
      JackpotContributor sdk = JackpotContributor.of(config("http://127.0.0.1:" + server.getLocalPort())
          .requestTimeout(Duration.ofSeconds(3)).build());
      try {
        var first = sdk.onJackpotWon(w -> { }).toCompletableFuture();
        assertTrue(upgraded.await(10, TimeUnit.SECONDS), "the ticker was opened");
        first.completeExceptionally(new TimeoutException("the first caller stopped waiting"));
        var second = sdk.onJackpotWon(w -> { }).toCompletableFuture();
        assertFalse(second.isDone(), "the second caller's stage waits for the snapshot, not failed by the first's timeout");
      } finally {
        sdk.close();
      }
    }
  }

  /**
   * A ticker on {@code server} that accepts one connection, answers its upgrade ({@code upgraded}),
   * then sends nothing (no snapshot) and answers nothing (not even a close) until the client cuts
   * the connection ({@code ended}).
   */
  private static void silentTicker(ServerSocket server, CountDownLatch upgraded,
      CountDownLatch ended) {
    Thread silent = new Thread(() -> {
      try (Socket s = server.accept()) {
        InputStream in = s.getInputStream();
        String key = null;
        for (String line = headerLine(in); !line.isEmpty(); line = headerLine(in)) {
          if (line.toLowerCase(Locale.ROOT).startsWith("sec-websocket-key:")) {
            key = line.substring(18).trim();
          }
        }
        upgrade(s.getOutputStream(), key);
        upgraded.countDown();
        while (in.read() >= 0) {
          // reads what comes (the close frame), answers nothing
        }
        ended.countDown(); // the client cut the connection
      } catch (Exception e) {
        ended.countDown(); // reset: cut too
      }
    });
    silent.setDaemon(true);
    silent.start();
  }

  /** One line of a request's head, without its CRLF; empty at the head's end. */
  private static String headerLine(InputStream in) throws IOException {
    StringBuilder line = new StringBuilder();
    for (int b = in.read(); b != '\n'; b = in.read()) {
      if (b < 0) {
        throw new EOFException();
      }
      if (b != '\r') {
        line.append((char) b);
      }
    }
    return line.toString();
  }

  /**
   * A member without the contribution stream (API.md's v1 has none: an older version during a
   * rolling upgrade, or a proxy routing only what API.md lists) answers the upgrade 404 or 405: the
   * batches go by POST to it, as for WEBSOCKET_REQUIRED, instead of being retried for ever. (A proxy
   * that drops the Upgrade header makes the service answer 400 WEBSOCKET_REQUIRED: the same; the
   * JDK's HttpServer here answers the upgrade like any GET, as such a service would.)
   */
  @ParameterizedTest
  @ValueSource(strings = {"400 {\"error\":{\"code\":\"WEBSOCKET_REQUIRED\",\"message\":\"send an Upgrade\"}}",
      "404 {\"error\":{\"code\":\"NOT_FOUND\",\"message\":\"no such route\"}}",
      "405 {\"error\":{\"code\":\"METHOD_NOT_ALLOWED\",\"message\":\"GET\"}}", "404 <html>Not Found</html>"})
  void anEndpointWithoutTheStreamGetsTheBatchesByPost(String upgradeAnswer) throws Exception {
    int status = Integer.parseInt(upgradeAnswer.substring(0, 3));
    try (FakeService service = new FakeService(body -> body.isEmpty()
        ? new FakeService.Reply(status, upgradeAnswer.substring(4), null)
        : FakeService.answerAll(body, "APPLIED", null));
         JackpotContributor sdk = JackpotContributor.of(config(service.url()).transport(ContributorConfig.Transport.WEBSOCKET).build())) {
      assertEachApplied(sdk, 5);
      assertEquals(1, service.bodies.stream().filter(String::isEmpty).count(), "one upgrade tried, then POSTs only");
      assertEquals(5, service.bodies.stream().filter(b -> !b.isEmpty()).count());
    }
  }

  /**
   * An endpoint that sends the headers and then stalls in the body: the attempt times out (the
   * JDK's request timeout stops at the headers), the exchange is aborted, and the batch goes to
   * the next endpoint.
   */
  @Test
  void anAnswerStalledInItsBodyTimesOutAndIsAborted() throws Exception {
    try (ServerSocket stalling = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
         FakeService service = new FakeService(body -> FakeService.answerAll(body, "APPLIED", null))) {
      CompletableFuture<Boolean> aborted = new CompletableFuture<>();
      AtomicBoolean headersSent = new AtomicBoolean();
      Thread stall = new Thread(() -> {
        try (Socket s = stalling.accept()) {
          var in = new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.ISO_8859_1));
          int length = 0;
          for (String line = in.readLine(); line != null && !line.isEmpty(); line = in.readLine()) {
            if (line.toLowerCase().startsWith("content-length:")) {
              length = Integer.parseInt(line.substring(15).trim());
            }
          }
          in.skip(length);
          s.getOutputStream().write("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{\"res"
              .getBytes(StandardCharsets.ISO_8859_1));
          s.getOutputStream().flush();
          headersSent.set(true);
          aborted.complete(in.read() == -1); // the client closes its end: the exchange was given up
        } catch (IOException e) {
          aborted.complete(headersSent.get()); // reset by the client
        }
      });
      stall.setDaemon(true);
      stall.start();
      try (JackpotContributor sdk = JackpotContributor.of(config("http://127.0.0.1:" + stalling.getLocalPort(), service.url())
          .requestTimeout(Duration.ofSeconds(1)).build())) {
        assertEquals(RoundResult.Status.APPLIED, sdk.contribute(c(1)).toCompletableFuture().get(10, TimeUnit.SECONDS).status());
        assertTrue(aborted.get(10, TimeUnit.SECONDS), "the stalled exchange's connection was closed after its headers came");
      }
    }
  }
}
