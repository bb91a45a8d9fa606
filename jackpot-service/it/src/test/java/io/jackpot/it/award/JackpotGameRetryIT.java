package io.jackpot.it.award;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.jackpot.JackpotNode;
import io.jackpot.catalogue.DefaultCatalogue;
import io.jackpot.contribution.RoundClaims;
import io.jackpot.contribution.hz.HzRoundClaims;
import io.jackpot.it.support.AdminCalls;
import io.jackpot.it.support.Api;
import io.jackpot.it.support.TestNodes;
import io.jackpot.it.support.TestPostgres;
import io.jackpot.pool.Entropy;
import io.jackpot.pool.Pool;
import io.jackpot.pool.PoolCommand;
import io.jackpot.pool.PoolId;
import io.jackpot.pool.PoolOutcome;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A jackpot game is played once per round. A retry of a claim applied but not yet recorded, after
 * the weights changed, must get the applied win, not a second tier. The first try's win is applied
 * to the live pool and never recorded, so this class has its own member and database and no
 * reconciliation.
 */
class JackpotGameRetryIT {

  @Test
  void aRetryDrawingAnotherTierIsAnsweredWithTheWinAppliedAndNotYetRecorded() throws Exception {
    String pgUrl = TestPostgres.freshDatabase();
    try (JackpotNode node = TestNodes.start(pgUrl, TestNodes.ownCluster())) {
      defineTiers(node, "0", "1"); // a weighs 0 now: the first try drew it under the weights of its moment

      String firstWin = appliedToA(node, "first-try", "RETRY-1");

      Api api = new Api(node.httpPort());
      Api.Reply answer = api.post("/v1/wins", Api.jackpotGame("RETRY-1", "tiers").encode());
      assertEquals(200, answer.status(), answer.body());
      assertEquals(firstWin, answer.json().getString("winId"), "the win applied: " + answer.body());
      assertEquals("a", answer.json().getString("poolKey"), answer.body());
      assertEquals(0, api.pool("tiers", "b").getLong("sequence"), "tier b was not won: " + api.pool("tiers", "b").encode());
    }
  }

  /**
   * The weights all set to 0 since the first try (a jackpot game no longer offered): its retry is
   * still answered with the win applied, not refused POOL_KEY_REQUIRED for want of a tier to draw,
   * whichever rounds may claim ({@code JACKPOT_CLAIM_ROUNDS}).
   */
  @ParameterizedTest
  @ValueSource(strings = {"any", "recorded"})
  void aRetryAfterEveryWeightWasSetToZeroIsAnsweredWithTheWinAppliedAndNotYetRecorded(String claimRounds) throws Exception {
    try (JackpotNode node = TestNodes.start(Map.of("JACKPOT_CLAIM_ROUNDS", claimRounds), TestPostgres.freshDatabase(),
        TestNodes.ownCluster(), DefaultCatalogue.create())) {
      defineTiers(node, "0", "0");
      String firstWin = appliedToA(node, "first-try", "RETRY-0");

      Api api = new Api(node.httpPort());
      Api.Reply answer = api.post("/v1/wins", Api.jackpotGame("RETRY-0", "tiers").encode());
      assertEquals(200, answer.status(), answer.body());
      assertEquals(firstWin, answer.json().getString("winId"), answer.body());
      assertEquals("POOL_KEY_REQUIRED", api.post("/v1/wins", Api.jackpotGame("RETRY-NEW", "tiers").encode()).errorCode(),
          "a round that never won: nothing to draw");
    }
  }

