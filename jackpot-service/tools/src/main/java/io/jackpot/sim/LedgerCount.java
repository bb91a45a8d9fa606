package io.jackpot.sim;

import io.jackpot.ledger.Ledger;
import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;

/** Asks the admin API how many rounds and pool shares the ledger holds under a run's prefix. */
final class LedgerCount {
  private final List<String> adminEndpoints;
  private final String adminToken;
  private final PrintStream progress;

  LedgerCount(List<String> adminEndpoints, String adminToken, PrintStream progress) {
    this.adminEndpoints = adminEndpoints;
    this.adminToken = adminToken;
    this.progress = progress;
  }

  /** Asks each admin endpoint in turn; both counts -1 if none answered. */
  Ledger.RoundCount under(String prefix) throws InterruptedException {
    for (String endpoint : adminEndpoints) {
      try {
        HttpRequest request = HttpRequest.newBuilder(URI.create(endpoint + "/v1/admin/rounds/count?prefix=" + prefix))
            .header("Authorization", "Bearer " + adminToken).timeout(Duration.ofSeconds(60)).GET().build();
        HttpResponse<String> response = HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() == 200) {
          JsonObject counts = new JsonObject(response.body());
          return new Ledger.RoundCount(counts.getLong("rounds"), counts.getLong("contributions"));
        }
        progress.printf("could not count the ledger's rounds at %s: %d %s%n", endpoint, response.statusCode(), response.body());
      } catch (IOException e) {
        progress.printf("could not count the ledger's rounds at %s (%s)%n", endpoint, e);
      }
    }
    return new Ledger.RoundCount(-1, -1);
  }
}
