package io.jackpot.it.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jackpot.it.support.AdminCalls;
import io.jackpot.it.support.Api;
import io.jackpot.it.support.Await;
import io.jackpot.it.support.ProcessCluster;
import io.jackpot.it.support.TestPostgres;
import io.jackpot.pool.MustHit;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A must-drop pool's secret drop time is part of its recorded state: kill -9 of either member (one
 * of them owns the pool) and a cold restart of the whole cluster keep the same commitment, and the
 * win then reveals a drop time that matches the commitment published first.
 */
class DropTimeSurvivesIT {
  static final String TOKEN = "dev-admin-token";
  static final List<String> POOLS = List.of("hourly", "daily");

  static JsonObject definition() {
    return new JsonObject().put("name", "Candy Drops").put("currency", "EUR").put("owner", "demo")
        .put("games", new JsonArray().add("creepy-candy")).put("routing", "ALL")
        .put("pools", new JsonArray()
            .add(new JsonObject().put("key", "hourly").put("name", "Hourly").put("seed", "20.00").put("rate", "0.003")
                .put("trigger", new JsonObject().put("type", "MUST_DROP_BY").put("every", "PT1H")))
            .add(new JsonObject().put("key", "daily").put("name", "Daily").put("seed", "200.00").put("rate", "0.002")
                .put("trigger", new JsonObject().put("type", "MUST_DROP_BY").put("dailyAt", "22:00").put("zone", "Europe/London"))));
  }

  /** Each pool's published trigger as member {@code i} reads it, once it serves them (a member may still be taking over the pools). */
  static Map<String, JsonObject> triggers(ProcessCluster cluster, int i) throws InterruptedException {
    Api api = new Api(cluster.http(i));
    Await.until(() -> POOLS.stream().allMatch(p -> api.get("/v1/jackpots/drops/pools/" + p).status() == 200), Duration.ofSeconds(60),
        () -> "member " + i + " serves the pools");
    return Map.of("hourly", api.pool("drops", "hourly").getJsonObject("trigger"), "daily", api.pool("drops", "daily").getJsonObject("trigger"));
  }

  static void kill(ProcessCluster cluster, int i) throws InterruptedException {
    cluster.process(i).destroyForcibly();
    assertTrue(cluster.process(i).waitFor(30, TimeUnit.SECONDS));
  }

  @Test
  void theDrawnDropTimeSurvivesKillMinusNineAndAColdRestart() throws Exception {
    String pg = TestPostgres.freshDatabase();
    // One member is enough for a quorum here: the other is killed in turn.
    try (ProcessCluster cluster = new ProcessCluster(pg, 2, Map.of("JACKPOT_MIN_MEMBERS", "1"))) {
      cluster.startAll();
      Api.Reply defined = AdminCalls.callAt(cluster.http(0), "PUT", "/v1/admin/jackpots/drops", TOKEN, definition().encode());
      assertEquals(200, defined.status(), defined.body());
      Map<String, JsonObject> first = triggers(cluster, 1);
      assertEquals("22:00", first.get("daily").getString("dailyAt"));
      assertEquals("Europe/London", first.get("daily").getString("zone"));

      // The pools live on one of the two members: killing each in turn kills their owner once.
      for (int dead = 0; dead < 2; dead++) {
        kill(cluster, dead);
        assertEquals(first, triggers(cluster, 1 - dead), "after kill -9 of member " + dead);
        cluster.start(dead);
        cluster.awaitReady(dead);
        assertEquals(first, triggers(cluster, dead), "member " + dead + " back");
      }

      // A cold start: every member gone at once, the pools rebuilt from the ledger.
      kill(cluster, 0);
      kill(cluster, 1);
      cluster.startAll();
      assertEquals(first, triggers(cluster, 0), "after a cold restart");

      for (String pool : POOLS) {
        JsonObject claim = new JsonObject().put("roundId", "DS-" + pool).put("gameId", "creepy-candy").put("playerId", "p-1")
            .put("jackpotId", "drops").put("poolKey", pool).put("currency", "EUR");
        Api.Reply won = new Api(cluster.http(1)).post("/v1/wins", claim.encode());
        assertEquals(200, won.status(), won.body());
        JsonObject win = won.json();
        assertEquals(first.get(pool).getString("commitment"), win.getString("commitment"));
        assertEquals(first.get(pool).getString("dropBy"), win.getString("dropBy"));
        assertTrue(MustHit.verify(win.getString("dropAt"), win.getString("salt"), first.get(pool).getString("commitment")),
            "the revealed drop time is the one committed to before the kills: " + win.encode());
      }
    }
  }
}
