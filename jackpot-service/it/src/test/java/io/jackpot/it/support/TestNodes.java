package io.jackpot.it.support;

import com.hazelcast.core.Hazelcast;
import com.hazelcast.core.HazelcastInstance;
import io.jackpot.JackpotNode;
import io.jackpot.catalogue.Catalogue;
import io.jackpot.catalogue.DefaultCatalogue;
import io.jackpot.cluster.ClusterSettings;
import io.jackpot.cluster.HazelcastConfigs;
import io.jackpot.config.ServiceConfig;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;

/** Starts real members (embedded Hazelcast, clustered Vert.x) against a test database. */
public final class TestNodes {
  private TestNodes() {}

  /** Test ports come from below the kernel's ephemeral range (32768–60999 here), never twice in one run. */
  private static final int FIRST = 20_000;
  private static final int PORTS = 12_000;
  /** Where this JVM starts in that range: apart from other test JVMs that may run at the same time. */
  private static final AtomicInteger NEXT =
      new AtomicInteger((int) (ProcessHandle.current().pid() * 211 % PORTS));

  /**
   * A port free now that nothing else in this run is given. Not one the kernel hands out itself
   * (binding port 0): the clustered event bus and PostgreSQL bind such ports too, and a port
   * picked that way could be taken by one of them before the member binds it (about one suite
   * run in a hundred).
   */
  public static int freePort() {
    for (int tries = 0; tries < PORTS / 2; tries++) {
      // Every other port: a Hazelcast member whose port was taken meanwhile moves to the next one
      // (port auto-increment), which is then never another member's.
      int port = FIRST + Math.floorMod(NEXT.getAndAdd(2), PORTS);
      try (ServerSocket s = new ServerSocket()) {
        s.bind(new InetSocketAddress(port));
        return port;
      } catch (IOException taken) {
        // in use: the next one
      }
    }
    throw new IllegalStateException("no free port in " + FIRST + "-" + (FIRST + PORTS - 1));
  }

  /** Settings for a new single-member cluster of its own (unique name, own port). */
  public static ClusterSettings ownCluster() {
    return new ClusterSettings("it-" + UUID.randomUUID(), freePort(), List.of("127.0.0.1"), "127.0.0.1", 600);
  }

  /** Two bare Hazelcast members on loopback with the service's configuration, joined to each other (no Vert.x, no database). */
  public static List<HazelcastInstance> twoHazelcastMembers(String name) throws InterruptedException {
    int one = freePort();
    int two = freePort();
    List<String> members = List.of("127.0.0.1:" + one, "127.0.0.1:" + two);
    String cluster = name + "-" + UUID.randomUUID();
    List<HazelcastInstance> started = new ArrayList<>();
    try {
      for (int port : List.of(one, two)) {
        started.add(Hazelcast.newHazelcastInstance(
            HazelcastConfigs.of(new ClusterSettings(cluster, port, members, "127.0.0.1", 600))));
      }
      Await.until(() -> started.stream().allMatch(m -> m.getCluster().getMembers().size() == 2),
          Duration.ofSeconds(30), () -> "two members joined");
      return List.copyOf(started);
    } catch (RuntimeException | Error | InterruptedException e) {
      started.forEach(m -> m.getLifecycleService().terminate()); // the caller never gets them to stop
      throw e;
    }
  }

  public static JackpotNode start(String pgUrl, ClusterSettings cluster) throws Exception {
    return start(pgUrl, cluster, DefaultCatalogue.create());
  }

  public static JackpotNode start(String pgUrl, ClusterSettings cluster, Catalogue catalogue) throws Exception {
    return start(Map.of(), pgUrl, cluster, catalogue);
  }

  /**
   * {@code env} with the per-client bounds raised where it does not set them: tests claim and open
   * connections from one address far faster than a game does (ClaimRoundsIT and SlowClientsIT test the bounds).
   */
  static Map<String, String> withTestBounds(Map<String, String> env) {
    Map<String, String> out = new HashMap<>(Map.of("JACKPOT_CLAIMS_PER_SECOND", "100000",
        "JACKPOT_HTTP_MAX_CONNECTIONS_PER_CLIENT", "100000"));
    out.putAll(env);
    return out;
  }

  /** A member with these settings ({@code env}, as JACKPOT_* variables) besides its port, database and cluster. */
  public static JackpotNode start(Map<String, String> env, String pgUrl, ClusterSettings cluster, Catalogue catalogue) throws Exception {
    ServiceConfig config = ServiceConfig.fromEnv(withTestBounds(env))
        .withHttpPort(freePort()).withPgUrl(pgUrl).withCluster(cluster);
    return JackpotNode.start(config, Clock.systemUTC(), catalogue);
  }

}
