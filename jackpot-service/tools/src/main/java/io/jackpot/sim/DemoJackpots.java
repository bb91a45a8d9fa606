package io.jackpot.sim;

import io.jackpot.game.Games;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The jackpots {@code scripts/run --demo} adds to the default catalogue, defined through the admin
 * API when the service does not have them: Candy Daily Drops, fed by the three candy games.
 */
public final class DemoJackpots {
  public static final String CANDY_DROPS = "candy-drops";

  private static final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  private DemoJackpots() {}

  /** Definitions by jackpot id, in the admin API's format (docs/admin.md). */
  static Map<String, JsonObject> all() {
    return Map.of(CANDY_DROPS, candyDrops());
  }

  /** An hourly and a daily drop, and an epic pool that must hit by 5,000.00. */
  static JsonObject candyDrops() {
    return new JsonObject().put("name", "Candy Daily Drops").put("currency", "EUR").put("owner", "demo")
        .put("games", new JsonArray().add(Games.DONT_EAT_THE_CANDY).add(Games.CREEPY_CANDY).add(Games.CLUSTER_BEAR))
        .put("routing", "ALL")
        .put("pools", new JsonArray()
            .add(pool("hourly", "Hourly Drop", "20.00", "0.003", new JsonObject().put("type", "MUST_DROP_BY").put("every", "PT1H")))
            .add(pool("daily", "Daily Drop", "200.00", "0.002",
                new JsonObject().put("type", "MUST_DROP_BY").put("dailyAt", "22:00").put("zone", "Europe/London")))
            .add(pool("epic", "Epic", "1000.00", "0.001", new JsonObject().put("type", "MUST_HIT_BY")).put("ceiling", "5000.00")));
  }

  private static JsonObject pool(String key, String name, String seed, String rate, JsonObject trigger) {
    return new JsonObject().put("key", key).put("name", name).put("seed", seed).put("rate", rate).put("trigger", trigger);
  }

  /**
   * Defines each demo jackpot the service at {@code adminBase} does not know; a jackpot it has
   * (from an earlier run, perhaps changed by an operator) is left as it is. The ids defined.
   */
  public static List<String> defineMissing(String adminBase, String adminToken) throws IOException, InterruptedException {
    List<String> defined = new ArrayList<>();
    for (var e : all().entrySet()) {
      String path = "/v1/admin/jackpots/" + e.getKey();
      HttpResponse<String> found = send(adminBase, adminToken, "GET", path, null);
      if (found.statusCode() == 404) {
        HttpResponse<String> put = send(adminBase, adminToken, "PUT", path, e.getValue().encode());
        if (put.statusCode() != 200) {
          throw new IOException("PUT " + path + " -> " + put.statusCode() + " " + put.body());
        }
        defined.add(e.getKey());
      } else if (found.statusCode() != 200) {
        throw new IOException("GET " + path + " -> " + found.statusCode() + " " + found.body());
      }
    }
    return defined;
  }

  private static HttpResponse<String> send(String base, String token, String method, String path, String body)
      throws IOException, InterruptedException {
    HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(30))
        .header("Authorization", "Bearer " + token)
        .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
    if (body != null) {
      b.header("Content-Type", "application/json");
    }
    return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
  }
}
