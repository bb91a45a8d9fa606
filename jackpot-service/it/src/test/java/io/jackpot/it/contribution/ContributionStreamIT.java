package io.jackpot.it.contribution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.jackpot.it.support.Api;
import io.jackpot.it.support.JsonMessages;
import io.jackpot.it.support.OneNode;
import io.jackpot.it.support.SimplePg;
import io.jackpot.it.support.TestNodes;
import io.jackpot.sdk.Contribution;
import io.jackpot.sdk.ContributorConfig;
import io.jackpot.sdk.JackpotContributor;
import io.jackpot.sdk.RoundResult;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.net.http.WebSocketHandshakeException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** GET /v1/contributions/stream: the POST's batches as WebSocket messages, paired by id. */
public class ContributionStreamIT extends OneNode {
  private static final Duration WAIT = Duration.ofSeconds(10);

  /** Keeps every answer by its id (they may come in any order); remembers how the connection closed. */
  public static final class Listener extends JsonMessages {
    private final Map<Long, CompletableFuture<JsonObject>> answers;

    public Listener() {
      this(new ConcurrentHashMap<>());
    }

    private Listener(Map<Long, CompletableFuture<JsonObject>> answers) {
      super(m -> answers.computeIfAbsent(m.getLong("id"), k -> new CompletableFuture<>()).complete(m));
      this.answers = answers;
    }

    public CompletableFuture<JsonObject> answerTo(long id) {
      return answers.computeIfAbsent(id, k -> new CompletableFuture<>());
    }
  }

  private static CompletableFuture<WebSocket> open(String key, Listener listener) {
    WebSocket.Builder b = HttpClient.newHttpClient().newWebSocketBuilder();
    if (key != null) {
      b.header("Authorization", "Bearer " + key);
    }
    return b.buildAsync(URI.create("ws://127.0.0.1:" + node.httpPort() + "/v1/contributions/stream"), listener);
  }

  private static JsonObject answer(Listener l, long id) throws Exception {
    return l.answerTo(id).get(WAIT.toSeconds(), TimeUnit.SECONDS); // throws if message id is not answered in time
  }

  private static String message(long id, String batch) {
    return new JsonObject(batch).put("id", id).encode();
  }

  @Test
  void aMessageOverTheLimitClosesTheConnectionWithAReason() throws Exception {
    // It cannot be answered (its id is in what was refused): closed with 1009, not left waiting for ever.
    Listener l = new Listener();
    WebSocket ws = open(Api.GAME_KEY, l).join();
    String huge = message(1, Api.batch(Api.contribution("WS-HUGE", "bewitched", "1.00", "0.10").replace("\"p-1\"",
        "\"" + "x".repeat(1_100_000) + "\"")));
    ws.sendText(huge, true).join();
    assertEquals(1009, l.closed.get(10, TimeUnit.SECONDS));
  }

  @Test
  void moreBatchesPipelinedThanAConnectionMayHaveUnderWayAreAllAnswered() throws Exception {
    // Past the limit the member reads the connection no further until answers go out; nothing is lost.
    Listener l = new Listener();
    WebSocket ws = open(Api.GAME_KEY, l).get(10, TimeUnit.SECONDS);
    int n = 400; // above ContributionStream.MAX_PENDING (128)
    for (int i = 1; i <= n; i++) {
      ws.sendText(message(1000 + i, Api.batch(Api.contribution("PIPE-" + i, "bewitched", "1.00", "0.10"))), true).join();
    }
    for (int i = 1; i <= n; i++) {
      assertEquals(200, answer(l, 1000 + i).getInteger("status"));
    }
    try (SimplePg sql = SimplePg.of(pgUrl)) {
      assertEquals(n, sql.count("SELECT count(*) FROM rounds WHERE round_id LIKE 'PIPE-%'"));
    }
  }

