package io.jackpot.it.award;

import static io.jackpot.it.support.Api.batch;
import static io.jackpot.it.support.Api.contribution;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jackpot.JackpotNode;
import io.jackpot.catalogue.Catalogue;
import io.jackpot.catalogue.DefaultCatalogue;
import io.jackpot.it.support.AdminCalls;
import io.jackpot.it.support.Api;
import io.jackpot.it.support.OneNode;
import io.jackpot.it.support.TestNodes;
import io.jackpot.it.support.TestPostgres;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * A jackpot's winsPerRound and a pool's minStake through the API, the ledger and a restart: with
 * ONE a round wins only the highest tier it sets off, with ANY every one; a stake below a pool's
 * minimum leaves that pool untouched. The definitions come back from the ledger as they were saved.
 */
class WinsPerRoundIT {
  private static final String ADMIN = "dev-admin-token";
  /** Bewitched only: creepy-candy and dont-eat-the-candy feed the jackpots defined here and nothing else. */
  private static final Catalogue START = new Catalogue(List.of(DefaultCatalogue.create().jackpot("bewitched").orElseThrow()));
  private static final List<String> JACKPOTS = List.of("one", "many", "floor", "solo");

  /** Two RANDOM tiers of 1 in 0.10 of stake: a stake of 1.00 sets off both. The lower one is listed first. */
  private static JsonObject tiers(String name, String wins) {
    return new JsonObject().put("name", name).put("currency", "EUR").put("owner", "demo")
        .put("games", new JsonArray().add("creepy-candy")).put("routing", "ALL").put("winsPerRound", wins)
        .put("pools", new JsonArray()
            .add(pool("low", "10.00").put("trigger", new JsonObject().put("type", "RANDOM").put("stakePerHit", "0.10")))
            .add(pool("top", "100.00").put("trigger", new JsonObject().put("type", "RANDOM").put("stakePerHit", "0.10"))));
  }

  private static JsonObject pool(String key, String seed) {
    return new JsonObject().put("key", key).put("name", key).put("seed", seed).put("rate", "0.01");
  }

  private static JsonObject floor() {
    return new JsonObject().put("name", "Floor").put("currency", "EUR").put("owner", "demo")
        .put("games", new JsonArray().add("creepy-candy")).put("routing", "ALL")
        .put("pools", new JsonArray().add(pool("open", "10.00")).add(pool("high", "20.00").put("minStake", "5.00")));
  }

  /** The only jackpot of dont-eat-the-candy: a stake below its one pool's minimum feeds nothing at all. */
  private static JsonObject solo() {
    return new JsonObject().put("name", "Solo").put("currency", "EUR").put("owner", "demo")
        .put("games", new JsonArray().add("dont-eat-the-candy")).put("routing", "ALL")
        .put("pools", new JsonArray().add(pool("only", "10.00").put("minStake", "2.00")));
  }

  private static void define(int port, String id, JsonObject definition) {
    Api.Reply r = AdminCalls.callAt(port, "PUT", "/v1/admin/jackpots/" + id, ADMIN, definition.encode());
    assertEquals(200, r.status(), r.body());
  }

  private static Map<String, JsonObject> definitions(int port) {
    return JACKPOTS.stream().collect(Collectors.toMap(Function.identity(),
        id -> AdminCalls.callAt(port, "GET", "/v1/admin/jackpots/" + id, ADMIN).json().getJsonObject("definition")));
  }

  private static List<String> triggered(JsonObject result, String jackpot) {
    return result.getJsonArray("triggers").stream().map(JsonObject.class::cast).filter(w -> jackpot.equals(w.getString("jackpotId")))
        .map(w -> w.getString("poolKey")).sorted().toList();
  }

  private static JsonObject round(Api api, String round, String game, String stake) {
    JsonObject item = new JsonObject(contribution(round, game, stake, null));
    return Api.results(api.post("/v1/contributions", batch(item.encode()))).getJsonObject(0);
  }

  private static JsonObject recorded(int port, String round) {
    Api.Reply r = AdminCalls.callAt(port, "GET", "/v1/admin/rounds?roundId=" + round + "&operatorId=demo", ADMIN);
    assertEquals(200, r.status(), r.body());
    return r.json();
  }

  private static List<String> recordedPools(int port, String round, String jackpot) {
    return recorded(port, round).getJsonArray("contributions").stream().map(JsonObject.class::cast)
        .filter(c -> jackpot.equals(c.getString("jackpotId"))).map(c -> c.getString("poolKey")).sorted().toList();
  }

