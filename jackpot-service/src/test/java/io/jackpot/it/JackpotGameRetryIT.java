package io.jackpot.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.jackpot.JackpotNode;
import io.jackpot.pool.Entropy;
import io.jackpot.pool.Pool;
import io.jackpot.pool.PoolCommand;
import io.jackpot.pool.PoolId;
import io.jackpot.pool.PoolOutcome;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A jackpot game is played once per round. Its claim (no pool key) can be applied and still on its
 * way to the ledger when the game retries it (a lost answer, a frozen database connection), and the
 * draw weights can change meanwhile: the retry finds no win in the ledger and draws another tier.
 * It must be answered with the win already applied, not win a second tier. The state is made
 * exactly: the first try's win is applied to the live pool directly and never recorded, so this
 * class has a member and database of its own and no reconciliation at its end.
 */
class JackpotGameRetryIT {

  @Test
  void aRetryDrawingAnotherTierIsAnsweredWithTheWinAppliedAndNotYetRecorded() throws Exception {
    String pgUrl = TestPostgres.freshDatabase();
    try (JackpotNode node = TestNodes.start(pgUrl, TestNodes.ownCluster())) {
      JsonObject tiers = new JsonObject().put("name", "Tiers").put("currency", "EUR").put("owner", "demo")
          .put("games", new JsonArray().add("creepy-candy")).put("routing", "ALL")
          .put("pools", new JsonArray()
              .add(tier("a", "0")) // weight 0 now: the first try drew it under the weights of its moment
              .add(tier("b", "1")));
      Api.Reply defined = AdminIT.callAt(node.httpPort(), "PUT", "/v1/admin/jackpots/tiers", "dev-admin-token", tiers.encode());
      assertEquals(200, defined.status(), defined.body());

      PoolId a = new PoolId("tiers", "a");
      Pool.Batch firstTry = new Pool.Batch("first-try", 1, "first-try-op", new Entropy(1, 2, 3, 4),
          List.of(new PoolCommand.Claim("RETRY-1", "p-1", "creepy-candy", "demo", Instant.now()))); // as Api.jackpotGame claims
      Map<PoolId, List<PoolOutcome>> applied = node.pools().apply(Map.of(a, firstTry)).toCompletableFuture().get();
      String firstWin = node.pools().get(a).toCompletableFuture().get().orElseThrow().winOf("demo", "RETRY-1").orElseThrow().winId();
      assertEquals(1, applied.get(a).size());

      Api api = new Api(node.httpPort());
      Api.Reply answer = api.post("/v1/wins", Api.jackpotGame("RETRY-1", "tiers").encode());
      assertEquals(200, answer.status(), answer.body());
      assertEquals(firstWin, answer.json().getString("winId"), "the win applied: " + answer.body());
      assertEquals("a", answer.json().getString("poolKey"), answer.body());
      assertEquals(0, api.pool("tiers", "b").getLong("sequence"), "tier b was not won: " + api.pool("tiers", "b").encode());
    }
  }

  private static JsonObject tier(String key, String weight) {
    return new JsonObject().put("key", key).put("name", key.toUpperCase()).put("seed", "10.00").put("rate", "0.001")
        .put("trigger", new JsonObject().put("type", "CLAIM")).put("drawWeight", weight);
  }
}
