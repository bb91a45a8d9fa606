package io.jackpot.admin.http;

import io.jackpot.reconciliation.PoolFlows;
import io.jackpot.reconciliation.Reconciliation;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;

/** GET /v1/admin/reconciliation: {"balanced", "pools": [...], "totals": {...}}, amounts exact. */
final class ReconciliationJson {
  private ReconciliationJson() {}

  static JsonObject of(Reconciliation.Result r) {
    JsonArray pools = new JsonArray();
    for (Reconciliation.PoolCheck c : r.pools()) {
      pools.add(flows(c.flows())
          .put("jackpotId", c.flows().pool().jackpotId())
          .put("poolKey", c.flows().pool().poolKey())
          .put("ledgerBalance", c.ledgerBalance().toPlainString())
          .put("liveBalance", c.liveBalance() == null ? null : c.liveBalance().toPlainString())
          .put("balanced", c.balanced())
          .put("matchesLive", c.matchesLive()));
    }
    JsonObject totals = flows(r.totals())
        .put("ledgerBalance", r.totalLedgerBalance().toPlainString())
        .put("liveBalance", r.totalLiveBalance().toPlainString());
    if (r.inTransit() != null) {
      // Over every pool: what left must have arrived, or be on its way.
      totals.put("inTransit", r.inTransit().toPlainString()).put("transfersAccounted", r.transfersAccounted());
    }
    return new JsonObject().put("balanced", r.balanced())
        .put("equation", "seeds + contributions + transfersIn = awards + balance + transfersOut;"
            + " contributions include reserve shares, balance includes the reserve, seeds are what the operator funded")
        .put("pools", pools).put("totals", totals);
  }

  private static JsonObject flows(PoolFlows f) {
    return new JsonObject()
        .put("seeds", f.seeds().toPlainString())
        .put("contributions", f.contributions().toPlainString())
        .put("transfersIn", f.transfersIn().toPlainString())
        .put("awards", f.awards().toPlainString())
        .put("transfersOut", f.transfersOut().toPlainString())
        .put("balance", f.expectedBalance().toPlainString())
        .put("contributionCount", f.contributionCount())
        .put("winCount", f.winCount());
  }

}
