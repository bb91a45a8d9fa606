package io.jackpot.it.contribution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jackpot.JackpotNode;
import io.jackpot.catalogue.DefaultCatalogue;
import io.jackpot.config.ServiceConfig;
import io.jackpot.it.support.Await;
import io.jackpot.it.support.OneNode;
import io.jackpot.it.support.SimplePg;
import io.jackpot.it.support.TestNodes;
import io.jackpot.it.support.TestPostgres;
import io.jackpot.sdk.Contribution;
import io.jackpot.sdk.ContributorConfig;
import io.jackpot.sdk.GameNumbers;
import io.jackpot.sdk.JackpotContributor;
import io.jackpot.sdk.JackpotException;
import io.jackpot.sdk.RoundResult;
import io.jackpot.sdk.Win;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The contributor SDK against the real service, which stops and starts again in the middle of a stream. */
public class SdkIT {
  public static JackpotNode start(String pg, int http) throws Exception {
    ServiceConfig config = ServiceConfig.fromEnv(Map.of()).withHttpPort(http).withPgUrl(pg).withCluster(TestNodes.ownCluster());
    return JackpotNode.start(config, Clock.systemUTC(), DefaultCatalogue.create());
  }

  static ContributorConfig.Builder sdkFor(int http, String gameId) {
    return ContributorConfig.custom().endpoint("http://127.0.0.1:" + http).gameKey("dev-game-key").gameId(gameId);
  }

  /** Over HTTP/1.1 and over the WebSocket stream, whose connection drops with the service. */
  @ParameterizedTest
  @EnumSource(names = {"HTTP_1_1", "WEBSOCKET"})
  void everyContributionReachesTheLedgerExactlyOnceAcrossARestart(ContributorConfig.Transport transport) throws Exception {
    String pg = TestPostgres.freshDatabase();
    int http = TestNodes.freePort();
    JackpotNode first = start(pg, http);
    ContributorConfig config = sdkFor(http, "creepy-candy").transport(transport).batchSize(100).linger(Duration.ofMillis(2)).retryBackoff(Duration.ofMillis(20), Duration.ofMillis(500))
        .requestTimeout(Duration.ofSeconds(5)).build();
    GameNumbers numbers = GameNumbers.withPrefix("CC");  // a fresh database per run: the prefix is the test's alone
    List<CompletableFuture<RoundResult>> results = new CopyOnWriteArrayList<>();
    JackpotNode second = null;
    try (JackpotContributor sdk = JackpotContributor.of(config)) {
      for (int i = 0; i < 1000; i++) {
        results.add(sdk.contribute(Contribution.of(numbers.next(), "p-" + (i % 37), (1 + i % 5) + ".00", "EUR"))
            .toCompletableFuture());
      }
      // Stop the service while part of the stream is still held by the SDK.
      Await.until(() -> results.stream().filter(CompletableFuture::isDone).count() >= 200, Duration.ofSeconds(30),
          () -> "the stream got going");
      long stopping = System.nanoTime();
      first.close();
      first = null;
      // An open contribution stream is closed by the stop (1001), not waited for (HTTP's 30 s shutdown grace).
      long stopMillis = (System.nanoTime() - stopping) / 1_000_000;
      assertTrue(stopMillis < 15_000, "the stop took " + stopMillis + " ms");
      for (int i = 1000; i < 2000; i++) {
        results.add(sdk.contribute(Contribution.of(numbers.next(), "p-" + (i % 37), (1 + i % 5) + ".00", "EUR"))
            .toCompletableFuture());
      }
      assertTrue(sdk.held() > 0, "the SDK holds what the stopped service could not take");
      second = start(pg, http);
      CompletableFuture.allOf(results.toArray(CompletableFuture[]::new)).get(90, TimeUnit.SECONDS);
      for (var r : results) {
        RoundResult result = r.join();
        assertTrue(result.status() == RoundResult.Status.APPLIED || result.status() == RoundResult.Status.DUPLICATE, result.toString());
      }
      List<Win> wins = sdk.findWins("no-such-round").toCompletableFuture().get(10, TimeUnit.SECONDS);
      assertEquals(List.of(), wins);
    } finally {
      if (first != null) {
        first.close();
      }
    }
    try (SimplePg sql = SimplePg.of(pg)) {
      assertEquals(2000, sql.count("SELECT count(*) FROM rounds WHERE round_id LIKE 'CC-%'"), "every round recorded once");
      assertEquals(8000, sql.count("SELECT count(*) FROM contributions WHERE round_id LIKE 'CC-%'"), "four candy tiers each");
    }
    try {
      OneNode.assertBalanced(second.httpPort());
    } finally {
      second.close();
    }
  }

  @Test
  void aClaimThroughTheSdkIsAnsweredAndRefusalsAreClear() throws Exception {
    String pg = TestPostgres.freshDatabase();
    int http = TestNodes.freePort();
    JackpotNode node = start(pg, http);
    ContributorConfig config = sdkFor(http, "bewitched").build();
    try (JackpotContributor sdk = JackpotContributor.of(config)) {
      List<Win> announced = new CopyOnWriteArrayList<>();
      sdk.onJackpotWon(announced::add).toCompletableFuture().get(10, TimeUnit.SECONDS);
      Win win = sdk.claim("SDK-W", "p-1", "bewitched", "cv-0.10", "EUR").toCompletableFuture().get(10, TimeUnit.SECONDS);
      assertEquals("200.000000", win.amount().toPlainString());
      assertEquals(win, sdk.claim("SDK-W", "p-1", "bewitched", "cv-0.10", "EUR").toCompletableFuture().get(10, TimeUnit.SECONDS));
      assertEquals(List.of(win), sdk.findWins("SDK-W").toCompletableFuture().get(10, TimeUnit.SECONDS));
      var refused = sdk.claim("SDK-X", "p-1", "bewitched", "cv-0.03", "EUR").toCompletableFuture();
      var error = Assertions.assertThrows(ExecutionException.class, () -> refused.get(10, TimeUnit.SECONDS));
      assertEquals("UNKNOWN_POOL", ((JackpotException) error.getCause()).code());
      RoundResult rejected = sdk.contribute(Contribution.of("SDK-R", "p", "1.49", "EUR").withCoinValue("0.10"))
          .toCompletableFuture().get(10, TimeUnit.SECONDS);
      assertEquals(RoundResult.Status.REJECTED, rejected.status());
      assertEquals("INVALID_STAKE", rejected.errorCode());
      sdk.claim("SDK-W2", "p-2", "bewitched", "cv-0.20", "EUR").toCompletableFuture().get(10, TimeUnit.SECONDS);
      Await.until(() -> announced.stream().anyMatch(w -> w.roundId().equals("SDK-W2")), Duration.ofSeconds(30),
          () -> "the win reached the SDK's listener");
    } finally {
      node.close();
    }
  }
}
