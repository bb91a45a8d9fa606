package io.jackpot.it;

import io.jackpot.JackpotNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** A test class against one real member with a database of its own, started once per class. */
abstract class OneNode {
  static JackpotNode node;
  static Api api;
  static String pgUrl;

  @BeforeAll
  static void startNode() throws Exception {
    pgUrl = TestPostgres.freshDatabase();
    node = TestNodes.start(pgUrl, TestNodes.ownCluster());
    api = new Api(node.httpPort());
  }

  /** Every scenario ends with the ledger and the live pools reconciled, exactly. */
  @AfterAll
  static void stopNode() throws Exception {
    try {
      assertBalanced(node.httpPort());
    } finally {
      node.close();
    }
  }

  static void assertBalanced(int port) {
    Api.Reply r = AdminIT.callAt(port, "GET", "/v1/admin/reconciliation", "dev-viewer-token");
    org.junit.jupiter.api.Assertions.assertEquals(200, r.status(), r.body());
    org.junit.jupiter.api.Assertions.assertTrue(r.json().getBoolean("balanced"), "reconciliation: " + r.body());
  }
}
