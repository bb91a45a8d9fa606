package io.jackpot.it.ledger;

import static io.jackpot.it.support.Api.batch;
import static io.jackpot.it.support.Api.contribution;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jackpot.JackpotNode;
import io.jackpot.cluster.ClusterSettings;
import io.jackpot.it.support.AdminCalls;
import io.jackpot.it.support.Api;
import io.jackpot.it.support.SimplePg;
import io.jackpot.it.support.TestNodes;
import io.jackpot.it.support.TestPostgres;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The ledger stops taking commits for longer than the round-claim TTL (its database turned
 * read-only, as an old primary is after a failover). A round member A applied and cannot record
 * keeps its claim (ClaimKeeper), so the game's retry on member B is told ROUND_IN_PROGRESS instead
 * of being applied a second time. Once the ledger takes commits again, A records the round once and
 * answers it, B answers DUPLICATE, and the pools equal the ledger.
 */
class LedgerStuckIT {
  static final int TTL_SECONDS = 3;

  @Test
  void aRoundWaitingForItsCommitKeepsItsClaimPastTheTtl() throws Exception {
    String url = TestPostgres.freshDatabase();
    String db = url.substring(url.lastIndexOf('/') + 1);
    String name = "stuck-" + UUID.randomUUID();
    int portA = TestNodes.freePort(), portB = TestNodes.freePort();
    List<String> members = List.of("127.0.0.1:" + portA, "127.0.0.1:" + portB);
    JackpotNode a = TestNodes.start(url, new ClusterSettings(name, portA, members, "127.0.0.1", TTL_SECONDS));
    JackpotNode b = TestNodes.start(url, new ClusterSettings(name, portB, members, "127.0.0.1", TTL_SECONDS));
    // Another database of the same server, so that these sessions are not cut off with the service's.
    try (SimplePg admin = SimplePg.of(url.substring(0, url.lastIndexOf('/') + 1) + "postgres")) {
      Api onA = new Api(a.httpPort()), onB = new Api(b.httpPort());
      String round = batch(contribution("STUCK-1", "bewitched", "1.00", "0.10"));
      String before = onA.amount("bewitched", "cv-0.10");
      readOnly(admin, db, true);
      CompletableFuture<Api.Reply> first = CompletableFuture.supplyAsync(() -> onA.post("/v1/contributions", round));
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
      while (onA.amount("bewitched", "cv-0.10").equals(before)) {
        assertTrue(!first.isDone(), () -> "A answered before applying the round: " + first.join().body());
        assertTrue(System.nanoTime() < deadline, "A never applied the round");
        Thread.sleep(20);
      }
      String applied = onA.amount("bewitched", "cv-0.10");
      // Twice the TTL: the time passing is what is under test, not a stand-in for an event.
      Thread.sleep(TimeUnit.SECONDS.toMillis(2L * TTL_SECONDS));
      Api.Reply retry = onB.post("/v1/contributions", round);
      assertEquals(200, retry.status(), retry.body());
      assertEquals("ROUND_IN_PROGRESS", Api.results(retry).getJsonObject(0).getJsonObject("error").getString("code"), retry.body());
      assertEquals(applied, onB.amount("bewitched", "cv-0.10"), "applied once");

      readOnly(admin, db, false);
      Api.Reply answered = first.get(30, TimeUnit.SECONDS);
      assertEquals("APPLIED", Api.results(answered).getJsonObject(0).getString("status"), answered.body());
      Api.Reply again = onB.post("/v1/contributions", round);
      assertEquals("DUPLICATE", Api.results(again).getJsonObject(0).getString("status"), again.body());
      try (SimplePg ledger = SimplePg.of(url)) {
        assertEquals(1, ledger.count("SELECT count(*) FROM rounds WHERE round_id = 'STUCK-1'"));
      }
      assertEquals(applied, onB.amount("bewitched", "cv-0.10"));
      Api.Reply reconciliation = AdminCalls.callAt(b.httpPort(), "GET", "/v1/admin/reconciliation", "dev-viewer-token");
      assertTrue(reconciliation.json().getBoolean("balanced"), reconciliation.body());
    } finally {
      try (SimplePg admin = SimplePg.of(url.substring(0, url.lastIndexOf('/') + 1) + "postgres")) {
        readOnly(admin, db, false); // so that a failed run's members drain and stop at once
      }
      b.close();
      a.close();
    }
  }

  /**
   * Turns the ledger's database read-only (or back) for every session: the service's sessions are
   * cut off (waiting until each has ended) so that they reconnect under the new setting.
   */
  private static void readOnly(SimplePg admin, String db, boolean on) {
    admin.execute("ALTER DATABASE " + db + (on ? " SET default_transaction_read_only = on" : " RESET default_transaction_read_only"));
    admin.execute("SELECT pg_terminate_backend(pid, 10000) FROM pg_stat_activity WHERE datname = '" + db + "'");
  }
}
