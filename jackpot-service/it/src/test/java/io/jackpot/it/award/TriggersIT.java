package io.jackpot.it.award;

import static io.jackpot.it.support.Api.batch;
import static io.jackpot.it.support.Api.contribution;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jackpot.it.support.AdminCalls;
import io.jackpot.it.support.Api;
import io.jackpot.it.support.OneNode;
import io.jackpot.money.Decimals;
import io.jackpot.money.Money;
import io.jackpot.money.Rate;
import io.jackpot.pool.MustHit;
import io.jackpot.pool.Pool;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Service-side triggers and tier draws through the API, with the fairness commitment checked. */
class TriggersIT extends OneNode {

  /** The result of the first of rounds {@code prefix}0, 1, … (Creepy Candy, 1000.00 each) whose contribution won the mini tier. */
  private JsonObject miniWonBy(String prefix) {
    for (int i = 0; i < 20; i++) {
      JsonObject result = Api.results(api.post("/v1/contributions",
          batch(contribution(prefix + i, "creepy-candy", "1000.00", null)))).getJsonObject(0);
      if (miniWin(result) != null) {
        return result;
      }
    }
    throw new AssertionError("6.00 per contribution must reach a hit point in [10, 50] within 7 contributions");
  }

  private static JsonObject miniWin(JsonObject result) {
    return result.getJsonArray("triggers").stream().map(JsonObject.class::cast).filter(t -> "mini".equals(t.getString("poolKey")))
        .findFirst().orElse(null);
  }

  @Test
  void theMiniTierMustHitWithinItsRangeAndProvesItsHitPoint() {
    JsonObject before = api.pool("candy", "mini");
    assertEquals("MUST_HIT_BY", before.getJsonObject("trigger").getString("type"));
    assertEquals("50.000000", before.getJsonObject("trigger").getString("ceiling"));
    String published = before.getJsonObject("trigger").getString("commitment");
    assertEquals(64, published.length());

    JsonObject triggering = miniWonBy("MH-");
    JsonObject win = miniWin(triggering);
    assertEquals("MUST_HIT_BY", win.getString("trigger"));
    assertEquals(published, win.getString("commitment"), "the commitment published before play");
    assertEquals(win.getString("hitPoint"), win.getString("amount"), "pays exactly the hit point");
    long paid = Decimals.parseScaled(win.getString("amount"), 6);
    assertTrue(paid >= 10_000_000 && paid <= 50_000_000, "within [seed, ceiling]: " + paid);
    assertTrue(MustHit.verify(win.getString("hitPoint"), win.getString("salt"), win.getString("commitment")));
    assertNotEquals(published, api.pool("candy", "mini").getJsonObject("trigger").getString("commitment"));

    String round = triggering.getString("roundId");
    JsonArray found = api.get("/v1/wins?roundId=" + round).json().getJsonArray("wins");
    String winId = win.getString("winId");
    assertTrue(found.stream().anyMatch(w -> ((JsonObject) w).getString("winId").equals(winId)));
    JsonObject again = Api.results(api.post("/v1/contributions", batch(contribution(round, "creepy-candy", "1000.00", null))))
        .getJsonObject(0);
    assertEquals("DUPLICATE", again.getString("status"));
    assertEquals(triggering.getJsonArray("triggers"), again.getJsonArray("triggers"), "the original outcome, triggers included");

    // A round wins a pool at most once: the game's own claim of the pool its contribution already
    // won is answered with that win, for the round's player only.
    JsonObject claim = Api.jackpotGame(round, "candy").put("poolKey", "mini");
    Api.Reply same = api.post("/v1/wins", claim.encode());
    assertEquals(200, same.status(), same.body());
    assertEquals(winId, same.json().getString("winId"), "the trigger's win, not a second one");
    Api.Reply other = api.post("/v1/wins", claim.copy().put("playerId", "p-2").encode());
    assertEquals(409, other.status(), other.body());
    assertEquals("ROUND_ID_CONFLICT", other.errorCode());
  }

