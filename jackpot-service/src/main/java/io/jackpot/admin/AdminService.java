package io.jackpot.admin;

import io.jackpot.access.Admin;
import io.jackpot.error.Rejection;
import io.jackpot.error.Rejection.Kind;
import io.jackpot.jackpot.Catalogue;
import io.jackpot.jackpot.JackpotDefinition;
import io.jackpot.ledger.AuditEntry;
import io.jackpot.ledger.Ledger;
import io.jackpot.pool.PoolCommand;
import io.jackpot.pool.PoolId;
import io.jackpot.pool.PoolOutcome;
import io.jackpot.pool.PoolStatus;
import io.jackpot.pool.Pools;
import io.jackpot.reconciliation.Reconciliation;
import io.jackpot.pool.Win;
import io.jackpot.sequencer.Sequencer;
import io.jackpot.sequencer.Submission;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletionStage;

/**
 * What operators do to running jackpots: pause and resume pools (through the sequencer, so the
 * change is ordered with contributions and claims, and recorded with its audit entry in one
 * transaction), and read wins and the audit log. Every call checks the token's role and scope.
 */
public final class AdminService {
  private final Catalogue catalogue;
  private final Ledger ledger;
  private final Sequencer sequencer;
  private final Clock clock;

  public AdminService(Catalogue catalogue, Ledger ledger, Sequencer sequencer, Clock clock) {
    this.catalogue = catalogue;
    this.ledger = ledger;
    this.sequencer = sequencer;
    this.clock = clock;
  }

  /** The jackpot, if this token may see it: unknown → 404, another operator's → 403. */
  public JackpotDefinition visible(Admin admin, String jackpotId) {
    JackpotDefinition j = catalogue.jackpot(jackpotId)
        .orElseThrow(() -> new Rejection(Kind.NOT_FOUND, "UNKNOWN_JACKPOT", "no jackpot " + jackpotId));
    if (!admin.covers(j.owner())) {
      throw new Rejection(Kind.FORBIDDEN, "OTHER_OPERATOR", "jackpot " + jackpotId + " belongs to another operator");
    }
    return j;
  }

  public List<JackpotDefinition> visibleJackpots(Admin admin) {
    return catalogue.jackpots().stream().filter(j -> admin.covers(j.owner())).toList();
  }

  public CompletionStage<PoolOutcome> pause(Admin admin, String jackpotId, String poolKey) {
    return change(admin, jackpotId, poolKey, "pool.pause", new PoolCommand.Pause("pause-" + UUID.randomUUID(), clock.instant()));
  }

  public CompletionStage<PoolOutcome> resume(Admin admin, String jackpotId, String poolKey) {
    return change(admin, jackpotId, poolKey, "pool.resume", new PoolCommand.Resume("resume-" + UUID.randomUUID(), clock.instant()));
  }

  private CompletionStage<PoolOutcome> change(Admin admin, String jackpotId, String poolKey, String action, PoolCommand command) {
    writer(admin);
    JackpotDefinition j = visible(admin, jackpotId);
    j.pool(poolKey).orElseThrow(() -> new Rejection(Kind.NOT_FOUND, "UNKNOWN_POOL", "jackpot " + jackpotId + " has no pool " + poolKey));
    PoolId pool = new PoolId(jackpotId, poolKey);
    Submission s = Submission.audited(new Submission.Target(pool, command), new Submission.Audit(admin.name(), j.owner(), action));
    return sequencer.submit(s).thenApply(outcomes -> {
      PoolOutcome o = outcomes.get(0);
      if (o instanceof PoolOutcome.Refused r) {
        throw new Rejection(Kind.CONFLICT, r.status() == PoolStatus.DISCONTINUED ? "POOL_DISCONTINUED" : "POOL_NOT_ACTIVE",
            "pool " + pool + " is " + r.status().name().toLowerCase());
      }
      return o;
    });
  }

  public CompletionStage<List<AuditEntry>> audit(Admin admin, Instant from, Instant to) {
    return ledger.findAudit(from, to, admin.operatorScope());
  }

  /** Wins of one jackpot (or all visible); a scoped token sees only its operator's games' wins. */
  public CompletionStage<List<Win>> wins(Admin admin, String jackpotId, Instant from, Instant to) {
    if (jackpotId != null) {
      catalogue.jackpot(jackpotId).orElseThrow(() -> new Rejection(Kind.NOT_FOUND, "UNKNOWN_JACKPOT", "no jackpot " + jackpotId));
    }
    return ledger.findWins(jackpotId, from, to, admin.operatorScope());
  }

  /**
   * Reconciles the visible pools: the ledger's figures from one snapshot, then the live pools.
   * Live pools include work applied but not yet committed, so on a busy system a pool may differ
   * from the ledger for a moment; a quiet system must match exactly.
   */
  public CompletionStage<Reconciliation.Result> reconcile(Admin admin, Pools pools) {
    List<PoolId> ids = new java.util.ArrayList<>();
    visibleJackpots(admin).forEach(j -> j.pools().forEach(p -> ids.add(j.poolId(p))));
    return ledger.figures().thenCompose(figures -> pools.getAll(ids).thenApply(live -> {
      java.util.Map<PoolId, io.jackpot.money.Money> amounts = new java.util.HashMap<>();
      live.forEach(p -> amounts.put(p.id(), p.amount()));
      return Reconciliation.check(ids, figures.flows(), figures.balances(), amounts);
    }));
  }

  private static void writer(Admin admin) {
    if (!admin.mayWrite()) {
      throw new Rejection(Kind.FORBIDDEN, "READ_ONLY_TOKEN", "token " + admin.name() + " has the viewer role: it may only read");
    }
  }
}
