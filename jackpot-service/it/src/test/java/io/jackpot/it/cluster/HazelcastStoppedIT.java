package io.jackpot.it.cluster;

import static io.jackpot.it.support.Api.batch;
import static io.jackpot.it.support.Api.contribution;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.jackpot.JackpotNode;
import io.jackpot.it.support.Api;
import io.jackpot.it.support.TestNodes;
import io.jackpot.it.support.TestPostgres;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A member whose Hazelcast instance stops by itself (its out-of-memory handler stops every
 * instance of the process, say) can serve nothing any more: it takes no more work, reports
 * not-ready and says so ({@link JackpotNode#identityLost()}), whereupon the service process stops
 * to start again (Main, exit code 3), rather than staying up, not ready and alive for ever.
 */
class HazelcastStoppedIT {
  @Test
  void aMemberWhoseHazelcastStoppedByItselfSaysItIsLost() throws Exception {
    String pg = TestPostgres.freshDatabase();
    try (JackpotNode node = TestNodes.start(pg, TestNodes.ownCluster())) {
      Api api = new Api(node.httpPort());
      assertEquals(200, api.post("/v1/contributions", batch(contribution("HZ-STOPPED-1", "bewitched", "2.00", "0.10"))).status());
      node.hazelcast().getLifecycleService().terminate();
      node.identityLost().toCompletableFuture().get(30, TimeUnit.SECONDS);
      assertEquals(503, api.get("/health/ready").status());
      assertEquals(503, api.post("/v1/contributions", batch(contribution("HZ-STOPPED-2", "bewitched", "2.00", "0.10"))).status());
    }
  }
}
