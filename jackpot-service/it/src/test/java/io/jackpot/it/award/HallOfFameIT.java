package io.jackpot.it.award;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jackpot.JackpotNode;
import io.jackpot.catalogue.DefaultCatalogue;
import io.jackpot.config.ServiceConfig;
import io.jackpot.it.support.AdminCalls;
import io.jackpot.it.support.Api;
import io.jackpot.it.support.TestNodes;
import io.jackpot.it.support.TestPostgres;
import io.vertx.core.json.JsonObject;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** GET /v1/jackpots/{id}/wins: a jackpot's wins from the ledger, newest first, paged without gaps or repeats, as public as lastWin. */
class HallOfFameIT {
  private static final String WINS = "/v1/jackpots/bewitched/wins";

  private static JackpotNode start(Map<String, String> env) throws Exception {
    ServiceConfig config = ServiceConfig.fromEnv(env).withHttpPort(TestNodes.freePort())
        .withPgUrl(TestPostgres.freshDatabase()).withCluster(TestNodes.ownCluster());
    return JackpotNode.start(config, Clock.systemUTC(), DefaultCatalogue.create());
  }

  /** A round of bewitched's that feeds cv-0.10 and then claims it: the win's id. */
  private static String win(Api api, String round) {
    Api.Reply fed = api.post("/v1/contributions", Api.batch(Api.contribution(round + "-C", "bewitched", "2.00", "0.10")));
    assertEquals(200, fed.status(), fed.body());
    Api.Reply won = api.post("/v1/wins", Api.claim(round, "bewitched", "cv-0.10"));
    assertEquals(200, won.status(), won.body());
    return won.json().getString("winId");
  }

  /** Read as the public does: no key. */
  private static Api.Reply read(JackpotNode node, String target) {
    return AdminCalls.callAt(node.httpPort(), "GET", target, null);
  }

  private static JsonObject page(JackpotNode node, String target) {
    Api.Reply r = read(node, target);
    assertEquals(200, r.status(), r.body());
    assertTrue(r.json().containsKey("next"), "next is always there, null on the last page: " + r.body());
    return r.json();
  }

  private static List<String> ids(JsonObject page) {
    return page.getJsonArray("wins").stream().map(JsonObject.class::cast).map(w -> w.getString("winId")).toList();
  }

  @Test
  void pagesRunNewestFirstWithoutGapsOrRepeatsWhileWinsArrive() throws Exception {
    try (JackpotNode node = start(Map.of("JACKPOT_PUBLIC_WINS", "anonymous"))) {
      Api api = new Api(node.httpPort());
      List<String> made = new ArrayList<>();
      for (int i = 1; i <= 7; i++) {
        made.add(win(api, "HOF-" + i));
      }
      List<String> newestFirst = new ArrayList<>(made);
      Collections.reverse(newestFirst);

      List<String> seen = new ArrayList<>();
      JsonObject first = page(node, WINS + "?limit=3");
      assertEquals(newestFirst.subList(0, 3), ids(first));
      seen.addAll(ids(first));
      String laterWin = win(api, "HOF-8"); // between two page reads: newer than the pages being read
      String next = first.getString("next");
      int pages = 1;
      while (next != null) {
        JsonObject more = page(node, WINS + "?limit=3&after=" + next);
        assertTrue(ids(more).size() <= 3, more.encode());
        seen.addAll(ids(more));
        next = more.getString("next");
        assertTrue(++pages <= 3, "7 wins, 3 a page: 3 pages");
      }
      assertEquals(3, pages);
      assertEquals(newestFirst, seen, "every older win once, newest first");
      assertEquals(seen.size(), new HashSet<>(seen).size(), "no repeats");
      assertFalse(seen.contains(laterWin), "a win newer than the first page is not among the older ones");

      JsonObject fresh = page(node, WINS);
      assertNull(fresh.getString("next"), "8 wins: one page of the default size");
      newestFirst.add(0, laterWin);
      assertEquals(newestFirst, ids(fresh));

      for (Object o : fresh.getJsonArray("wins")) {
        JsonObject w = (JsonObject) o;
        assertFalse(w.containsKey("playerId") || w.containsKey("roundId"), "anonymous: " + w.encode());
        assertEquals("bewitched", w.getString("jackpotId"));
        assertEquals("cv-0.10", w.getString("poolKey"));
        assertEquals("bewitched", w.getString("gameId"), "which game won stays public");
        assertEquals("EUR", w.getString("currency"), "in the jackpot's currency");
        assertNotNull(w.getString("amount"));
        assertNotNull(w.getString("wonAt"));
      }
      JsonObject lastWin = read(node, "/v1/jackpots/bewitched/pools/cv-0.10").json().getJsonObject("lastWin");
      assertEquals(lastWin, fresh.getJsonArray("wins").getJsonObject(0), "shown as lastWin shows it");

      for (String limit : List.of("0", "101", "x", "-1", "2.5")) {
        Api.Reply r = read(node, WINS + "?limit=" + limit);
        assertEquals(400, r.status(), limit + ": " + r.body());
        assertEquals("INVALID_FIELD", r.errorCode());
        assertTrue(r.json().getJsonObject("error").getString("message").contains("limit"), r.body());
      }
      for (String cursor : List.of("garbage", "!!!", first.getString("next") + "A")) {
        Api.Reply r = read(node, WINS + "?after=" + cursor);
        assertEquals(400, r.status(), cursor + ": " + r.body());
        assertEquals("INVALID_FIELD", r.errorCode());
      }
      Api.Reply unknown = read(node, "/v1/jackpots/nope/wins");
      assertEquals(404, unknown.status(), unknown.body());
      assertEquals("UNKNOWN_JACKPOT", unknown.errorCode());
      assertEquals(List.of(), ids(page(node, "/v1/jackpots/candy/wins")), "a jackpot without wins");
    }
  }

  @Test
  void withFullPublicWinsThePlayerAndRoundAreShown() throws Exception {
    try (JackpotNode node = start(Map.of())) {
      String winId = win(new Api(node.httpPort()), "HOF-FULL");
      JsonObject w = page(node, WINS).getJsonArray("wins").getJsonObject(0);
      assertEquals(winId, w.getString("winId"));
      assertEquals("HOF-FULL", w.getString("roundId"));
      assertEquals("p-HOF-FULL", w.getString("playerId"));
    }
  }
}
