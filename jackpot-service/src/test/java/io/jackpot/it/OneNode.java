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

  @AfterAll
  static void stopNode() throws Exception {
    node.close();
  }
}
