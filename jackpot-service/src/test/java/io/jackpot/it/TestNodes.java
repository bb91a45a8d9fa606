package io.jackpot.it;

import io.jackpot.JackpotNode;
import io.jackpot.cluster.ClusterSettings;
import io.jackpot.config.ServiceConfig;
import io.jackpot.jackpot.Catalogue;
import io.jackpot.jackpot.DefaultCatalogue;
import java.io.IOException;
import java.net.ServerSocket;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/** Starts real members (embedded Hazelcast, clustered Vert.x) against a test database. */
final class TestNodes {
  private TestNodes() {}

  static int freePort() {
    try (ServerSocket s = new ServerSocket(0)) {
      return s.getLocalPort();
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Settings for a new single-member cluster of its own (unique name, own port). */
  static ClusterSettings ownCluster() {
    return new ClusterSettings("it-" + UUID.randomUUID(), freePort(), List.of("127.0.0.1"), "127.0.0.1", 600);
  }

  static JackpotNode start(String pgUrl, ClusterSettings cluster) throws Exception {
    return start(pgUrl, cluster, DefaultCatalogue.create());
  }

  static JackpotNode start(String pgUrl, ClusterSettings cluster, Catalogue catalogue) throws Exception {
    ServiceConfig config = ServiceConfig.fromEnv(Map.of())
        .withHttpPort(freePort()).withPgUrl(pgUrl).withCluster(cluster);
    return JackpotNode.start(config, Clock.systemUTC(), catalogue);
  }

}
