package io.jackpot.it.catalogue;

import static io.jackpot.it.support.Api.batch;
import static io.jackpot.it.support.Api.contribution;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jackpot.JackpotNode;
import io.jackpot.it.support.AdminCalls;
import io.jackpot.it.support.Api;
import io.jackpot.it.support.OneNode;
import io.jackpot.it.support.SimplePg;
import io.jackpot.it.support.TestNodes;
import io.jackpot.it.support.TestPostgres;
import io.jackpot.money.Money;
import io.jackpot.pool.PoolId;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import org.junit.jupiter.api.Test;

/** Discontinuation: transfer conserves money to the last sub-micro; hold keeps it; half-done transfers complete. */
class DiscontinueIT extends OneNode {
  static final String ADMIN = "dev-admin-token";

  static Api.Reply discontinue(int port, String pool, JsonObject body) {
    return AdminCalls.callAt(port, "POST", "/v1/admin/jackpots/" + pool + "/discontinue", ADMIN, body.encode());
  }

  static Money amount(Api api, String jackpot, String pool) {
    return Money.parse(api.amount(jackpot, pool));
  }

  static Money wholeValue(String jackpot, String pool) {
    for (Object o : AdminCalls.callAt(node.httpPort(), "GET", "/v1/admin/reconciliation", "dev-viewer-token").json().getJsonArray("pools")) {
      JsonObject p = (JsonObject) o;
      if (p.getString("jackpotId").equals(jackpot) && p.getString("poolKey").equals(pool)) {
        return Money.parse(p.getString("ledgerBalance"));
      }
    }
    throw new AssertionError("no pool " + jackpot + "/" + pool + " in the reconciliation");
  }

  /** The {@code after} of the newest audit entry with this action. */
  private static JsonObject auditAfter(String action) {
    JsonObject found = null;
    for (Object o : AdminCalls.callAt(node.httpPort(), "GET", "/v1/admin/audit", "dev-viewer-token").json().getJsonArray("entries")) {
      if (action.equals(((JsonObject) o).getString("action"))) {
        found = ((JsonObject) o).getJsonObject("after");
      }
    }
    assertNotNull(found, "no audit entry " + action);
    return found;
  }

  @Test
  void aTransferMovesTheWholeValueAndConservesMoney() {
    for (int i = 0; i < 5; i++) {
      api.post("/v1/contributions", batch(contribution("DISC-" + i, "creepy-candy", "12.34", null)));
    }
    // Mini's whole value: its amount, and its reserve since a must-hit win sends the rest past the
    // hit point there (the public read shows the amount only; reconciliation shows both, quiet).
    Money mini = wholeValue("candy", "mini");
    Money major = amount(api, "candy", "major");
    // Major: a random-trigger pool, whose amount takes a transfer (a must-hit pool's reserve would).
    Api.Reply r = discontinue(node.httpPort(), "candy/pools/mini",
        new JsonObject().put("reason", "replaced by major").put("transferTo", new JsonObject().put("jackpotId", "candy").put("poolKey", "major")));
    assertEquals(200, r.status(), r.body());
    assertEquals(mini.toPlainString(), r.json().getJsonObject("transfer").getString("amount"));
    assertTrue(r.json().containsKey("targetAmount") && !r.json().containsKey("inTransit"), r.body());
    assertEquals("replaced by major", auditAfter("pool.discontinue.transfer").getString("reason"), "the operator's reason is kept");
    assertEquals(major.plus(mini), amount(api, "candy", "major"));
    assertEquals("0.000000", api.amount("candy", "mini"));
    assertEquals("DISCONTINUED", api.pool("candy", "mini").getString("state"));
    assertEquals(409, discontinue(node.httpPort(), "candy/pools/mini", new JsonObject().put("reason", "again").put("hold", true)).status());
    JsonObject result = Api.results(api.post("/v1/contributions", batch(contribution("DISC-AFTER", "creepy-candy", "1.00", null)))).getJsonObject(0);
    assertEquals(3, Api.sharesOf(result, "candy").size(), "the discontinued tier takes nothing");
  }

