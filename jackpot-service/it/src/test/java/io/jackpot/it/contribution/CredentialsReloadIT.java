package io.jackpot.it.contribution;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.jackpot.JackpotNode;
import io.jackpot.access.json.LiveCredentials;
import io.jackpot.catalogue.DefaultCatalogue;
import io.jackpot.config.ServiceConfig;
import io.jackpot.game.Games;
import io.jackpot.it.support.AdminCalls;
import io.jackpot.it.support.Api;
import io.jackpot.it.support.Await;
import io.jackpot.it.support.TestNodes;
import io.jackpot.it.support.TestPostgres;
import io.vertx.core.json.JsonObject;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Credentials follow their file while the member runs: a key or token taken out of the file is
 * refused from the next reload on, on new requests and on contribution streams opened before
 * (sending or idle), and a key added is taken, with no restart.
 */
class CredentialsReloadIT {
  private static final String KEY_A = "game-key-a-0123456789";
  private static final String KEY_B = "game-key-b-0123456789";
  private static final String TOKEN_A = "admin-token-a-0123456789";
  private static final String TOKEN_B = "admin-token-b-0123456789";

  @TempDir
  Path dir;

  private static String credentials(String key, String token) {
    return """
        {"gameKeys": [{"operator": "demo", "games": ["bewitched", "dont-eat-the-candy", "creepy-candy", "cluster-bear-sweet-wins"],
                       "secret": "%s"}],
         "adminTokens": [{"name": "ops", "role": "admin", "secret": "%s"}]}""".formatted(key, token);
  }

  /** Held by each test: a JDK HttpClient no longer referenced stops reading its WebSockets. */
  private final HttpClient client = HttpClient.newHttpClient();

  /** Credentials from a file of key A and token A, read again every {@code reloadSeconds} by the member (0: only by the test). */
  private LiveCredentials credentialsFile(String reloadSeconds) throws Exception {
    Path file = Files.writeString(dir.resolve("credentials.json"), credentials(KEY_A, TOKEN_A));
    return LiveCredentials.load(Map.of("JACKPOT_CREDENTIALS_FILE", file.toString(), "JACKPOT_CREDENTIALS_RELOAD_SECONDS", reloadSeconds),
        Games.ids());
  }

  private static JackpotNode start(LiveCredentials live, Map<String, String> env) throws Exception {
    ServiceConfig config = ServiceConfig.fromEnv(env).withHttpPort(TestNodes.freePort())
        .withPgUrl(TestPostgres.freshDatabase()).withCluster(TestNodes.ownCluster());
    return JackpotNode.start(config, Clock.systemUTC(), DefaultCatalogue.create()::all, live);
  }

  /** A contribution stream opened with key A. */
  private WebSocket streamOfKeyA(JackpotNode node, ContributionStreamIT.Listener listener) throws Exception {
    return client.newWebSocketBuilder().header("Authorization", "Bearer " + KEY_A)
        .buildAsync(URI.create("ws://127.0.0.1:" + node.httpPort() + "/v1/contributions/stream"), listener).get(10, TimeUnit.SECONDS);
  }

  private static void send(WebSocket stream, long id, String round) {
    stream.sendText(new JsonObject(Api.batch(Api.contribution(round, "bewitched", "1.00", "0.10"))).put("id", id).encode(), true);
  }

