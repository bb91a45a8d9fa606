package io.jackpot.sdk;

import static io.jackpot.sdk.Clients.assertEachApplied;
import static io.jackpot.sdk.Clients.c;
import static io.jackpot.sdk.Clients.config;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/**
 * The SDK's delivery rules against a scripted HTTP service on loopback (over HTTP/1.1: the JDK has
 * no WebSocket server; the WebSocket transport meets the real service in the service's SdkIT,
 * LoadRunIT and ContributionStreamIT).
 */
class HttpJackpotContributorTest {
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