  /**
   * A discontinued tier keeps its draw weight in the definition: a jackpot game that draws it is
   * drawn again among the tiers still running, not refused for good. Twenty rounds: without that,
   * each would land on the discontinued tier with even odds.
   */
  @Test
  void aJackpotGameThatDrawsADiscontinuedTierWinsAnother() {
    JsonObject drawn = DefinitionsIT.spooky();
    DefinitionsIT.pool(drawn, 0).put("drawWeight", "1");
    assertEquals(200, DefinitionsIT.put("spooky-drawn", drawn, DefinitionsIT.ADMIN).status());
    assertEquals(200, discontinue(node.httpPort(), "spooky-drawn/pools/small", new JsonObject().put("reason", "gone").put("hold", true))
        .status());
    for (int i = 0; i < 20; i++) {
      String claim = Api.jackpotGame("DRAWN-" + i, "spooky-drawn").encode();
      Api.Reply won = api.post("/v1/wins", claim);
      assertEquals(200, won.status(), won.body());
      assertEquals("big", won.json().getString("poolKey"));
      assertEquals(won.json().getString("winId"), api.post("/v1/wins", claim).json().getString("winId"), "the same win again");
    }
  }

  @Test
  void aHeldPoolsAuditEntrySaysAllItHolds() {
    assertEquals(200, DefinitionsIT.put("spooky-held", DefinitionsIT.spooky(), DefinitionsIT.ADMIN).status());
    // Small: 1% of the stake to its amount and 0.2% to its reserve.
    api.post("/v1/contributions", batch(contribution("HELD-R-1", "creepy-candy", "50.00", null)));
    Api.Reply r = discontinue(node.httpPort(), "spooky-held/pools/small", new JsonObject().put("reason", "season over").put("hold", true));
    assertEquals(200, r.status(), r.body());
    JsonObject audited = auditAfter("pool.discontinue.hold");
    assertEquals("5.500000", audited.getString("amount"));
    assertEquals("5.600000", audited.getString("held"), "amount and reserve: " + audited);
    assertEquals(r.json().getString("held"), audited.getString("held"), "the audit says what the operator was answered");
  }

  @Test
  void aHeldPoolKeepsItsAmountAndRefusesEverything() {
    api.post("/v1/contributions", batch(contribution("HOLD-1", "bewitched", "50.00", "5.00")));
    String before = api.amount("bewitched", "cv-5.00");
    Api.Reply r = discontinue(node.httpPort(), "bewitched/pools/cv-5.00", new JsonObject().put("reason", "coin value retired").put("hold", true));
    assertEquals(200, r.status(), r.body());
    assertEquals(before, r.json().getString("held"));
    JsonObject audited = auditAfter("pool.discontinue.hold");
    assertEquals("coin value retired", audited.getString("reason"), "the operator's reason is kept: " + audited);
    assertEquals("DISCONTINUED", audited.getString("status"));
    assertEquals("PAUSED", Api.results(api.post("/v1/contributions", batch(contribution("HOLD-2", "bewitched", "50.00", "5.00"))))
        .getJsonObject(0).getString("status"), "nothing contributed");
    // Its retry (and a copy in one request) gets the original outcome, never a DUPLICATE a game could take for a contribution.
    var again = Api.results(api.post("/v1/contributions", batch(contribution("HOLD-2", "bewitched", "50.00", "5.00"),
        contribution("HOLD-3", "bewitched", "50.00", "5.00"), contribution("HOLD-3", "bewitched", "50.00", "5.00"))));
    for (int i = 0; i < 3; i++) {
      assertEquals("PAUSED", again.getJsonObject(i).getString("status"), again.encode());
    }
    assertEquals("POOL_DISCONTINUED", api.post("/v1/wins", Api.claim("HOLD-W", "bewitched", "cv-5.00")).errorCode());
    assertEquals(409, AdminCalls.callAt(node.httpPort(), "POST", "/v1/admin/jackpots/bewitched/pools/cv-5.00/resume", ADMIN).status());
    assertEquals(before, api.amount("bewitched", "cv-5.00"));
  }