  /**
   * Two tries of one round on two members at once, one drawing by the weights before a change and
   * one by those after, would each claim a tier. So a try plays the round's jackpot game only while
   * holding its cluster-wide claim: another try's claim is made here directly (as a member of the
   * cluster would hold it). Meanwhile a try is told to send it again, with no tier won; once the
   * other try's win is applied (here directly, never recorded), a try gets that win, still while the
   * claim is held, and again after it is released.
   */
  @Test
  void aTryWhileAnotherTryOfTheRoundIsPlayedGetsItsWinOrIsToldToSendItAgain() throws Exception {
    String pgUrl = TestPostgres.freshDatabase();
    try (JackpotNode node = TestNodes.start(pgUrl, TestNodes.ownCluster())) {
      defineTiers(node, "1", "1");

      var otherMember = new HzRoundClaims(node.hazelcast().getMap(HzRoundClaims.MAP), Runnable::run, Clock.systemUTC(),
          600_000, "another-member", Set::of);
      Map<String, String> otherTry = Map.of(RoundClaims.jackpotGameKey("tiers", "demo", "CONCURRENT-1"), "creepy-candy\u0000p-1");
      assertEquals(RoundClaims.Claim.NEW, otherMember.claim(otherTry, "other-try").toCompletableFuture().get().values().iterator().next());

      Api api = new Api(node.httpPort());
      Api.Reply meanwhile = api.post("/v1/wins", Api.jackpotGame("CONCURRENT-1", "tiers").encode());
      assertEquals(409, meanwhile.status(), meanwhile.body());
      assertEquals("ROUND_IN_PROGRESS", meanwhile.errorCode(), meanwhile.body());
      assertEquals(0, api.pool("tiers", "a").getLong("sequence") + api.pool("tiers", "b").getLong("sequence"), "no tier won");

      String othersWin = appliedToA(node, "another-member", "CONCURRENT-1");
      Api.Reply applied = api.post("/v1/wins", Api.jackpotGame("CONCURRENT-1", "tiers").encode());
      assertEquals(200, applied.status(), applied.body());
      assertEquals(othersWin, applied.json().getString("winId"), "the other try's win: " + applied.body());

      otherMember.release(otherTry, "other-try").toCompletableFuture().get();
      Api.Reply after = api.post("/v1/wins", Api.jackpotGame("CONCURRENT-1", "tiers").encode());
      assertEquals(othersWin, after.json().getString("winId"), after.body());
      assertEquals(0, api.pool("tiers", "b").getLong("sequence"), "tier b was not won: " + api.pool("tiers", "b").encode());
    }
  }

  /**
   * A round wins one tier of a jackpot: after its jackpot game paid a tier, a claim of another tier
   * by the same round is refused and pays nothing; a claim of the tier it won gets that win. The
   * same holds between two claims naming their pools.
   */
  @Test
  void aRoundThatWonATierIsRefusedAnotherTierOfTheJackpot() throws Exception {
    try (JackpotNode node = TestNodes.start(TestPostgres.freshDatabase(), TestNodes.ownCluster())) {
      defineTiers(node, "1", "1");
      Api api = new Api(node.httpPort());
      Api.Reply game = api.post("/v1/wins", Api.jackpotGame("TIER-1", "tiers").encode());
      assertEquals(200, game.status(), game.body());
      String won = game.json().getString("poolKey");
      String other = won.equals("a") ? "b" : "a";

      Api.Reply second = api.post("/v1/wins", Api.jackpotGame("TIER-1", "tiers").put("poolKey", other).encode());
      assertEquals(409, second.status(), second.body());
      assertEquals("ROUND_ALREADY_WON", second.errorCode(), second.body());
      assertEquals(0, api.pool("tiers", other).getLong("sequence"), "tier " + other + " was not won");
      Api.Reply same = api.post("/v1/wins", Api.jackpotGame("TIER-1", "tiers").put("poolKey", won).encode());
      assertEquals(game.json().getString("winId"), same.json().getString("winId"), same.body());

      assertEquals(200, api.post("/v1/wins", Api.jackpotGame("TIER-2", "tiers").put("poolKey", "a").encode()).status());
      long bWins = api.pool("tiers", "b").getLong("sequence");
      Api.Reply named = api.post("/v1/wins", Api.jackpotGame("TIER-2", "tiers").put("poolKey", "b").encode());
      assertEquals("ROUND_ALREADY_WON", named.errorCode(), named.body());
      assertEquals(bWins, api.pool("tiers", "b").getLong("sequence"), "tier b was not won by TIER-2");
    }
  }