  @Test
  void oneWinPerRoundPaysTheHighestTierAndMinStakeLeavesSmallStakesOut() throws Exception {
    String pgUrl = TestPostgres.freshDatabase();
    Map<String, JsonObject> saved;
    String lowAfter;
    JackpotNode first = TestNodes.start(pgUrl, TestNodes.ownCluster(), START);
    try {
      int port = first.httpPort();
      Api api = new Api(port);
      define(port, "one", tiers("One", "ONE"));
      define(port, "many", tiers("Many", "ANY"));
      define(port, "floor", floor());
      define(port, "solo", solo());

      JsonArray results = Api.results(api.post("/v1/contributions", batch(
          contribution("W-1", "creepy-candy", "1.00", null), contribution("W-2", "creepy-candy", "1.00", null),
          contribution("W-3", "creepy-candy", "1.00", null))));
      for (int i = 0; i < 3; i++) {
        JsonObject r = results.getJsonObject(i);
        assertEquals("APPLIED", r.getString("status"), r.encode());
        assertEquals(List.of("top"), triggered(r, "one"), "ONE: the highest tier only: " + r.encode());
        assertEquals(List.of("low", "top"), triggered(r, "many"), "ANY: both tiers: " + r.encode());
        assertEquals("0.010000", Api.shareOf(r, "one", "low").getString("amount"), "the lower tier still takes its share");
        JsonArray wins = api.get("/v1/wins?roundId=W-" + (i + 1)).json().getJsonArray("wins");
        assertEquals(3, wins.size(), "top of one, low and top of many: " + wins.encode());
      }
      assertEquals("10.030000", api.amount("one", "low"), "never won: its seed and three shares");
      assertEquals(0, api.pool("one", "low").getLong("sequence"));
      assertEquals(3, api.pool("one", "top").getLong("sequence"));
      assertEquals("10.000000", api.amount("many", "low"), "won by each round");
      assertEquals(3, api.pool("many", "low").getLong("sequence"));
      assertEquals("ONE", api.get("/v1/jackpots/one").json().getString("winsPerRound"));
      assertEquals("ANY", api.get("/v1/jackpots/many").json().getString("winsPerRound"));

      // minStake 5.00 on floor's high pool: 1.00 and 4.99 leave it as it was, in its amount and the ledger.
      for (String[] small : new String[][] {{"F-1", "1.00"}, {"F-2", "4.99"}}) {
        JsonObject r = round(api, small[0], "creepy-candy", small[1]);
        assertEquals("APPLIED", r.getString("status"), r.encode());
        assertEquals(List.of("open"), Api.sharesOf(r, "floor").stream().map(c -> c.getString("poolKey")).toList(), r.encode());
        assertEquals(List.of("open"), recordedPools(port, small[0], "floor"));
      }
      assertEquals("20.000000", api.amount("floor", "high"));
      JsonObject big = round(api, "F-3", "creepy-candy", "5.00");
      assertEquals("0.050000", Api.shareOf(big, "floor", "high").getString("amount"), "a stake at the minimum feeds it");
      assertEquals(List.of("high", "open"), recordedPools(port, "F-3", "floor"));
      assertEquals("20.050000", api.amount("floor", "high"));
      assertEquals("5.000000", api.pool("floor", "high").getString("minStake"));
      assertFalse(api.pool("floor", "open").containsKey("minStake"));

      // Below every pool it would feed: recorded, applied, with no share.
      JsonObject none = round(api, "S-1", "dont-eat-the-candy", "1.00");
      assertEquals("APPLIED", none.getString("status"), none.encode());
      assertTrue(none.getJsonArray("contributions").isEmpty(), none.encode());
      assertEquals("APPLIED", recorded(port, "S-1").getString("status"));
      assertTrue(recorded(port, "S-1").getJsonArray("contributions").isEmpty());
      assertEquals("DUPLICATE", round(api, "S-1", "dont-eat-the-candy", "1.00").getString("status"));
      assertEquals("10.000000", api.amount("solo", "only"));

      saved = definitions(port);
      assertEquals("ONE", saved.get("one").getString("winsPerRound"));
      assertEquals("ANY", saved.get("floor").getString("winsPerRound"), "the default, written back");
      assertEquals("5.000000", saved.get("floor").getJsonArray("pools").getJsonObject(1).getString("minStake"));
      lowAfter = api.amount("one", "low");
      OneNode.assertBalanced(port);
    } finally {
      first.close();
    }

    JackpotNode again = TestNodes.start(pgUrl, TestNodes.ownCluster(), START);
    try {
      assertEquals(saved, definitions(again.httpPort()), "read back from the stored definitions");
      Api api = new Api(again.httpPort());
      assertEquals(lowAfter, api.amount("one", "low"));
      JsonObject r = round(api, "W-4", "creepy-candy", "1.00");
      assertEquals(List.of("top"), triggered(r, "one"), "still one tier per round: " + r.encode());
      OneNode.assertBalanced(again.httpPort());
    } finally {
      again.close();
    }
  }
}
