package io.jackpot.sdk;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/** The SDK clients, rounds and win the tests against {@link FakeService} use. */
final class Clients {
  private Clients() {}

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
  static CompletableFuture<Win> claimR7(JackpotContributor sdk) {
    return sdk.claim("R-7", "p", "bewitched", "cv-0.10", "EUR").toCompletableFuture();
  }

  /** A client of an endpoint where nothing listens, with requests timed out after 200 ms. */
  static JackpotContributor unreachable() throws IOException {
    int port;
    try (ServerSocket s = new ServerSocket(0)) {
      port = s.getLocalPort();
    }
    return JackpotContributor.of(config("http://127.0.0.1:" + port).requestTimeout(Duration.ofMillis(200)).build());
  }

  static final String WIN = """
      {"winId": "bewitched/cv-0.10/1", "jackpotId": "bewitched", "poolKey": "cv-0.10", "sequence": 1, "roundId": "R-7",
       "playerId": "p", "gameId": "bewitched", "amount": "201.500000", "currency": "EUR", "amountInCurrency": "201.50",
       "seed": "200.000000", "wonAt": "2026-11-21T13:45:01.123Z", "trigger": "CLAIM", "hitPoint": null}""";
}