  /** A discontinued pool can receive nothing new: neither a transfer nor an overflow; the refused request changes nothing. */
  @Test
  void aDiscontinuedPoolIsRefusedAsATransferTargetAndAsAnOverflowTarget() {
    int port = node.httpPort();
    assertEquals(200, discontinue(port, "bewitched/pools/cv-2.00", new JsonObject().put("reason", "retired").put("hold", true)).status());
    Api.Reply transfer = discontinue(port, "bewitched/pools/cv-0.50", new JsonObject().put("reason", "x")
        .put("transferTo", new JsonObject().put("jackpotId", "bewitched").put("poolKey", "cv-2.00")));
    assertEquals(400, transfer.status(), transfer.body());
    assertEquals("INVALID_TARGET", transfer.errorCode());
    assertTrue(transfer.body().contains("transferTo: pool bewitched/cv-2.00 is discontinued"), transfer.body());
    assertEquals("ACTIVE", api.pool("bewitched", "cv-0.50").getString("state"), "the refused discontinuation changed nothing");

    JsonObject spooky = DefinitionsIT.spooky();
    spooky.getJsonArray("pools").getJsonObject(0).put("overflowTo", new JsonObject().put("jackpotId", "bewitched").put("poolKey", "cv-2.00"));
    Api.Reply define = AdminCalls.callAt(port, "PUT", "/v1/admin/jackpots/spooky-overflow", ADMIN, spooky.encode());
    assertEquals(400, define.status(), define.body());
    assertEquals("INVALID_DEFINITION", define.errorCode());
    assertTrue(define.body().contains("pools.small.overflowTo: pool bewitched/cv-2.00 is discontinued"), define.body());
    assertEquals(404, AdminCalls.callAt(port, "GET", "/v1/admin/jackpots/spooky-overflow", ADMIN).status(), "nothing saved");
  }

  /**
   * A definition saved but not put in force (a pool of its jackpot was not loaded when it added a
   * pool), whose overflow pool is discontinued before it is sent again: every other change of the
   * jackpot is refused 409 behind the saved version, so its resend completes it (the pool that
   * overflows keeps what it owes, as towards any discontinued pool) rather than being refused 400
   * for good.
   */
  @Test
  void aSavedDefinitionWhoseOverflowPoolWasDiscontinuedSinceIsCompletedByItsResend() throws Exception {
    int port = node.httpPort();
    JsonObject first = DefinitionsIT.spooky();
    assertEquals(200, DefinitionsIT.put("spooky-stuck", first, ADMIN).status());
    JsonObject second = first.copy();
    DefinitionsIT.pool(second, 0).put("overflowTo", new JsonObject().put("jackpotId", "spooky-stuck").put("poolKey", "big"));
    second.getJsonArray("pools").add(new JsonObject().put("key", "extra").put("name", "Extra").put("seed", "1.00").put("rate", "0.001")
        .put("trigger", new JsonObject().put("type", "CLAIM")));
    Api.Reply failed = whileNotLoaded(new PoolId("spooky-stuck", "small"), () -> DefinitionsIT.put("spooky-stuck", second, ADMIN));
    assertEquals(503, failed.status(), failed.body());
    assertTrue(failed.body().contains("was saved as version"), failed.body());
    assertEquals(200, discontinue(port, "spooky-stuck/pools/big", new JsonObject().put("reason", "retired").put("hold", true)).status());
    JsonObject other = first.copy();
    DefinitionsIT.pool(other, 0).put("name", "Smaller");
    assertEquals("DEFINITION_CHANGED", DefinitionsIT.put("spooky-stuck", other, ADMIN).errorCode(),
        "behind the saved version, no other change goes through");

    Api.Reply again = DefinitionsIT.put("spooky-stuck", second, ADMIN);
    assertEquals(200, again.status(), again.body());
    assertEquals("ACTIVE", api.pool("spooky-stuck", "extra").getString("state"));
    JsonObject third = second.copy();
    DefinitionsIT.pool(third, 0).remove("overflowTo");
    Api.Reply next = DefinitionsIT.put("spooky-stuck", third, ADMIN);
    assertEquals(200, next.status(), "the jackpot takes changes again: " + next.body());
  }

  @Test
  void badRequestsAreRefused() {
    int port = node.httpPort();
    assertEquals(400, discontinue(port, "bewitched/pools/cv-1.00", new JsonObject().put("reason", "x")).status());
    assertEquals(400, discontinue(port, "bewitched/pools/cv-1.00", new JsonObject().put("reason", "x").put("hold", true)
        .put("transferTo", new JsonObject().put("jackpotId", "candy").put("poolKey", "grand"))).status());
    assertEquals(400, discontinue(port, "bewitched/pools/cv-1.00", new JsonObject().put("reason", "x")
        .put("transferTo", new JsonObject().put("jackpotId", "candy").put("poolKey", "nope"))).status());
    assertEquals(400, discontinue(port, "bewitched/pools/cv-1.00", new JsonObject().put("reason", "x")
        .put("transferTo", new JsonObject().put("jackpotId", "bewitched").put("poolKey", "cv-1.00"))).status());
    assertEquals(400, discontinue(port, "bewitched/pools/cv-1.00", new JsonObject().put("reason", "oops\u0000").put("hold", true))
        .status(), "a reason with a NUL (which PostgreSQL would refuse)");
    assertEquals(403, AdminCalls.callAt(port, "POST", "/v1/admin/jackpots/bewitched/pools/cv-1.00/discontinue", "dev-viewer-token",
        new JsonObject().put("reason", "x").put("hold", true).encode()).status());
  }

