package io.jackpot.it.cluster;

import static io.jackpot.it.support.Api.batch;
import static io.jackpot.it.support.Api.contribution;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jackpot.JackpotNode;
import io.jackpot.cluster.ClusterSettings;
import io.jackpot.it.support.Api;
import io.jackpot.it.support.Await;
import io.jackpot.it.support.OneNode;
import io.jackpot.it.support.TestNodes;
import io.jackpot.it.support.TestPostgres;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A healed split: two members that formed clusters of their own meet, and Hazelcast merges one
 * under a new member id. The merged member must not go on under its old id, whose steps and claims
 * the cluster takes over. It refuses new work with a retryable 503 and reports not-ready
 * ({@link JackpotNode#identityLost()}); the process then exits and restarts. The other serves on.
 */
class MergeIT {
  @Test
  void aMemberMergedBackAfterASplitStopsWorkingUnderItsOldIdentity() throws Exception {
    String pg = TestPostgres.freshDatabase();
    String name = "merge-" + UUID.randomUUID();
    int portA = TestNodes.freePort();
    int portB = TestNodes.freePort();
    // Hazelcast looks for other clusters to merge with after 5 s, then every 5 s (defaults: 300 and 120 s).
    System.setProperty("hazelcast.merge.first.run.delay.seconds", "5");
    System.setProperty("hazelcast.merge.next.run.delay.seconds", "5");
    JackpotNode a = null;
    JackpotNode b = null;
    try {
      // A knows B's address but B is not there yet: A forms a cluster alone. B, not knowing A, forms its own.
      a = TestNodes.start(pg, new ClusterSettings(name, portA, List.of("127.0.0.1:" + portA, "127.0.0.1:" + portB), "127.0.0.1", 600));
      b = TestNodes.start(pg, new ClusterSettings(name, portB, List.of("127.0.0.1:" + portB), "127.0.0.1", 600));
      assertEquals(1, a.hazelcast().getCluster().getMembers().size(), "two clusters before the merge");
      assertEquals(1, b.hazelcast().getCluster().getMembers().size(), "two clusters before the merge");

      JackpotNode first = a;
      JackpotNode second = b;
      Object merged = CompletableFuture.anyOf(first.identityLost().toCompletableFuture().thenApply(id -> first),
          second.identityLost().toCompletableFuture().thenApply(id -> second)).get(90, TimeUnit.SECONDS);
      JackpotNode gone = merged == a ? a : b;
      JackpotNode kept = merged == a ? b : a;
      Await.until(() -> kept.hazelcast().getCluster().getMembers().size() == 2, Duration.ofSeconds(60), () -> "one cluster after the merge");
      assertTrue(!kept.identityLost().toCompletableFuture().isDone(), "only the member that merged lost its identity");

      Api viaGone = new Api(gone.httpPort());
      assertEquals(503, viaGone.get("/health/ready").status(), "the merged member reports not-ready for good");
      Api.Reply refused = viaGone.post("/v1/contributions", batch(contribution("MERGE-1", "bewitched", "2.00", "0.10")));
      assertEquals(503, refused.status(), "no new work under the old identity: " + refused.body());

      Api viaKept = new Api(kept.httpPort());
      Await.until(() -> viaKept.get("/health/ready").status() == 200, Duration.ofSeconds(30), () -> "the other member serves");
      assertEquals(200, viaKept.post("/v1/contributions", batch(contribution("MERGE-2", "bewitched", "2.00", "0.10"))).status());
      OneNode.assertBalanced(kept.httpPort());
    } finally {
      System.clearProperty("hazelcast.merge.first.run.delay.seconds");
      System.clearProperty("hazelcast.merge.next.run.delay.seconds");
      if (b != null) {
        b.close();
      }
      if (a != null) {
        a.close();
      }
    }
  }
}