  /**
   * A claim ahead of its round's contribution (JACKPOT_CLAIM_ROUNDS=any), followed by more wins of
   * the pool than it remembers (Pool.RECENT_WINS): the contribution that then carries the pool
   * past any hit point must not win it a second time. It did, and its commit then broke the wins'
   * one-win-per-round key and was retried for ever.
   */
  @Test
  void aContributionArrivingLongAfterItsRoundsClaimDoesNotWinThePoolAgain() {
    JsonObject ahead = Api.jackpotGame("AHEAD-1", "candy").put("poolKey", "mini");
    Api.Reply claimed = api.post("/v1/wins", ahead.encode());
    assertEquals(200, claimed.status(), claimed.body());
    for (int i = 0; i <= Pool.RECENT_WINS; i++) {
      Api.Reply other = api.post("/v1/wins", ahead.copy().put("roundId", "AHEAD-OTHER-" + i).put("playerId", "p-o" + i).encode());
      assertEquals(200, other.status(), other.body());
    }
    // 10,000.00 at the mini tier's 0.6% adds 60.00: past any hit point in [10, 50].
    JsonObject result = Api.results(api.post("/v1/contributions", batch(contribution("AHEAD-1", "creepy-candy", "10000.00", null))))
        .getJsonObject(0);
    assertEquals("APPLIED", result.getString("status"), result.encode());
    assertTrue(result.getJsonArray("triggers").stream().noneMatch(t -> "mini".equals(((JsonObject) t).getString("poolKey"))),
        "the round has won the mini tier already: " + result.encode());
    assertEquals(Money.share(10_000_000_000L, new Rate(6_000)).toPlainString(),
        Api.shareOf(result, "candy", "mini").getString("amount"), "its share is still added, whole");
    JsonArray wins = api.get("/v1/wins?roundId=AHEAD-1").json().getJsonArray("wins");
    assertEquals(1, wins.stream().filter(w -> "mini".equals(((JsonObject) w).getString("poolKey"))).count(), wins.encode());
    assertEquals(claimed.json().getString("winId"), api.post("/v1/wins", ahead.encode()).json().getString("winId"));
    // The member still records: a later round is applied and answered.
    assertEquals("APPLIED", Api.results(api.post("/v1/contributions", batch(contribution("AHEAD-2", "creepy-candy", "1.00", null))))
        .getJsonObject(0).getString("status"));
  }

  @Test
  void aClaimWithoutPoolKeyDrawsATierOnceAndForAll() {
    String claim = new JsonObject().put("roundId", "DRAW-1").put("gameId", "dont-eat-the-candy").put("playerId", "p-1")
        .put("jackpotId", "candy").put("currency", "EUR").encode();
    Api.Reply first = api.post("/v1/wins", claim);
    assertEquals(200, first.status(), first.body());
    String tier = first.json().getString("poolKey");
    assertTrue(List.of("mini", "minor", "major", "grand").contains(tier));
    assertEquals(first.json(), api.post("/v1/wins", claim).json(), "the same claim, the same tier and win");

    // Weights changed so that the draw can only land on another tier: the round keeps its win.
    withNoDrawWeightOn(tier, () -> {
      Api.Reply again = api.post("/v1/wins", claim);
      assertEquals(200, again.status(), again.body());
      assertEquals(first.json().getString("winId"), again.json().getString("winId"), "no second tier for the same round");
      Api.Reply fresh = api.post("/v1/wins", new JsonObject(claim).put("roundId", "DRAW-1b").encode());
      assertTrue(!tier.equals(fresh.json().getString("poolKey")), "a new round draws by the new weights: " + fresh.body());
    });
  }

  /** Runs {@code body} while candy's tier {@code tier} has draw weight 0 and the others 1; the definition is put back after. */
  private void withNoDrawWeightOn(String tier, Runnable body) {
    JsonObject candy = AdminCalls.callAt(node.httpPort(), "GET", "/v1/admin/jackpots/candy", "dev-admin-token").json()
        .getJsonObject("definition");
    JsonObject weighted = candy.copy();
    for (Object p : weighted.getJsonArray("pools")) {
      JsonObject pool = (JsonObject) p;
      pool.put("drawWeight", tier.equals(pool.getString("key")) ? "0" : "1");
    }
    try {
      assertEquals(200, AdminCalls.callAt(node.httpPort(), "PUT", "/v1/admin/jackpots/candy", "dev-admin-token", weighted.encode()).status());
      body.run();
    } finally {
      assertEquals(200, AdminCalls.callAt(node.httpPort(), "PUT", "/v1/admin/jackpots/candy", "dev-admin-token", candy.encode()).status(),
          "candy's definition put back");
    }
  }

  /**
   * A round whose own contribution won a tier has played its jackpot game: a claim without
   * poolKey is answered with that win, never a second tier, whatever the weights say (here, none
   * left on the tier it won).
   */
  @Test
  void aRoundThatWonATierByItsContributionGetsThatWinFromTheJackpotGame() {
    JsonObject triggering = miniWonBy("PLAYED-");
    String round = triggering.getString("roundId");
    withNoDrawWeightOn("mini", () -> {
      String claim = Api.jackpotGame(round, "candy").encode();
      // Its contribution may have set off another tier's trigger too (minor's must-hit, major's
      // random): the answer is one of the round's own wins, and no win is added.
      int before = api.get("/v1/wins?roundId=" + round).json().getJsonArray("wins").size();
      Api.Reply played = api.post("/v1/wins", claim);
      assertEquals(200, played.status(), played.body());
      assertTrue(triggering.getJsonArray("triggers").stream()
              .anyMatch(t -> ((JsonObject) t).getString("winId").equals(played.json().getString("winId"))),
          "a tier its contribution won, not a second one: " + played.body());
      assertEquals(before, api.get("/v1/wins?roundId=" + round).json().getJsonArray("wins").size());
    });
  }

  @Test
  void bewitchedHasNoTierDraw() {
    String claim = new JsonObject().put("roundId", "DRAW-2").put("gameId", "bewitched").put("playerId", "p-1")
        .put("jackpotId", "bewitched").put("currency", "EUR").encode();
    assertEquals("POOL_KEY_REQUIRED", api.post("/v1/wins", claim).errorCode());
  }
}
