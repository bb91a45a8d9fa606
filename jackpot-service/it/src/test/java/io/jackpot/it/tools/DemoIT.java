package io.jackpot.it.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jackpot.JackpotNode;
import io.jackpot.it.contribution.SdkIT;
import io.jackpot.it.support.Api;
import io.jackpot.it.support.Await;
import io.jackpot.it.support.OneNode;
import io.jackpot.it.support.SimplePg;
import io.jackpot.it.support.TestNodes;
import io.jackpot.it.support.TestPostgres;
import io.jackpot.sim.DemoJackpots;
import io.jackpot.sim.DemoPlayers;
import io.vertx.core.json.JsonObject;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The simulated players of the four seed games and the demo's own jackpot, through the SDK, against the real service. */
class DemoIT {
  @Test
  void everySimulatedRoundIsRecordedOnceTheGamesWinJackpotsAndCandyDropsGrow() throws Exception {
    String pg = TestPostgres.freshDatabase();
    JackpotNode node = SdkIT.start(pg, TestNodes.freePort());
    try {
      String base = "http://127.0.0.1:" + node.httpPort();
      assertEquals(List.of(DemoJackpots.CANDY_DROPS), DemoJackpots.defineMissing(base, "dev-admin-token"));
      assertEquals(List.of(), DemoJackpots.defineMissing(base, "dev-admin-token"), "defined once");
      Api api = new Api(node.httpPort());
      Await.until(() -> api.get("/v1/jackpots/" + DemoJackpots.CANDY_DROPS).status() == 200, Duration.ofSeconds(30),
          () -> "the demo's jackpot is live");
      DemoPlayers demo = DemoPlayers.start("http://127.0.0.1:" + node.httpPort(), "dev-game-key", 2, Duration.ofMillis(5), 40, 42);
      try {
        Await.until(() -> demo.counts().applied() >= 800 && demo.counts().wins() >= 3, Duration.ofSeconds(60),
            () -> "the demo plays and wins: " + demo.counts());
      } finally {
        demo.close();
      }
      // Closing delivered every round the players had started.
      DemoPlayers.Counts counts = demo.counts();
      assertEquals(0, counts.refused(), "every simulated bet is valid for its game: " + counts);
      assertEquals(0, counts.failed(), counts.toString());
      try (SimplePg sql = SimplePg.of(pg)) {
        assertEquals(counts.rounds(), sql.count("SELECT count(*) FROM rounds WHERE round_id LIKE 'DEMO-%'"), "every round once");
        for (String game : new String[] {"bewitched", "dont-eat-the-candy", "creepy-candy", "cluster-bear-sweet-wins"}) {
          assertTrue(sql.count("SELECT count(*) FROM rounds WHERE game_id = '" + game + "'") > 0, game + " played");
        }
        assertTrue(sql.count("SELECT count(*) FROM wins WHERE round_id LIKE 'DEMO-%'") >= 3, "jackpots won");
        // Every candy round feeds both jackpots its game is linked to.
        String rounds = "SELECT count(DISTINCT round_id) FROM contributions WHERE round_id LIKE 'DEMO-%' AND jackpot_id = ";
        long candy = sql.count(rounds + "'candy'");
        assertTrue(candy > 0, "candy rounds");
        assertEquals(candy, sql.count(rounds + "'" + DemoJackpots.CANDY_DROPS + "'"), "candy rounds feed Candy Daily Drops too");
        assertEquals(3, sql.count("SELECT count(DISTINCT game_id) FROM contributions WHERE jackpot_id = '" + DemoJackpots.CANDY_DROPS + "'"));
      }
      JsonObject drops = api.get("/v1/jackpots/" + DemoJackpots.CANDY_DROPS).json();
      assertEquals("Candy Daily Drops", drops.getString("name"));
      List<String> keys = drops.getJsonArray("pools").stream().map(o -> ((JsonObject) o).getString("key")).toList();
      assertEquals(List.of("hourly", "daily", "epic"), keys);
      // The drops may fall during the run; the epic pool must hit by 5,000.00, which the run cannot reach.
      JsonObject epic = drops.getJsonArray("pools").getJsonObject(2);
      assertTrue(new BigDecimal(epic.getString("amount")).compareTo(new BigDecimal("1000.00")) > 0, "the epic pool grows: " + epic.getString("amount"));
      assertEquals("MUST_DROP_BY", drops.getJsonArray("pools").getJsonObject(0).getJsonObject("trigger").getString("type"));
      OneNode.assertBalanced(node.httpPort());
    } finally {
      node.close();
    }
  }
}
