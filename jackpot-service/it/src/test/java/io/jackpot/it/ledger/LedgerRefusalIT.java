package io.jackpot.it.ledger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jackpot.JackpotNode;
import io.jackpot.it.support.Api;
import io.jackpot.it.support.SimplePg;
import io.jackpot.it.support.TestNodes;
import io.jackpot.it.support.TestPostgres;
import org.junit.jupiter.api.Test;

/**
 * A commit PostgreSQL refuses for good (here a check constraint on rounds added under the service) halts the
 * member: the round is not acknowledged, later work is refused, readiness turns false and the
 * halted gauge reads 1. A member and database of its own: the pool keeps the unrecorded step.
 */
class LedgerRefusalIT {

  @Test
  void aCommitRefusedForGoodHaltsTheMemberAndSaysSo() throws Exception {
    String db = TestPostgres.freshDatabase();
    try (JackpotNode node = TestNodes.start(db, TestNodes.ownCluster())) {
      Api api = new Api(node.httpPort());
      Api.Reply first = api.post("/v1/contributions", Api.batch(Api.contribution("REF-1", "bewitched", "2.00", "0.10")));
      assertEquals("APPLIED", Api.results(first).getJsonObject(0).getString("status"), first.body());
      try (SimplePg sql = SimplePg.of(db)) {
        sql.execute("ALTER TABLE rounds ADD CONSTRAINT stakes_below_50 CHECK (stake_micros < 50000000) NOT VALID");
      }

      Api.Reply refused = api.post("/v1/contributions", Api.batch(Api.contribution("REF-2", "bewitched", "60.00", "1.00")));
      assertEquals(503, refused.status(), "answered retryable, not as applied: " + refused.body());
      assertEquals("OVERLOADED", refused.errorCode(), refused.body());
      assertEquals(503, api.get("/health/ready").status(), "not ready once halted: " + refused.body());
      assertEquals(1.0, Api.metric(api.get("/metrics").body(), "jackpot_sequencer_halted ").orElseThrow(), 0.0);
      assertEquals(1.0, Api.metric(api.get("/metrics").body(), "jackpot_ledger_commits_refused_total ").orElseThrow(), 0.0);

      Api.Reply later = api.post("/v1/contributions", Api.batch(Api.contribution("REF-3", "bewitched", "2.00", "0.10")));
      assertEquals(503, later.status(), later.body());
      assertTrue(later.json().getJsonObject("error").getString("message").contains("halted"), later.body());
      try (SimplePg sql = SimplePg.of(db)) {
        assertEquals(1, sql.count("SELECT count(*) FROM rounds"), "only the first round is recorded");
      }
    }
  }
}
