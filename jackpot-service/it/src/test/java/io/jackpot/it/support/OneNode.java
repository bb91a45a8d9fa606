package io.jackpot.it.support;

import io.jackpot.JackpotNode;
import io.jackpot.it.support.AdminCalls;
import io.jackpot.pool.Pool;
import io.jackpot.pool.PoolId;
import io.jackpot.pool.hz.HzPools;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.BeforeAll;

/** A test class against one real member with a database of its own, started once per class. */
public abstract class OneNode {
  public static JackpotNode node;
  public static Api api;
  public static String pgUrl;

  @BeforeAll
  public static void startNode() throws Exception {
    pgUrl = TestPostgres.freshDatabase();
    node = TestNodes.start(pgUrl, TestNodes.ownCluster());
    api = new Api(node.httpPort());
  }

  /** Every scenario ends with the ledger and the live pools reconciled, exactly. */
  @AfterAll
  public static void stopNode() throws Exception {
    try {
      assertBalanced(node.httpPort());
    } finally {
      node.close();
    }
  }

  /**
   * Runs {@code meanwhile} with pool {@code id} out of the cluster (not loaded), then puts it back
   * exactly as it was, so the class's reconciliation still holds.
   */
  public static <T> T whileNotLoaded(PoolId id, Callable<T> meanwhile) throws Exception {
    Pool live = node.pools().get(id).toCompletableFuture().get().orElseThrow();
    node.hazelcast().getMap(HzPools.MAP).delete(id.key());
    try {
      return meanwhile.call();
    } finally {
      node.pools().putIfAbsent(live).toCompletableFuture().get();
    }
  }

  public static void assertBalanced(int port) {
    Api.Reply r = AdminCalls.callAt(port, "GET", "/v1/admin/reconciliation", "dev-viewer-token");
    Assertions.assertEquals(200, r.status(), r.body());
    Assertions.assertTrue(r.json().getBoolean("balanced"), "reconciliation: " + r.body());
  }
}
