package io.jackpot.it.admin;

import static io.jackpot.it.support.Api.batch;
import static io.jackpot.it.support.Api.contribution;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.jackpot.it.catalogue.DefinitionsIT;
import io.jackpot.it.support.AdminCalls;
import io.jackpot.it.support.Api;
import io.jackpot.it.support.OneNode;
import io.jackpot.pool.PoolId;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Predicate;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;

/**
 * A whole jackpot paused and resumed in one request (the seed rules' "the jackpot could be
 * temporarily deactivated"): every pool stops taking contributions and paying claims, keeps its
 * amount exactly, and gets it back on resume; a discontinued pool is left as it is.
 */
class JackpotPauseIT extends OneNode {
  private static final String ADMIN = "dev-admin-token";
  private static final PoolId GRAND = new PoolId("candy", "grand");

  private static Api.Reply admin(String path, String token) {
    return AdminCalls.callAt(node.httpPort(), "POST", path, token);
  }

  private static Map<String, String> amounts() {
    Map<String, String> out = new HashMap<>();
    for (Object p : api.get("/v1/jackpots/bewitched").json().getJsonArray("pools")) {
      out.put(((JsonObject) p).getString("key"), ((JsonObject) p).getString("amount"));
    }
    return out;
  }

  private static Map<String, String> states(JsonArray pools) {
    Map<String, String> out = new HashMap<>();
    pools.forEach(p -> out.put(((JsonObject) p).getString("poolKey"), ((JsonObject) p).getString("state")));
    return out;
  }

  @Test
  void everyPoolIsPausedInOneRequestAndResumedWithItsAmount() {
    for (String coin : List.of("0.10", "1.00", "5.00")) {
      api.post("/v1/contributions", batch(contribution("JP-" + coin, "bewitched", "25.00", coin)));
    }
    Api.Reply held = AdminCalls.callAt(node.httpPort(), "POST", "/v1/admin/jackpots/bewitched/pools/cv-5.00/discontinue", ADMIN,
        new JsonObject().put("reason", "coin value retired").put("hold", true).encode());
    assertEquals(200, held.status(), held.body());
    Map<String, String> before = amounts();

    assertEquals(403, admin("/v1/admin/jackpots/bewitched/pause", "dev-viewer-token").status());
    assertEquals(404, admin("/v1/admin/jackpots/nope/pause", ADMIN).status());
    Api.Reply paused = admin("/v1/admin/jackpots/bewitched/pause", ADMIN);
    assertEquals(200, paused.status(), paused.body());
    JsonArray pools = paused.json().getJsonArray("pools");
    assertEquals(10, pools.size(), paused.body());
    Map<String, String> states = states(pools);
    assertEquals("DISCONTINUED", states.remove("cv-5.00"), "a discontinued pool is left as it is");
    states.values().forEach(s -> assertEquals("PAUSED", s, paused.body()));
    for (Object p : pools) {
      JsonObject pool = (JsonObject) p;
      if (!pool.getString("poolKey").equals("cv-5.00")) {
        assertEquals(before.get(pool.getString("poolKey")), pool.getString("amount"), "amount kept: " + pool);
      }
    }
    admin("/v1/admin/jackpots/bewitched/pause", ADMIN).json().getJsonArray("pools")
        .forEach(p -> assertEquals(false, ((JsonObject) p).getBoolean("changed"), "pausing again changes nothing: " + p));

    JsonObject result = Api.results(api.post("/v1/contributions", batch(contribution("JP-PAUSED", "bewitched", "25.00", "1.00"))))
        .getJsonObject(0);
    assertEquals("PAUSED", result.getString("status"), result.encode());
    Api.Reply claim = api.post("/v1/wins", Api.claim("JP-W", "bewitched", "cv-0.10"));
    assertEquals(409, claim.status(), claim.body());
    assertEquals("POOL_PAUSED", claim.errorCode());
    assertEquals(before, amounts(), "nothing moved while paused");

    Api.Reply resumed = admin("/v1/admin/jackpots/bewitched/resume", ADMIN);
    assertEquals(200, resumed.status(), resumed.body());
    Map<String, String> after = states(resumed.json().getJsonArray("pools"));
    assertEquals("DISCONTINUED", after.remove("cv-5.00"));
    after.values().forEach(s -> assertEquals("ACTIVE", s, resumed.body()));
    assertEquals(before, amounts(), "every amount given back exactly");
    assertEquals("APPLIED", Api.results(api.post("/v1/contributions", batch(contribution("JP-AGAIN", "bewitched", "25.00", "1.00"))))
        .getJsonObject(0).getString("status"), "contributions are taken again");

    JsonArray audit = AdminCalls.callAt(node.httpPort(), "GET", "/v1/admin/audit", "dev-viewer-token").json().getJsonArray("entries");
    Predicate<Object> ofBewitched = e -> ((JsonObject) e).getString("target").startsWith("bewitched/");
    long pauses = audit.stream().filter(ofBewitched).filter(e -> "pool.pause".equals(((JsonObject) e).getString("action"))).count();
    long resumes = audit.stream().filter(ofBewitched).filter(e -> "pool.resume".equals(((JsonObject) e).getString("action"))).count();
    assertEquals(9, pauses, "one entry per pool paused (the repeat changed nothing)");
    assertEquals(9, resumes);
    OneNode.assertBalanced(node.httpPort());
  }

