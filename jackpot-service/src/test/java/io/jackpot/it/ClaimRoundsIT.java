package io.jackpot.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.jackpot.JackpotNode;
import io.jackpot.config.ServiceConfig;
import io.jackpot.jackpot.DefaultCatalogue;
import io.vertx.core.json.JsonObject;
import java.time.Clock;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
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
}
