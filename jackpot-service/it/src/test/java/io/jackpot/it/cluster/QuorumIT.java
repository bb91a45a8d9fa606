package io.jackpot.it.cluster;

import static io.jackpot.it.support.Api.batch;
import static io.jackpot.it.support.Api.contribution;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jackpot.JackpotNode;
import io.jackpot.cluster.ClusterSettings;
import io.jackpot.it.contribution.ContributionStreamIT;
import io.jackpot.it.support.AdminCalls;
import io.jackpot.it.support.Api;
import io.jackpot.it.support.Await;
import io.jackpot.it.support.OneNode;
import io.jackpot.it.support.TestNodes;
import io.jackpot.it.support.TestPostgres;
import io.vertx.core.json.JsonObject;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Split-brain protection as far as one machine allows: a member left alone in a cluster whose
 * quorum is two (JACKPOT_MIN_MEMBERS=2) is the minority side of a split. It refuses every
 * money-moving request with 503 NO_QUORUM and reports not-ready; it cannot vouch for pool amounts
 * either (Hazelcast's protection refuses its pool reads: 503 NO_QUORUM). When a second member
 * joins again, nothing has moved and money moves again.
 */
class QuorumIT {
  @Test
  void aMemberWithoutQuorumRefusesToMoveMoney() throws Exception {
    String pg = TestPostgres.freshDatabase();
    String name = "quorum-" + UUID.randomUUID();
    int portA = TestNodes.freePort();
    int portB = TestNodes.freePort();
    int portC = TestNodes.freePort();
    List<String> members = List.of("127.0.0.1:" + portA, "127.0.0.1:" + portB, "127.0.0.1:" + portC);
    // Each member waits at start until the quorum is there, so the first two start together
    // (bounded: a member whose partner never comes would wait for ever).
    var startingA = CompletableFuture.supplyAsync(() -> node(pg, name, portA, members));
    var startingB = CompletableFuture.supplyAsync(() -> node(pg, name, portB, members));
    JackpotNode a = startingA.get(120, TimeUnit.SECONDS);
    JackpotNode b = startingB.get(120, TimeUnit.SECONDS);
    JackpotNode c = null;
    boolean bRunning = true;
    try {
      Api viaA = new Api(a.httpPort());
      assertEquals(200, viaA.post("/v1/contributions", batch(contribution("Q-1", "bewitched", "2.00", "0.10"))).status());
      assertEquals(200, viaA.get("/health/ready").status());
      // A game's contribution stream, open on A before it is left alone.
      ContributionStreamIT.Listener streamed = new ContributionStreamIT.Listener();
      WebSocket stream = HttpClient.newHttpClient().newWebSocketBuilder()
          .header("Authorization", "Bearer " + Api.GAME_KEY)
          .buildAsync(URI.create("ws://127.0.0.1:" + a.httpPort() + "/v1/contributions/stream"), streamed)
          .get(10, TimeUnit.SECONDS);

      b.close();
      bRunning = false;
      Await.until(() -> viaA.get("/health/ready").status() == 503, Duration.ofSeconds(30), () -> "a member alone reports not-ready");
      Api.Reply refused = viaA.post("/v1/contributions", batch(contribution("Q-2", "bewitched", "2.00", "0.10")));
      assertEquals(503, refused.status(), refused.body());
      assertTrue(refused.body().contains("NO_QUORUM"), refused.body());
      // The stream's batch is refused the same way, and the stream is closed (1013, try again
      // later), so that the game reconnects, through its load balancer, to a member that can serve.
      stream.sendText(new JsonObject(batch(contribution("Q-2s", "bewitched", "2.00", "0.10"))).put("id", 1).encode(), true).join();
      JsonObject streamRefusal = streamed.answerTo(1).get(10, TimeUnit.SECONDS);
      assertEquals(503, streamRefusal.getInteger("status"));
      assertEquals("NO_QUORUM", streamRefusal.getJsonObject("error").getString("code"));
      assertEquals(1013, streamed.closed.get(10, TimeUnit.SECONDS));
      Api.Reply claim = viaA.post("/v1/wins", Api.claim("Q-WIN", "bewitched", "cv-0.10"));
      assertEquals(503, claim.status(), "no jackpot is paid without a quorum: " + claim.body());
      assertEquals(503, AdminCalls.callAt(a.httpPort(), "POST", "/v1/admin/jackpots/candy/pools/minor/pause", "dev-admin-token").status());
      Api.Reply read = viaA.get("/v1/jackpots/bewitched/pools/cv-0.10");
      assertEquals(503, read.status(), read.body());
      assertTrue(read.body().contains("NO_QUORUM"), read.body());

      c = CompletableFuture.supplyAsync(() -> node(pg, name, portC, members)).get(120, TimeUnit.SECONDS);
      Await.until(() -> viaA.get("/health/ready").status() == 200, Duration.ofSeconds(30), () -> "quorum back with a second member");
      assertEquals("200.010000", viaA.amount("bewitched", "cv-0.10"), "nothing moved while alone");
      assertEquals(200, viaA.post("/v1/contributions", batch(contribution("Q-3", "bewitched", "2.00", "0.10"))).status());
      assertEquals("200.020000", new Api(c.httpPort()).amount("bewitched", "cv-0.10"));
      OneNode.assertBalanced(a.httpPort());
    } finally {
      if (bRunning) {
        b.close();
      }
      if (c != null) {
        c.close();
      }
      a.close();
    }
  }

  private static JackpotNode node(String pg, String name, int hzPort, List<String> members) {
    try {
      return TestNodes.start(pg, new ClusterSettings(name, hzPort, members, "127.0.0.1", 600).withMinMembers(2));
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }
}
