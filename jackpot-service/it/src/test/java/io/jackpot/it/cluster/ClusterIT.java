package io.jackpot.it.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jackpot.it.support.Api;
import io.jackpot.it.support.Await;
import io.jackpot.it.support.OneNode;
import io.jackpot.it.support.ProcessCluster;
import io.jackpot.it.support.TestPostgres;
import io.jackpot.sim.LoadRun;
import io.vertx.core.json.JsonObject;
import java.nio.file.Files;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Three members as separate processes (as {@code scripts/cluster 3} starts them) on one ledger,
 * quorum two. Under load through the SDK, spread over all three: a member stopped with SIGTERM
 * (a rolling update) stops taking requests, finishes what it started and leaves; every round is
 * acknowledged (the SDK fails over), the ledger holds exactly those, and the member rejoins and
 * serves. Then all three are killed with -9 and started again: every pool is rebuilt exactly.
 */
class ClusterIT {
  @Test
  void aGracefulLeaveUnderLoadLosesNothingAndAFullKillMinusNineRestartRebuildsEveryPool() throws Exception {
    try (ProcessCluster cluster = new ProcessCluster(TestPostgres.freshDatabase(), 3)) {
      cluster.startAll();
      Api one = new Api(cluster.http(0));

      cluster.explainingFailure(() -> {
        LoadRun load = cluster.loadRun(6, 9_000, 300);
        CompletableFuture<LoadRun.Summary> running = cluster.load(load);
        Await.until(() -> load.acknowledgedSoFar() >= 2_000 || running.isDone(), Duration.ofSeconds(120), () -> "2,000 rounds acknowledged");
        long before = load.acknowledgedSoFar();
        Process leaving = cluster.process(1);
        leaving.destroy(); // SIGTERM, as Kubernetes sends it
        assertTrue(leaving.waitFor(90, TimeUnit.SECONDS), "the member stops by itself after SIGTERM");
        String log = Files.readString(cluster.data(1).resolve("service.log"));
        assertTrue(log.contains("sequencer drained, everything applied is committed"), "it finished what it started before leaving");
        assertTrue(log.contains("stopped"), log);

        LoadRun.Summary s = running.get(300, TimeUnit.SECONDS);
        assertTrue(before < s.acknowledged(), "the load went on after the member left: " + s);
        System.out.printf("graceful leave: %,d acknowledged before SIGTERM; after the run %,d acknowledged, %,d failed, %,d in the ledger, %,d wins%n",
            before, s.acknowledged(), s.failed(), s.ledgerRounds(), s.wins());
        assertEquals(9_000, s.acknowledged(), "every round acknowledged: " + s);
        assertEquals(0, s.refused() + s.failed() + s.failedClaims(), s.toString());
        assertEquals(9_000, s.ledgerRounds(), "the ledger holds exactly the acknowledged rounds");
        assertTrue(s.wins() > 0, "jackpots were won during the run: " + s);
      });
      OneNode.assertBalanced(cluster.http(0));

      // The member comes back and serves again.
      cluster.restartAndCheckItServes(1, 0, "CL-BACK-1");

      // Full restart: everything killed with -9, then started again on the same ledger.
      String pools = one.get("/v1/jackpots").body();
      for (int i = 0; i < 3; i++) {
        cluster.process(i).destroyForcibly().waitFor(30, TimeUnit.SECONDS);
      }
      cluster.startAll();
      for (int i = 0; i < 3; i++) {
        assertEquals(pools, new Api(cluster.http(i)).get("/v1/jackpots").body(), "member " + (i + 1) + " after the full restart");
      }
      OneNode.assertBalanced(cluster.http(2));

      List<String> jsonLog = Files.readAllLines(cluster.data(2).resolve("service.log"));
      assertTrue(jsonLog.size() > 10, "the JSON-logging member logged");
      for (String line : jsonLog) {
        JsonObject event = new JsonObject(line); // every line one JSON object
        assertTrue(event.containsKey("level") && event.containsKey("loggerName") && event.containsKey("formattedMessage"), line);
      }
      assertTrue(jsonLog.stream().anyMatch(l -> new JsonObject(l).getString("formattedMessage").startsWith("step 6/6")), "its start-up steps are logged as JSON");
    }
  }
}