  /**
   * A claim naming its pool is played under the round's claim too: while another try holds it the
   * claim is told to send it again; the other try's win, applied and not yet recorded, answers a
   * claim of its tier and refuses a claim of another.
   */
  @Test
  void aPoolClaimWhileAnotherTryOfTheRoundIsPlayedGetsItsWinOrIsToldToSendItAgain() throws Exception {
    try (JackpotNode node = TestNodes.start(TestPostgres.freshDatabase(), TestNodes.ownCluster())) {
      defineTiers(node, "1", "1");
      var otherMember = new HzRoundClaims(node.hazelcast().getMap(HzRoundClaims.MAP), Runnable::run, Clock.systemUTC(),
          600_000, "another-member", Set::of);
      Map<String, String> otherTry = Map.of(RoundClaims.jackpotGameKey("tiers", "demo", "POOL-1"), "creepy-candy\u0000p-1");
      assertEquals(RoundClaims.Claim.NEW, otherMember.claim(otherTry, "other-try").toCompletableFuture().get().values().iterator().next());

      Api api = new Api(node.httpPort());
      Api.Reply meanwhile = api.post("/v1/wins", Api.jackpotGame("POOL-1", "tiers").put("poolKey", "a").encode());
      assertEquals("ROUND_IN_PROGRESS", meanwhile.errorCode(), meanwhile.body());
      assertEquals(0, api.pool("tiers", "a").getLong("sequence"), "nothing paid meanwhile");

      String othersWin = appliedToA(node, "another-member", "POOL-1");
      otherMember.release(otherTry, "other-try").toCompletableFuture().get();
      Api.Reply same = api.post("/v1/wins", Api.jackpotGame("POOL-1", "tiers").put("poolKey", "a").encode());
      assertEquals(200, same.status(), same.body());
      assertEquals(othersWin, same.json().getString("winId"), "the win applied and not yet recorded: " + same.body());
      Api.Reply other = api.post("/v1/wins", Api.jackpotGame("POOL-1", "tiers").put("poolKey", "b").encode());
      assertEquals("ROUND_ALREADY_WON", other.errorCode(), other.body());
      assertEquals(0, api.pool("tiers", "b").getLong("sequence"));
    }
  }

  /**
   * The win of a jackpot-game claim of {@code round} (player p-1, as Api.jackpotGame claims) that
   * {@code sender} applied to tier a directly and never recorded.
   */
  private static String appliedToA(JackpotNode node, String sender, String round) throws Exception {
    PoolId a = new PoolId("tiers", "a");
    Pool.Batch claim = new Pool.Batch(sender, 1, sender + "-op", new Entropy(1, 2, 3, 4),
        List.of(new PoolCommand.Claim(round, "p-1", "creepy-candy", "demo", Instant.now())));
    // Sent as another member would have: a sender this test makes up is no member, so not checked.
    Map<PoolId, List<PoolOutcome>> applied = node.pools().applyOnBehalf(Map.of(a, claim)).toCompletableFuture().get();
    assertEquals(1, applied.get(a).size());
    return node.pools().get(a).toCompletableFuture().get().orElseThrow().winOf("demo", round).orElseThrow().winId();
  }

  /** Jackpot "tiers" of creepy-candy, pools a and b with these draw weights. */
  private static void defineTiers(JackpotNode node, String weightA, String weightB) throws Exception {
    JsonObject tiers = new JsonObject().put("name", "Tiers").put("currency", "EUR").put("owner", "demo")
        .put("games", new JsonArray().add("creepy-candy")).put("routing", "ALL")
        .put("pools", new JsonArray().add(tier("a", weightA)).add(tier("b", weightB)));
    Api.Reply defined = AdminCalls.callAt(node.httpPort(), "PUT", "/v1/admin/jackpots/tiers", "dev-admin-token", tiers.encode());
    assertEquals(200, defined.status(), defined.body());
  }

  private static JsonObject tier(String key, String weight) {
    return new JsonObject().put("key", key).put("name", key.toUpperCase()).put("seed", "10.00").put("rate", "0.001")
        .put("trigger", new JsonObject().put("type", "CLAIM")).put("drawWeight", weight);
  }
}
