package io.jackpot.it.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jackpot.it.support.Api;
import io.jackpot.it.support.Await;
import io.jackpot.it.support.ProcessCluster;
import io.jackpot.it.support.TestPostgres;
import io.vertx.core.json.JsonObject;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A member that goes silent without closing its connections (frozen with SIGSTOP here; a host
 * powered off or cut off by the network alike) is dropped after the heartbeat timeout
 * (JACKPOT_HZ_HEARTBEAT_TIMEOUT_SECONDS, 15 s as k8s sets it), and every pool is served again by
 * the others.
 */
class FrozenMemberIT {
  private static final int TIMEOUT = 15;

  private static long members(int httpPort) {
    return (long) Api.metric(new Api(httpPort).get("/metrics").body(), "jackpot_cluster_members ").orElse(-1);
  }

  private static void signal(String name, long pid) throws Exception {
    // The shell's own kill: /bin/kill comes with procps, which minimal images leave out.
    Process kill = new ProcessBuilder("sh", "-c", "kill -" + name + " " + pid).inheritIO().start();
    assertTrue(kill.waitFor(10, TimeUnit.SECONDS) && kill.exitValue() == 0, "kill -" + name + " " + pid);
  }

  @Test
  void aSilentMemberIsDroppedWithinTheHeartbeatTimeoutAndItsPoolsServedAgain() throws Exception {
    try (ProcessCluster cluster = new ProcessCluster(TestPostgres.freshDatabase(), 3,
        Map.of("JACKPOT_HZ_HEARTBEAT_TIMEOUT_SECONDS", Integer.toString(TIMEOUT)))) {
      cluster.startAll();
      Await.until(() -> members(cluster.http(0)) == 3, Duration.ofSeconds(30), () -> "three members");
      long pid = cluster.process(2).pid();
      signal("STOP", pid);
      long frozen = System.nanoTime();
      try {
        Await.until(() -> members(cluster.http(0)) == 2, Duration.ofSeconds(50), () -> "the frozen member dropped");
        long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - frozen);
        System.out.printf("frozen member dropped after %d s (timeout %d s)%n", seconds, TIMEOUT);
        assertTrue(seconds < TIMEOUT + 15, "dropped after " + seconds + " s");
        // Every Bewitched pool (a third of them had their primary on the frozen member) takes a contribution.
        Api api = new Api(cluster.http(0));
        List<String> coins = List.of("0.01", "0.02", "0.05", "0.10", "0.20", "0.50", "1.00", "2.00", "5.00", "10.00");
        StringBuilder items = new StringBuilder();
        for (String coin : coins) {
          items.append(items.length() == 0 ? "" : ",").append(Api.contribution("FROZEN-" + coin, "bewitched", coin, coin));
        }
        Api.Reply r = api.post("/v1/contributions", Api.batch(items.toString()));
        assertEquals(200, r.status(), r.body());
        for (Object o : Api.results(r)) {
          assertEquals("APPLIED", ((JsonObject) o).getString("status"), r.body());
        }
      } finally {
        signal("CONT", pid);
      }
    }
  }
}