  /** A stop between the transfer's two steps: the next start lands it, exactly once. */
  @Test
  void aTransferLeftHalfDoneIsCompletedAtTheNextStart() throws Exception {
    String db = TestPostgres.freshDatabase();
    JackpotNode first = TestNodes.start(db, TestNodes.ownCluster());
    Api api1 = new Api(first.httpPort());
    api1.post("/v1/contributions", batch(contribution("HALF-1", "creepy-candy", "77.77", null)));
    Money major = amount(api1, "candy", "major");
    Money grand = amount(api1, "candy", "grand");
    assertEquals(200, discontinue(first.httpPort(), "candy/pools/major", new JsonObject().put("reason", "merge")
        .put("transferTo", new JsonObject().put("jackpotId", "candy").put("poolKey", "grand"))).status());
    first.close();
    try (SimplePg sql = SimplePg.of(db)) {
      // Undo the second step as a crash right after the first commit would have left it.
      sql.execute("ALTER TABLE transfer_receipts DISABLE TRIGGER USER; ALTER TABLE pool_events DISABLE TRIGGER USER;"
          + " DELETE FROM pool_events WHERE kind = 'TRANSFER_IN'; DELETE FROM transfer_receipts;"
          + " ALTER TABLE transfer_receipts ENABLE TRIGGER USER; ALTER TABLE pool_events ENABLE TRIGGER USER;");
    }
    JackpotNode second = TestNodes.start(db, TestNodes.ownCluster());
    try {
      Api api2 = new Api(second.httpPort());
      assertEquals(grand.plus(major), amount(api2, "candy", "grand"), "received at start, once");
      OneNode.assertBalanced(second.httpPort());
    } finally {
      second.close();
    }
  }

  /**
   * Seeds may have 12 integer digits, so ten pools can hold together more than a long counts in
   * micro-units. Reconciliation adds them up exactly (it answered 500), and a transfer that would
   * take its target past what a pool may hold (10^12) is refused with nothing sent: its receipt
   * could never be applied, and the sequencer of every member would try it again for ever. A member
   * and database of its own: no other test's figures meet these.
   */
  @Test
  void aTransferPastWhatAPoolMayHoldIsRefusedAndHugeTotalsStillReconcile() throws Exception {
    try (JackpotNode own = TestNodes.start(TestPostgres.freshDatabase(), TestNodes.ownCluster())) {
      JsonArray pools = new JsonArray();
      for (int i = 0; i < 10; i++) {
        pools.add(new JsonObject().put("key", "p" + i).put("name", "P" + i).put("seed", "999999999999").put("rate", "0.000001")
            .put("trigger", new JsonObject().put("type", "CLAIM")));
      }
      pools.add(new JsonObject().put("key", "one").put("name", "One").put("seed", "1").put("rate", "0.000001")
          .put("trigger", new JsonObject().put("type", "CLAIM")));
      JsonObject huge = new JsonObject().put("name", "Huge").put("currency", "EUR").put("owner", "demo")
          .put("games", new JsonArray().add("creepy-candy")).put("routing", "ALL").put("pools", pools);
      Api.Reply defined = AdminCalls.callAt(own.httpPort(), "PUT", "/v1/admin/jackpots/huge", ADMIN, huge.encode());
      assertEquals(200, defined.status(), defined.body());

      assertBalanced(own.httpPort());

      Api api = new Api(own.httpPort());
      JsonObject toP0 = new JsonObject().put("reason", "merge").put("transferTo", new JsonObject().put("jackpotId", "huge").put("poolKey", "p0"));
      Api.Reply fills = discontinue(own.httpPort(), "huge/pools/one", toP0);
      assertEquals(200, fills.status(), "up to 10^12 exactly: " + fills.body());
      assertEquals("1000000000000.000000", api.amount("huge", "p0"));

      Api.Reply past = discontinue(own.httpPort(), "huge/pools/p1", toP0);
      assertEquals(409, past.status(), past.body());
      assertEquals("TRANSFER_TOO_LARGE", past.errorCode(), past.body());
      assertEquals("ACTIVE", api.pool("huge", "p1").getString("state"), "nothing sent");
      assertEquals("999999999999.000000", api.amount("huge", "p1"));
      assertEquals("1000000000000.000000", api.amount("huge", "p0"));

      assertBalanced(own.httpPort());
    }
  }
}