  /**
   * A pool added to a paused jackpot starts paused (it takes no contribution), and is resumed with
   * the others; one added to a running jackpot starts active.
   */
  @Test
  void aPoolAddedToAPausedJackpotStartsPaused() {
    assertEquals(200, DefinitionsIT.put("paused-added", DefinitionsIT.spooky(), ADMIN).status());
    assertEquals(200, admin("/v1/admin/jackpots/paused-added/pause", ADMIN).status());
    JsonObject added = DefinitionsIT.spooky();
    withPoolLikeTheFirst(added, "extra", "Extra");
    Api.Reply put = DefinitionsIT.put("paused-added", added, ADMIN);
    assertEquals(200, put.status(), put.body());
    assertEquals("PAUSED", api.pool("paused-added", "extra").getString("state"));
    JsonObject result = Api.results(api.post("/v1/contributions", batch(contribution("PA-1", "creepy-candy", "10.00", null))))
        .getJsonObject(0);
    assertEquals(0, Api.sharesOf(result, "paused-added").size(), "nothing to a paused jackpot's pools: " + result);
    JsonArray audit = AdminCalls.callAt(node.httpPort(), "GET", "/v1/admin/audit", "dev-viewer-token").json().getJsonArray("entries");
    assertEquals(1, audit.stream().map(JsonObject.class::cast)
        .filter(e -> "pool.pause".equals(e.getString("action")) && "paused-added/extra".equals(e.getString("target"))).count(),
        audit.encode());

    assertEquals(200, admin("/v1/admin/jackpots/paused-added/resume", ADMIN).status());
    assertEquals("ACTIVE", api.pool("paused-added", "extra").getString("state"));
    assertEquals(200, DefinitionsIT.put("paused-added", withPoolLikeTheFirst(added.copy(), "more", "More"), ADMIN).status());
    assertEquals("ACTIVE", api.pool("paused-added", "more").getString("state"), "added to a running jackpot");
    OneNode.assertBalanced(node.httpPort());
  }

  /** {@code definition} with one more pool, a copy of its first under {@code key} and {@code name}. */
  private static JsonObject withPoolLikeTheFirst(JsonObject definition, String key, String name) {
    definition.getJsonArray("pools").add(DefinitionsIT.pool(definition, 0).copy().put("key", key).put("name", name));
    return definition;
  }

  /**
   * A pool not loaded on the cluster (gone from the pools' map here) refuses a pause, whole, before
   * anything is submitted: a step for it would hold up the member's sequencer, and with it every
   * contribution the member takes.
   */
  @Test
  void aPauseOfAPoolNotLoadedIsRefusedAndHoldsNothingUp() throws Exception {
    whileNotLoaded(GRAND, () -> {
      refusedWhileNotLoaded();
      return null;
    });
  }

  /**
   * A definition change that cannot reach one of its pools (not loaded) is answered 503 saying the
   * version is saved and how to complete it, and no pool has the new terms (they go in one step, all
   * or none); the same PUT sent again completes it. A discontinuation of that pool is refused before
   * anything is submitted, as a pause is.
   */
  @Test
  void aDefinitionChangeThatCannotReachAPoolSaysItIsSavedAndItsRetryCompletesIt() throws Exception {
    JsonObject candy = AdminCalls.callAt(node.httpPort(), "GET", "/v1/admin/jackpots/candy", ADMIN).json().getJsonObject("definition");
    JsonArray pools = candy.getJsonArray("pools");
    pools.getJsonObject(1).put("rate", "0.0051"); // minor
    pools.getJsonObject(3).put("rate", "0.0101"); // grand
    whileNotLoaded(GRAND, () -> {
      Api.Reply refused = AdminCalls.callAt(node.httpPort(), "PUT", "/v1/admin/jackpots/candy", ADMIN, candy.encode());
      assertEquals(503, refused.status(), refused.body());
      assertEquals("POOL_NOT_LOADED", refused.errorCode());
      String message = refused.json().getJsonObject("error").getString("message");
      Assertions.assertTrue(message.contains("was saved as version") && message.contains("send the same definition again"),
          message);
      Assertions.assertNull(api.pool("candy", "minor").getJsonObject("pendingChange"),
          "no pool has the new terms while one could not get them");
      Api.Reply discontinued = AdminCalls.callAt(node.httpPort(), "POST", "/v1/admin/jackpots/candy/pools/grand/discontinue", ADMIN,
          new JsonObject().put("reason", "not loaded").put("hold", true).encode());
      assertEquals(503, discontinued.status(), discontinued.body());
      assertEquals("POOL_NOT_LOADED", discontinued.errorCode());
      refusedWhileNotLoaded();
      return null;
    });
    Api.Reply again = AdminCalls.callAt(node.httpPort(), "PUT", "/v1/admin/jackpots/candy", ADMIN, candy.encode());
    assertEquals(200, again.status(), again.body());
    assertEquals("0.0051", api.pool("candy", "minor").getJsonObject("pendingChange").getString("rate"));
    assertEquals("0.0101", api.pool("candy", "grand").getJsonObject("pendingChange").getString("rate"));
    assertEquals("ACTIVE", api.pool("candy", "grand").getString("state"), "the refused discontinuation did nothing");
  }

  private static void refusedWhileNotLoaded() {
    Api.Reply whole = admin("/v1/admin/jackpots/candy/pause", ADMIN);
    assertEquals(503, whole.status(), whole.body());
    assertEquals("POOL_NOT_LOADED", whole.errorCode());
    Api.Reply one = admin("/v1/admin/jackpots/candy/pools/grand/pause", ADMIN);
    assertEquals(503, one.status(), one.body());
    assertEquals("ACTIVE", api.pool("candy", "mini").getString("state"), "nothing of the refused pause applied");
    JsonObject result = Api.results(api.post("/v1/contributions", batch(contribution("JP-AFTER-" + UUID.randomUUID(), "bewitched", "1.00", "0.10"))))
        .getJsonObject(0);
    assertEquals("APPLIED", result.getString("status"), "the member's sequencer still takes contributions: " + result);
  }
}
