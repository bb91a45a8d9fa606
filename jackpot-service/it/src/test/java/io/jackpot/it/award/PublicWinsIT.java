package io.jackpot.it.award;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jackpot.JackpotNode;
import io.jackpot.catalogue.DefaultCatalogue;
import io.jackpot.config.ServiceConfig;
import io.jackpot.it.support.AdminCalls;
import io.jackpot.it.support.Api;
import io.jackpot.it.support.TestNodes;
import io.jackpot.it.support.TestPostgres;
import io.jackpot.it.ticker.TickerIT;
import io.vertx.core.json.JsonObject;
import java.net.http.WebSocket;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * JACKPOT_PUBLIC_WINS=anonymous: the reads anyone may make (the ticker, GET /v1/jackpots...) show
 * a win without its player and round; the game that won and the operators see all of it.
 */
class PublicWinsIT {
  private static boolean anonymous(JsonObject win) {
    return win != null && win.getString("winId") != null && !win.containsKey("playerId") && !win.containsKey("roundId");
  }

  @Test
  void thePublicSeesWhatWasWonNotByWhom() throws Exception {
    ServiceConfig config = ServiceConfig.fromEnv(Map.of("JACKPOT_PUBLIC_WINS", "anonymous")).withHttpPort(TestNodes.freePort())
        .withPgUrl(TestPostgres.freshDatabase()).withCluster(TestNodes.ownCluster());
    try (JackpotNode node = JackpotNode.start(config, Clock.systemUTC(), DefaultCatalogue.create())) {
      Api api = new Api(node.httpPort());
      TickerIT.Listener ticker = new TickerIT.Listener();
      WebSocket ws = TickerIT.connect(node, "?jackpots=bewitched", ticker);
      assertNotNull(ticker.await(m -> "snapshot".equals(m.getString("type")), Duration.ofSeconds(10)));

      api.post("/v1/contributions", Api.batch(Api.contribution("PUB-C-1", "bewitched", "2.00", "0.10")));
      JsonObject won = api.post("/v1/wins", Api.claim("PUB-W-1", "bewitched", "cv-0.10")).json();
      assertEquals("PUB-W-1", won.getString("roundId"), "the game's own answer is whole");
      assertEquals("p-PUB-W-1", won.getString("playerId"));
      String winId = won.getString("winId");
      assertEquals("p-PUB-W-1", api.get("/v1/wins/" + winId).json().getString("playerId"));

      JsonObject announced = ticker.await(m -> "win".equals(m.getString("type")), Duration.ofSeconds(10));
      assertTrue(anonymous(announced), String.valueOf(announced));
      assertEquals(winId, announced.getString("winId"));
      assertEquals("bewitched", announced.getString("gameId"), "which game won stays public");

      JsonObject pool = api.get("/v1/jackpots/bewitched/pools/cv-0.10").json();
      assertTrue(anonymous(pool.getJsonObject("lastWin")), pool.encode());
      JsonObject listed = api.get("/v1/jackpots").json().getJsonArray("jackpots").stream().map(JsonObject.class::cast)
          .filter(j -> "bewitched".equals(j.getString("id"))).findFirst().orElseThrow();
      assertTrue(listed.getJsonArray("pools").stream().map(JsonObject.class::cast)
          .filter(p -> "cv-0.10".equals(p.getString("key"))).allMatch(p -> anonymous(p.getJsonObject("lastWin"))), listed.encode());

      TickerIT.Listener late = new TickerIT.Listener();
      WebSocket lateWs = TickerIT.connect(node, "?jackpots=bewitched", late);
      JsonObject snapshot = late.await(m -> "snapshot".equals(m.getString("type")), Duration.ofSeconds(10));
      JsonObject snapshotWin = snapshot.getJsonArray("jackpots").getJsonObject(0).getJsonArray("pools").stream()
          .map(JsonObject.class::cast).filter(p -> "cv-0.10".equals(p.getString("key"))).findFirst().orElseThrow()
          .getJsonObject("lastWin");
      assertTrue(anonymous(snapshotWin), String.valueOf(snapshotWin));

      JsonObject admin = AdminCalls.callAt(node.httpPort(), "GET", "/v1/admin/jackpots/bewitched", "dev-viewer-token").json();
      JsonObject adminWin = admin.getJsonArray("pools").stream().map(JsonObject.class::cast)
          .filter(p -> "cv-0.10".equals(p.getString("key"))).findFirst().orElseThrow().getJsonObject("lastWin");
      assertEquals("p-PUB-W-1", adminWin.getString("playerId"), "operators see all of it");
      assertFalse(anonymous(adminWin));
      ws.sendClose(WebSocket.NORMAL_CLOSURE, "done").join();
      lateWs.sendClose(WebSocket.NORMAL_CLOSURE, "done").join();
    }
  }
}