  @Test
  void aKeyTakenOutOfTheFileIsRefusedFromTheNextReloadOnStreamsIncluded() throws Exception {
    Path file = dir.resolve("credentials.json");
    try (JackpotNode node = start(credentialsFile("1"), Map.of())) {
      Api api = new Api(node.httpPort());
      ContributionStreamIT.Listener listener = new ContributionStreamIT.Listener();
      WebSocket stream = streamOfKeyA(node, listener);
      send(stream, 1, "CRED-1");
      assertEquals(200, listener.answerTo(1).get(10, TimeUnit.SECONDS).getInteger("status"));
      assertEquals(200, contribute(api, "CRED-2", KEY_A).status());
      assertEquals(200, AdminCalls.callAt(node.httpPort(), "GET", "/v1/admin/jackpots", TOKEN_A).status());

      Files.writeString(file, credentials(KEY_B, TOKEN_B));
      // The member reads the file again every second; a look-up (which changes nothing) tells when it has.
      Await.until(() -> lookUp(node, KEY_A).status() == 401, Duration.ofSeconds(15),
          () -> "the old key is refused after a reload");
      Api.Reply revoked = contribute(api, "CRED-3", KEY_A);
      assertEquals(401, revoked.status(), revoked.body());
      assertEquals(401, AdminCalls.callAt(node.httpPort(), "GET", "/v1/admin/jackpots", TOKEN_A).status(), "so is the old token");
      assertEquals(200, AdminCalls.callAt(node.httpPort(), "GET", "/v1/admin/jackpots", TOKEN_B).status(), "the new token is taken");

      // The stream opened with the old key takes nothing more, and is closed.
      send(stream, 2, "CRED-4");
      JsonObject refused = listener.answerTo(2).get(10, TimeUnit.SECONDS);
      assertEquals(401, refused.getInteger("status"), refused.encode());
      assertEquals("UNAUTHENTICATED", refused.getJsonObject("error").getString("code"));
      assertEquals(1008, listener.closed.get(10, TimeUnit.SECONDS));

      // Nothing of it was applied: the new key sends the same rounds as new ones.
      for (String round : new String[] {"CRED-3", "CRED-4"}) {
        Api.Reply fresh = contribute(api, round, KEY_B);
        assertEquals(200, fresh.status(), fresh.body());
        assertEquals("APPLIED", Api.results(fresh).getJsonObject(0).getString("status"), fresh.body());
      }
    }
  }

  /** A stream that sends nothing is closed at its first ping (every second here) after its key is revoked. */
  @Test
  void anIdleStreamOfARevokedKeyIsClosedAtItsNextPing() throws Exception {
    LiveCredentials live = credentialsFile("0");
    try (JackpotNode node = start(live, Map.of("JACKPOT_STREAM_PING_SECONDS", "1"))) {
      ContributionStreamIT.Listener idle = new ContributionStreamIT.Listener();
      streamOfKeyA(node, idle);
      Files.writeString(dir.resolve("credentials.json"), credentials(KEY_B, TOKEN_B));
      Assertions.assertTrue(live.reload());
      assertEquals(1008, idle.closed.get(10, TimeUnit.SECONDS), "closed at its next ping");
    }
  }

  /** A key whose list of games changed is held to the new list from a stream's next batch. */
  @Test
  void aStreamFollowsItsKeysNewListOfGames() throws Exception {
    LiveCredentials live = credentialsFile("0");
    try (JackpotNode node = start(live, Map.of())) {
      ContributionStreamIT.Listener listener = new ContributionStreamIT.Listener();
      WebSocket stream = streamOfKeyA(node, listener);
      send(stream, 1, "GAMES-1");
      assertEquals("APPLIED", listener.answerTo(1).get(10, TimeUnit.SECONDS).getJsonArray("results").getJsonObject(0)
          .getString("status"));

      Files.writeString(dir.resolve("credentials.json"), credentials(KEY_A, TOKEN_A).replace("\"bewitched\", ", ""));
      Assertions.assertTrue(live.reload());
      send(stream, 2, "GAMES-2");
      JsonObject result = listener.answerTo(2).get(10, TimeUnit.SECONDS).getJsonArray("results").getJsonObject(0);
      assertEquals("REJECTED", result.getString("status"), result.encode());
      assertEquals("GAME_NOT_LINKED", result.getJsonObject("error").getString("code"), result.encode());
    }
  }

  private static Api.Reply lookUp(JackpotNode node, String key) {
    return AdminCalls.callAt(node.httpPort(), "GET", "/v1/wins?roundId=CRED-0", key);
  }

  private static Api.Reply contribute(Api api, String round, String key) {
    return api.post("/v1/contributions", Api.batch(Api.contribution(round, "bewitched", "1.00", "0.10")), "application/json", key);
  }
}
