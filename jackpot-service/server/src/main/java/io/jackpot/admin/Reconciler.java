package io.jackpot.admin;

import io.jackpot.access.Admin;
import io.jackpot.ledger.Ledger;
import io.jackpot.money.Money;
import io.jackpot.pool.PoolId;
import io.jackpot.pool.Pools;
import io.jackpot.reconciliation.Reconciliation;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletionStage;

/** Checks an admin's pools against the ledger's figures, one reconciliation at a time per member. */
public final class Reconciler {
  private final Ledger ledger;
  private final Pools pools;
  private final Ownership ownership;
  private final OneAtATime reconciling = new OneAtATime("a reconciliation");

  public Reconciler(Ledger ledger, Pools pools, Ownership ownership) {
    this.ledger = ledger;
    this.pools = pools;
    this.ownership = ownership;
  }

  /**
   * Reconciles the admin's pools: the ledger's figures from one snapshot, then the live pools. A
   * network token checks every pool the ledger knows as well as the catalogue's (money in a pool no
   * definition names still counts), and that every transfer out arrived or is in transit. Live
   * pools include work applied but not yet committed, so on a busy system a pool may differ from
   * the ledger for a moment; a quiet system must match exactly.
   */
  public CompletionStage<Reconciliation.Result> reconcile(Admin admin) {
    Set<PoolId> known = new LinkedHashSet<>();
    ownership.visibleJackpots(admin).forEach(j -> j.pools().forEach(p -> known.add(j.poolId(p))));
    boolean everything = admin.operatorScope() == null;
    return reconciling.run(ledger::figures).thenCompose(figures -> {
      if (everything) {
        known.addAll(figures.flows().keySet());
        known.addAll(figures.balances().keySet());
      }
      List<PoolId> ids = List.copyOf(known);
      return pools.getAll(ids).thenApply(live -> {
        Map<PoolId, Money> amounts = new HashMap<>();
        // The ledger's balance counts all a pool holds: amount, reserve and what it owes.
        live.forEach(p -> amounts.put(p.id(), p.value()));
        return Reconciliation.check(ids, figures.flows(), figures.balances(), amounts, everything ? figures.inTransit() : null);
      });
    });
  }
}
