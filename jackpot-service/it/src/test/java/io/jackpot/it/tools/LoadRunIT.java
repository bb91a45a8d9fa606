package io.jackpot.it.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jackpot.JackpotNode;
import io.jackpot.it.contribution.SdkIT;
import io.jackpot.it.support.AdminCalls;
import io.jackpot.it.support.Api;
import io.jackpot.it.support.OneNode;
import io.jackpot.it.support.SimplePg;
import io.jackpot.it.support.TestNodes;
import io.jackpot.it.support.TestPostgres;
import io.jackpot.sdk.ContributorConfig;
import io.jackpot.sim.LoadRun;
import io.vertx.core.json.JsonObject;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The load generator against the real service: what it reports acknowledged is exactly what the ledger holds. */
class LoadRunIT {
  /** Over either transport of the SDK (HTTP/2: cleartext upgrade). */
  @ParameterizedTest
  @EnumSource(ContributorConfig.Transport.class)
  void aBoundedRunEndsWithTheLedgerHoldingExactlyTheAcknowledgedRounds(ContributorConfig.Transport transport) throws Exception {
    String pg = TestPostgres.freshDatabase();
    JackpotNode node = SdkIT.start(pg, TestNodes.freePort());
    try {
      ByteArrayOutputStream progress = new ByteArrayOutputStream();
      LoadRun.Summary s = new LoadRun(new LoadRun.Settings("http://127.0.0.1:" + node.httpPort(), "dev-game-key",
          "dev-viewer-token", 4, 6000, 0, 200, 400, 100, transport, null), new PrintStream(progress, true)).run();
      assertEquals(6000, s.started());
      assertEquals(6000, s.acknowledged(), s.toString());
      assertEquals(0, s.refused() + s.failed() + s.failedClaims(), s.toString());
      assertEquals(6000, s.ledgerRounds(), "the ledger holds exactly the acknowledged rounds");
      assertTrue(s.acknowledgedShares() >= 6000, "every seed game's round feeds at least one pool: " + s);
      assertEquals(s.acknowledgedShares(), s.ledgerShares(), "and exactly their shares");
      assertTrue(s.ledgerMatches() && s.lost() == 0);
      assertTrue(s.p50Micros() > 0 && s.p50Micros() <= s.p99Micros() && s.p99Micros() <= s.maxMicros(), s.toString());
      assertTrue(s.wins() > 0, "the games' own jackpots and the service's triggers paid out");
      try (SimplePg sql = SimplePg.of(pg)) {
        assertEquals(6000, sql.count("SELECT count(*) FROM rounds WHERE round_id LIKE '" + s.prefix() + "-%'"));
        assertEquals(s.acknowledgedShares(),
            sql.count("SELECT count(*) FROM contributions WHERE round_id LIKE '" + s.prefix() + "-%'"), "shares, one row each");
      }
      OneNode.assertBalanced(node.httpPort());
    } finally {
      node.close();
    }
  }

  /**
   * A run ends only after its games' claims are answered: right after it, the ledger holds exactly
   * the wins the run counted and the live pools match the ledger. A run ending with claims in
   * flight could find a pool reseeded by a win the ledger had not yet recorded, and fail the
   * reconciliation.
   */
  @Test
  void aRunEndsOnlyAfterItsClaimsAreAnswered() throws Exception {
    String pg = TestPostgres.freshDatabase();
    JackpotNode node = SdkIT.start(pg, TestNodes.freePort());
    try (SimplePg sql = SimplePg.of(pg)) {
      for (int run = 0; run < 6; run++) {
        // One Bewitched instance claiming its bonus jackpot every other round or so: a run's last
        // rounds nearly always claim.
        LoadRun.Summary s = new LoadRun(new LoadRun.Settings("http://127.0.0.1:" + node.httpPort(), "dev-game-key",
            "dev-viewer-token", 1, 300, 0, 10, 20, 2), new PrintStream(new ByteArrayOutputStream(), true)).run();
        assertTrue(s.claims() > 50 && s.failedClaims() == 0, s.toString());
        assertEquals(s.wins(), sql.count("SELECT count(*) FROM wins WHERE round_id LIKE '" + s.prefix() + "-%'"), s.toString());
        OneNode.assertBalanced(node.httpPort());
      }
    } finally {
      node.close();
    }
  }

  @Test
  void theRoundCountIsAdminOnlyAndRefusesABadPrefix() throws Exception {
    String pg = TestPostgres.freshDatabase();
    JackpotNode node = SdkIT.start(pg, TestNodes.freePort());
    try {
      String count = "/v1/admin/rounds/count?prefix=";
      Api.Reply asGame = AdminCalls.callAt(node.httpPort(), "GET", count + "LGABCD-", "dev-game-key");
      assertEquals(403, asGame.status(), asGame.body());
      Api.Reply bad = AdminCalls.callAt(node.httpPort(), "GET", count + "x%27", "dev-viewer-token");
      assertEquals(400, bad.status(), bad.body());
      assertTrue(bad.body().contains("prefix"), bad.body());
      Api.Reply none = AdminCalls.callAt(node.httpPort(), "GET", count + "NOSUCH-", "dev-viewer-token");
      assertEquals(200, none.status(), none.body());
      assertEquals(0, new JsonObject(none.body()).getLong("rounds"));
    } finally {
      node.close();
    }
  }
}
