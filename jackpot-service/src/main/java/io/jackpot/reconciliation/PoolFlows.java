package io.jackpot.reconciliation;

import io.jackpot.money.Money;
import io.jackpot.pool.PoolId;

/**
 * What the ledger says flowed into and out of one pool: the operator's seeds (at creation and at
 * every reseed), the contributions' shares, transfers in and out, and the awards paid.
 */
public record PoolFlows(PoolId pool, Money seeds, Money contributions, Money transfersIn, Money awards, Money transfersOut,
    long contributionCount, long winCount) {

  public static PoolFlows none(PoolId pool) {
    return new PoolFlows(pool, Money.ZERO, Money.ZERO, Money.ZERO, Money.ZERO, Money.ZERO, 0, 0);
  }

  /** seeds + contributions + transfers in − awards − transfers out: what must be left in the pool. */
  public Money expectedBalance() {
    return seeds.plus(contributions).plus(transfersIn).minus(awards).minus(transfersOut);
  }
}
