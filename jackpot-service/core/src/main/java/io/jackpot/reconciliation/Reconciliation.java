package io.jackpot.reconciliation;

import io.jackpot.money.Money;
import io.jackpot.money.Total;
import io.jackpot.pool.PoolId;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Proves, per pool and in total, that seeds + contributions + transfers in = awards + balance +
 * transfers out, exactly (to 10^-12), where the balance is what the ledger's state records say
 * (last full-state event plus later shares) — and that the live pool holds that same balance.
 * Pure: the caller brings the flows, the ledger states and the live amounts.
 */
public final class Reconciliation {
  private Reconciliation() {}

  /** One pool's check; {@code live} is null when the pool is not live. */
  public record PoolCheck(PoolFlows flows, Money ledgerBalance, Money liveBalance) {
    /** The flows and the ledger's own state agree. */
    public boolean balanced() {
      return flows.expectedBalance().equals(Total.of(ledgerBalance));
    }

    /** The live pool holds what the ledger says. */
    public boolean matchesLive() {
      return ledgerBalance.equals(liveBalance);
    }
  }

  /**
   * {@code inTransit}: what transfers sent but not yet received carry (null when the check covers
   * only some pools, an operator's: transfers may cross to others'). Over all pools, what left
   * must have arrived or be in transit: out = in + in transit.
   */
  public record Result(List<PoolCheck> pools, PoolFlows totals, Total totalLedgerBalance, Total totalLiveBalance, Total inTransit) {
    public boolean balanced() {
      return pools.stream().allMatch(p -> p.balanced() && p.matchesLive())
          && totals.expectedBalance().equals(totalLedgerBalance) && totalLedgerBalance.equals(totalLiveBalance)
          && transfersAccounted();
    }

    /** Every transfer out arrived or is in transit (true when not checked). */
    public boolean transfersAccounted() {
      return inTransit == null || totals.transfersIn().plus(inTransit).equals(totals.transfersOut());
    }
  }

  /** Of some pools only (an operator's): transfers in transit are not checked. */
  public static Result check(List<PoolId> pools, Map<PoolId, PoolFlows> flows, Map<PoolId, Money> ledger, Map<PoolId, Money> live) {
    return check(pools, flows, ledger, live, null);
  }

  public static Result check(List<PoolId> pools, Map<PoolId, PoolFlows> flows, Map<PoolId, Money> ledger, Map<PoolId, Money> live,
      Total inTransit) {
    List<PoolCheck> checks = new ArrayList<>();
    // Totals over every pool are of any size (Total): a long's range is not enough for them.
    Total seeds = Total.ZERO, contributions = Total.ZERO, in = Total.ZERO, awards = Total.ZERO, out = Total.ZERO;
    Total ledgerTotal = Total.ZERO, liveTotal = Total.ZERO;
    long contributionCount = 0, winCount = 0;
    for (PoolId id : pools) {
      PoolFlows f = flows.getOrDefault(id, PoolFlows.none(id));
      Money l = ledger.getOrDefault(id, Money.ZERO);
      Money v = live.get(id);
      checks.add(new PoolCheck(f, l, v));
      seeds = seeds.plus(f.seeds());
      contributions = contributions.plus(f.contributions());
      in = in.plus(f.transfersIn());
      awards = awards.plus(f.awards());
      out = out.plus(f.transfersOut());
      contributionCount += f.contributionCount();
      winCount += f.winCount();
      ledgerTotal = ledgerTotal.plus(l);
      liveTotal = v == null ? liveTotal : liveTotal.plus(v);
    }
    PoolFlows totals = new PoolFlows(null, seeds, contributions, in, awards, out, contributionCount, winCount);
    return new Result(checks, totals, ledgerTotal, liveTotal, inTransit);
  }
}
