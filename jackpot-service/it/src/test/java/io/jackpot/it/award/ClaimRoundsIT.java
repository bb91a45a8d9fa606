package io.jackpot.it.award;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.jackpot.JackpotNode;
import io.jackpot.catalogue.DefaultCatalogue;
import io.jackpot.config.ServiceConfig;
import io.jackpot.contribution.RoundClaims;
import io.jackpot.contribution.hz.HzRoundClaims;
import io.jackpot.it.support.AdminCalls;
import io.jackpot.it.support.Api;
import io.jackpot.it.support.OneNode;
import io.jackpot.it.support.TestNodes;
import io.jackpot.it.support.TestPostgres;
import io.vertx.core.json.JsonObject;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * JACKPOT_CLAIM_ROUNDS=recorded: a claim is paid only for a recorded round of the claiming game
 * and player that fed the pool claimed; anything else is refused and pays nothing.
 */
class ClaimRoundsIT {
  private static JackpotNode node;
  private static Api api;

  @BeforeAll
  static void start() throws Exception {
    ServiceConfig config = ServiceConfig.fromEnv(Map.of("JACKPOT_CLAIM_ROUNDS", "recorded")).withHttpPort(TestNodes.freePort())
        .withPgUrl(TestPostgres.freshDatabase()).withCluster(TestNodes.ownCluster());
    node = JackpotNode.start(config, Clock.systemUTC(), DefaultCatalogue.create());
    api = new Api(node.httpPort());
  }

  @AfterAll
  static void stop() throws Exception {
    node.close();
  }

  private static String claimBy(String round, String player, String pool) {
    return new JsonObject().put("roundId", round).put("gameId", "bewitched").put("playerId", player)
        .put("jackpotId", "bewitched").put("poolKey", pool).put("currency", "EUR").encode();
  }

  @Test
  void onlyARecordedRoundOfTheSamePlayerWinsAPoolItFed() {
    String round = "CR-20261122-100000-000001";
    Api.Reply contributed = api.post("/v1/contributions", Api.batch(Api.contribution(round, "bewitched", "2.00", "0.10")));
    assertEquals("APPLIED", Api.results(contributed).getJsonObject(0).getString("status"), contributed.body());
    String bigPool = api.amount("bewitched", "cv-1.00");

    Api.Reply otherCoin = api.post("/v1/wins", claimBy(round, "p-1", "cv-1.00"));
    assertEquals(409, otherCoin.status(), otherCoin.body());
    assertEquals("ROUND_DID_NOT_FEED_POOL", otherCoin.errorCode(), "a spin at 0.10 cannot win the 1.00 pool");
    assertEquals(bigPool, api.amount("bewitched", "cv-1.00"), "nothing paid");

    Api.Reply never = api.post("/v1/wins", claimBy("CR-20261122-100000-000002", "p-1", "cv-0.10"));
    assertEquals(409, never.status(), never.body());
    assertEquals("ROUND_NOT_RECORDED", never.errorCode());

    Api.Reply otherPlayer = api.post("/v1/wins", claimBy(round, "p-2", "cv-0.10"));
    assertEquals(409, otherPlayer.status(), otherPlayer.body());
    assertEquals("ROUND_ID_CONFLICT", otherPlayer.errorCode());

    Api.Reply won = api.post("/v1/wins", claimBy(round, "p-1", "cv-0.10"));
    assertEquals(200, won.status(), won.body());
    assertEquals("cv-0.10", won.json().getString("poolKey"));
    assertEquals(won.json(), api.post("/v1/wins", claimBy(round, "p-1", "cv-0.10")).json(), "the same claim again, the same win");
    OneNode.assertBalanced(node.httpPort());
  }

