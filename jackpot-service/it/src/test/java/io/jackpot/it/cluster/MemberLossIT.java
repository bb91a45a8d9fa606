package io.jackpot.it.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jackpot.it.support.Await;
import io.jackpot.it.support.OneNode;
import io.jackpot.it.support.ProcessCluster;
import io.jackpot.it.support.SimplePg;
import io.jackpot.it.support.TestPostgres;
import io.jackpot.sim.LoadRun;
import java.nio.file.Files;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Three member processes on one ledger; contributions and claims spread over all three through the
 * SDK; one member is killed with -9 in the middle. The games retry on the others: every round is
 * acknowledged; then none is lost, none applied twice, no jackpot paid twice, and the pools equal
 * the ledger (reconciliation balanced). The killed member comes back and serves.
 */
class MemberLossIT {
  @Test
  void aMemberKilledUnderLoadLosesNothingAndPaysNothingTwice() throws Exception {
    String pg = TestPostgres.freshDatabase();
    try (ProcessCluster cluster = new ProcessCluster(pg, 3)) {
      cluster.startAll();

      cluster.explainingFailure(() -> {
        // The games' own jackpots one round in 150: claims go through the members as well.
        LoadRun load = cluster.loadRun(6, 9_000, 150);
        CompletableFuture<LoadRun.Summary> running = cluster.load(load);
        Await.until(() -> load.acknowledgedSoFar() >= 2_000 || running.isDone(), Duration.ofSeconds(120), () -> "2,000 rounds acknowledged");
        long before = load.acknowledgedSoFar();
        cluster.process(1).destroyForcibly(); // kill -9, mid-stream
        assertTrue(cluster.process(1).waitFor(30, TimeUnit.SECONDS));

        LoadRun.Summary s = running.get(300, TimeUnit.SECONDS);
        System.out.printf("member loss: killed at %,d acknowledged; after the run %,d acknowledged, %,d failed, %,d in the ledger, %,d wins%n",
            before, s.acknowledged(), s.failed(), s.ledgerRounds(), s.wins());
        assertTrue(before < s.acknowledged(), "the load went on after the kill: " + s);
        assertEquals(9_000, s.acknowledged(), "every round acknowledged (the SDK retried on the others): " + s);
        assertEquals(0, s.refused() + s.failed() + s.failedClaims(), s.toString());
        assertEquals(9_000, s.ledgerRounds(), "no acknowledged round lost");
        assertTrue(s.wins() > 0, "jackpots were won during the run: " + s);

        try (SimplePg sql = SimplePg.of(pg)) {
          assertEquals(0, sql.count("SELECT count(*) FROM (SELECT round_id, jackpot_id, pool_key FROM contributions"
              + " GROUP BY 1, 2, 3 HAVING count(*) > 1) twice"), "no round applied twice to a pool");
          assertEquals(0, sql.count("SELECT count(*) FROM (SELECT jackpot_id, pool_key, round_id FROM wins"
              + " GROUP BY 1, 2, 3 HAVING count(*) > 1) twice"), "no claim paid twice");
          assertEquals(0, sql.count("SELECT count(*) FROM (SELECT jackpot_id, pool_key FROM wins"
              + " GROUP BY 1, 2 HAVING max(sequence) <> count(*)) gaps"), "each pool's wins numbered 1..n, none twice, none missing");
          long wins = sql.count("SELECT count(*) FROM wins");
          long stepsRecovered = sql.count("SELECT count(*) FROM ledger_steps s JOIN ledger_commits c ON c.commit_id = s.step_id");
          System.out.printf("member loss: %,d wins in the ledger, %,d steps recorded on the killed member's behalf%n", wins, stepsRecovered);
        }
        OneNode.assertBalanced(cluster.http(0));
        OneNode.assertBalanced(cluster.http(2));

        // The member rejoins and serves again.
        cluster.restartAndCheckItServes(1, 0, "LOSS-BACK-1");
        OneNode.assertBalanced(cluster.http(1));
        String log = Files.readString(cluster.data(0).resolve("service.log")) + Files.readString(cluster.data(2).resolve("service.log"));
        log.lines().filter(l -> l.contains("left with")).forEach(l -> System.out.println("member loss: " + l.replaceAll("^\\{.*formattedMessage\":\"", "")));
      });
    }
  }
}
