package io.jackpot.it.admin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jackpot.JackpotNode;
import io.jackpot.catalogue.DefaultCatalogue;
import io.jackpot.config.ServiceConfig;
import io.jackpot.it.support.Api;
import io.jackpot.it.support.TestNodes;
import io.jackpot.it.support.TestPostgres;
import io.jackpot.sdk.ContributorConfig;
import io.jackpot.sim.LoadRun;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * JACKPOT_ADMIN_PORT: the admin API and /metrics are served on their own port and nowhere else,
 * the games' and players' endpoints only on the API's; health on both.
 */
class AdminPortIT {
  private static final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
      .connectTimeout(Duration.ofSeconds(5)).build();
  private static JackpotNode node;

  @BeforeAll
  static void start() throws Exception {
    ServiceConfig config = ServiceConfig.fromEnv(Map.of()).withHttpPort(TestNodes.freePort()).withAdminPort(TestNodes.freePort())
        .withPgUrl(TestPostgres.freshDatabase()).withCluster(TestNodes.ownCluster());
    node = JackpotNode.start(config, Clock.systemUTC(), DefaultCatalogue.create());
  }

  @AfterAll
  static void stop() throws Exception {
    node.close();
  }

  private static HttpResponse<String> send(int port, String method, String path, String token, String body) throws Exception {
    HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).timeout(Duration.ofSeconds(30))
        .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
    if (token != null) {
      b.header("Authorization", "Bearer " + token);
    }
    if (body != null) {
      b.header("Content-Type", "application/json");
    }
    return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
  }

  private static void assertNotServed(HttpResponse<String> r) {
    assertEquals(404, r.statusCode(), r.body());
    assertTrue(r.body().contains("NOT_FOUND"), r.body());
  }

  @Test
  void theOperatorsEndpointsAreOnTheAdminPortOnly() throws Exception {
    int api = node.httpPort();
    int admin = node.adminPort();
    assertTrue(api != admin);
    assertEquals(200, send(admin, "GET", "/v1/admin/jackpots", "dev-admin-token", null).statusCode());
    HttpResponse<String> metrics = send(admin, "GET", "/metrics", null, null);
    assertEquals(200, metrics.statusCode());
    assertTrue(metrics.body().contains("jackpot_"), "the service's own meters");
    assertEquals(401, send(admin, "GET", "/v1/admin/jackpots", null, null).statusCode(), "still behind the admin token");

    assertNotServed(send(api, "GET", "/v1/admin/jackpots", "dev-admin-token", null));
    assertNotServed(send(api, "POST", "/v1/admin/jackpots/bewitched/pools/cv-0.10/pause", "dev-admin-token", "{}"));
    assertNotServed(send(api, "GET", "/metrics", null, null));
  }

  @Test
  void theGamesEndpointsAreOnTheApiPortOnly() throws Exception {
    int api = node.httpPort();
    int admin = node.adminPort();
    String batch = Api.batch(Api.contribution("BW-20261122-090000-000001", "bewitched", "2.00", "0.10"));
    HttpResponse<String> applied = send(api, "POST", "/v1/contributions", Api.GAME_KEY, batch);
    assertEquals(200, applied.statusCode(), applied.body());
    assertTrue(applied.body().contains("APPLIED"), applied.body());
    assertEquals(200, send(api, "GET", "/v1/jackpots", Api.GAME_KEY, null).statusCode());
    assertEquals(200, send(api, "GET", "/", null, null).statusCode(), "the ticker page");

    assertNotServed(send(admin, "POST", "/v1/contributions", Api.GAME_KEY, batch));
    assertNotServed(send(admin, "GET", "/v1/jackpots", Api.GAME_KEY, null));
    assertNotServed(send(admin, "GET", "/", null, null));
  }

  @Test
  void theLoadGeneratorChecksTheLedgerAtTheAdminPort() throws Exception {
    String api = "http://127.0.0.1:" + node.httpPort();
    String admin = "http://127.0.0.1:" + node.adminPort();
    ByteArrayOutputStream progress = new ByteArrayOutputStream();
    LoadRun.Summary s = new LoadRun(new LoadRun.Settings(api, Api.GAME_KEY,
        "dev-viewer-token", 2, 400, 0, 50, 100, 1000, ContributorConfig.DEFAULT_TRANSPORT, admin),
        new PrintStream(progress, true)).run();
    assertEquals(400, s.acknowledged(), s.toString());
    assertEquals(400, s.ledgerRounds(), progress.toString());
    assertTrue(s.ok(), s.toString());
  }

  @Test
  void healthAndTheApiDescriptionAreOnBoth() throws Exception {
    for (int port : new int[] {node.httpPort(), node.adminPort()}) {
      assertEquals(200, send(port, "GET", "/health/live", null, null).statusCode());
      assertEquals(200, send(port, "GET", "/health/ready", null, null).statusCode());
      assertEquals(200, send(port, "GET", "/openapi.yaml", null, null).statusCode());
    }
  }
}