  /**
   * A game key sending claims faster than JACKPOT_CLAIMS_PER_SECOND (20 here) is refused 429 with
   * Retry-After, before its claim is read. The burst claims an unknown jackpot, so a claim taken is
   * answered at once; the test then waits until the key may claim again, for the tests after it.
   */
  @Test
  void aKeyClaimingFasterThanItsLimitIsToldToWait() throws Exception {
    var http = HttpClient.newHttpClient();
    var claim = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + node.httpPort() + "/v1/wins"))
        .header("Authorization", "Bearer dev-game-key").header("Content-Type", "application/json")
        .POST(HttpRequest.BodyPublishers.ofString(new JsonObject(claimBy("CR-LIMIT-1", "p-1", "cv-0.10"))
            .put("jackpotId", "no-such-jackpot").encode())).build();
    HttpResponse<String> refused = null;
    for (int i = 0; i < 1000 && refused == null; i++) {
      HttpResponse<String> r = http.send(claim, HttpResponse.BodyHandlers.ofString());
      if (r.statusCode() == 429) {
        refused = r;
      } else {
        assertEquals(404, r.statusCode(), r.body());
      }
    }
    Assertions.assertNotNull(refused, "no claim of 1000 sent at once was refused");
    assertEquals("TOO_MANY_CLAIMS", new JsonObject(refused.body()).getJsonObject("error").getString("code"), refused.body());
    assertEquals(Optional.of("1"), refused.headers().firstValue("Retry-After"));
    for (int i = 0; i < 100_000 && http.send(claim, HttpResponse.BodyHandlers.ofString()).statusCode() == 429; i++) {
      // the key's next second: its claims are taken again
    }
    assertEquals(404, http.send(claim, HttpResponse.BodyHandlers.ofString()).statusCode());
  }

  /**
   * A claim that overtakes its round's answer (sent by another process than the contribution) is
   * told to come back (ROUND_IN_PROGRESS), not refused for good, while the round is on its way: held
   * here by claiming it in the cluster as a contribution in flight does. Nothing is paid meanwhile.
   */
  @Test
  void aClaimOvertakingItsRoundIsToldToComeBack() {
    String round = "CR-20261122-100000-000020";
    String key = RoundClaims.key("demo", round);
    var claims = new HzRoundClaims(node.hazelcast().getMap(HzRoundClaims.MAP),
        Runnable::run, Clock.systemUTC(), 60_000, "a-member-sending-it", Set::of);
    assertEquals(RoundClaims.Claim.NEW,
        claims.claim(Map.of(key, "fp"), "token-1").toCompletableFuture().join().get(key));
    String pool = api.amount("bewitched", "cv-0.10");
    for (String body : List.of(claimBy(round, "p-1", "cv-0.10"), jackpotGame(round))) {
      Api.Reply early = api.post("/v1/wins", body);
      assertEquals(409, early.status(), early.body());
      assertEquals("ROUND_IN_PROGRESS", early.errorCode(), early.body());
    }
    assertEquals(pool, api.amount("bewitched", "cv-0.10"), "nothing paid");

    claims.release(Map.of(key, "fp"), "token-1").toCompletableFuture().join();
    Api.Reply gone = api.post("/v1/wins", claimBy(round, "p-1", "cv-0.10"));
    assertEquals("ROUND_NOT_RECORDED", gone.errorCode(), "no longer on its way, and not recorded: " + gone.body());

    Api.Reply contributed = api.post("/v1/contributions", Api.batch(Api.contribution(round, "bewitched", "2.00", "0.10")));
    assertEquals("APPLIED", Api.results(contributed).getJsonObject(0).getString("status"), contributed.body());
    Api.Reply won = api.post("/v1/wins", claimBy(round, "p-1", "cv-0.10"));
    assertEquals(200, won.status(), won.body());
    OneNode.assertBalanced(node.httpPort());
  }

  /** The jackpot game (no pool key) draws among the tiers the round fed; a round that fed none cannot win one. */
  @Test
  void aJackpotGameDrawsAmongTheTiersItsRoundFed() {
    String paused = "/v1/admin/jackpots/candy/pause";
    String round = "CR-20261122-100000-000010";
    assertEquals(200, AdminCalls.callAt(node.httpPort(), "POST", paused, "dev-admin-token").status());
    Api.Reply unfed = api.post("/v1/contributions", Api.batch(Api.contribution(round, "creepy-candy", "2.00", null)));
    assertEquals("PAUSED", Api.results(unfed).getJsonObject(0).getString("status"), unfed.body());
    assertEquals(200, AdminCalls.callAt(node.httpPort(), "POST", "/v1/admin/jackpots/candy/resume", "dev-admin-token").status());
    Api.Reply refused = api.post("/v1/wins", jackpotGame(round));
    assertEquals(409, refused.status(), refused.body());
    assertEquals("ROUND_DID_NOT_FEED_POOL", refused.errorCode(), "a round played while every tier was paused fed none");

    // Fed the grand tier only (weight 1 of 100): a draw among all four would land elsewhere 99 times in 100.
    String fed = "CR-20261122-100000-000011";
    for (String tier : List.of("mini", "minor", "major")) {
      assertEquals(200, AdminCalls.callAt(node.httpPort(), "POST", "/v1/admin/jackpots/candy/pools/" + tier + "/pause", "dev-admin-token")
          .status());
    }
    Api.Reply applied = api.post("/v1/contributions", Api.batch(Api.contribution(fed, "creepy-candy", "2.00", null)));
    assertEquals("APPLIED", Api.results(applied).getJsonObject(0).getString("status"), applied.body());
    assertEquals(200, AdminCalls.callAt(node.httpPort(), "POST", "/v1/admin/jackpots/candy/resume", "dev-admin-token").status());
    Api.Reply won = api.post("/v1/wins", jackpotGame(fed));
    assertEquals(200, won.status(), won.body());
    assertEquals("grand", won.json().getString("poolKey"), "drawn among the tiers the round fed");
    assertEquals(won.json(), api.post("/v1/wins", jackpotGame(fed)).json(), "the jackpot game again: the same win");
    OneNode.assertBalanced(node.httpPort());
  }

  /** A jackpot without draw weights cannot play a jackpot game: said first, whatever the round (as with any round). */
  @Test
  void aJackpotGameOnAJackpotWithoutWeightsIsRefusedForThat() {
    Api.Reply r = api.post("/v1/wins", new JsonObject().put("roundId", "CR-NEVER").put("gameId", "bewitched").put("playerId", "p-1")
        .put("jackpotId", "bewitched").put("currency", "EUR").encode());
    assertEquals(400, r.status(), r.body());
    assertEquals("POOL_KEY_REQUIRED", r.errorCode());
  }

  private static String jackpotGame(String round) {
    return Api.jackpotGame(round, "candy").encode();
  }
}