  @Test
  void batchesAreAnsweredByIdWithThePostsResultsAndRefusals() throws Exception {
    Listener l = new Listener();
    WebSocket ws = open(Api.GAME_KEY, l).get(10, TimeUnit.SECONDS);
    String batch = Api.batch(Api.contribution("WS-1", "bewitched", "2.00", "0.10"), Api.contribution("WS-2", "bewitched", "1.00", "0.10"));
    ws.sendText(message(1, batch), true).join();
    JsonObject first = answer(l, 1);
    assertEquals(200, first.getInteger("status"));
    JsonArray results = first.getJsonArray("results");
    assertEquals(2, results.size());
    assertEquals("APPLIED", results.getJsonObject(0).getString("status"));
    assertEquals("WS-2", results.getJsonObject(1).getString("roundId"));

    ws.sendText(message(2, batch), true).join();
    assertEquals("DUPLICATE", answer(l, 2).getJsonArray("results").getJsonObject(0).getString("status"), "idempotent by round id");

    ws.sendText(message(3, "{\"contributions\":[]}"), true).join();
    JsonObject refused = answer(l, 3);
    assertEquals(400, refused.getInteger("status"));
    assertEquals("EMPTY_BATCH", refused.getJsonObject("error").getString("code"));

    // Two in flight at once; their answers may come in either order.
    ws.sendText(message(4, Api.batch(Api.contribution("WS-3", "bewitched", "1.00", "0.10"))), true).join();
    ws.sendText(message(5, Api.batch(Api.contribution("WS-4", "bewitched", "1.00", "0.10"))), true).join();
    assertEquals("WS-3", answer(l, 4).getJsonArray("results").getJsonObject(0).getString("roundId"));
    assertEquals("WS-4", answer(l, 5).getJsonArray("results").getJsonObject(0).getString("roundId"));
    try (SimplePg sql = SimplePg.of(pgUrl)) {
      assertEquals(4, sql.count("SELECT count(*) FROM rounds WHERE round_id LIKE 'WS-%'"), "each round recorded once");
    }

    ws.sendText("{\"contributions\": []}", true).join();
    assertEquals(1007, l.closed.get(10, TimeUnit.SECONDS), "a message without an id cannot be answered: closed");
  }

  /** The SDK's WebSocket transport passes over an endpoint that refuses connections to the next. */
  @Test
  void theSdkFailsOverPastADeadEndpoint() throws Exception {
    int dead = TestNodes.freePort();
    var config = ContributorConfig.custom().endpoint("http://127.0.0.1:" + dead).endpoint("http://127.0.0.1:" + node.httpPort())
        .gameKey(Api.GAME_KEY).gameId("bewitched").transport(ContributorConfig.Transport.WEBSOCKET)
        .retryBackoff(Duration.ofMillis(10), Duration.ofMillis(100)).build();
    try (var sdk = JackpotContributor.of(config)) {
      var results = new ArrayList<CompletableFuture<RoundResult>>();
      for (int i = 0; i < 50; i++) {
        results.add(sdk.contribute(Contribution.of("WSF-" + i, "p", "1.00", "EUR").withCoinValue("0.10")).toCompletableFuture());
      }
      for (var r : results) {
        assertEquals(RoundResult.Status.APPLIED, r.get(30, TimeUnit.SECONDS).status());
      }
    }
    try (SimplePg sql = SimplePg.of(pgUrl)) {
      assertEquals(50, sql.count("SELECT count(*) FROM rounds WHERE round_id LIKE 'WSF-%'"));
    }
  }

  @Test
  void theUpgradeNeedsAGameKey() {
    var unknown = assertThrows(CompletionException.class, () -> open("no-such-key", new Listener()).join());
    assertEquals(401, assertInstanceOf(WebSocketHandshakeException.class, unknown.getCause()).getResponse().statusCode());
    var admin = assertThrows(CompletionException.class, () -> open("dev-admin-token", new Listener()).join());
    assertEquals(403, assertInstanceOf(WebSocketHandshakeException.class, admin.getCause()).getResponse().statusCode());
    Api.Reply plain = api.get("/v1/contributions/stream");
    assertEquals(400, plain.status(), plain.body());
    assertEquals("WEBSOCKET_REQUIRED", plain.json().getJsonObject("error").getString("code"));
  }
}
