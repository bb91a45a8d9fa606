package io.jackpot.reconciliation;

import io.jackpot.money.Total;
import io.jackpot.pool.PoolId;

/**
 * What the ledger says flowed into and out of one pool: the operator's seeds (at creation and at
 * every reseed), the contributions' shares, transfers in and out, and the awards paid. Sums over
 * the pool's whole history, so of any size ({@link Total}).
 */
public record PoolFlows(PoolId pool, Total seeds, Total contributions, Total transfersIn, Total awards, Total transfersOut,
    long contributionCount, long winCount) {

  public static PoolFlows none(PoolId pool) {
    return new PoolFlows(pool, Total.ZERO, Total.ZERO, Total.ZERO, Total.ZERO, Total.ZERO, 0, 0);
  }

  /** seeds + contributions + transfers in − awards − transfers out: what must be left in the pool. */
  public Total expectedBalance() {
    return seeds.plus(contributions).plus(transfersIn).minus(awards).minus(transfersOut);
  }
}
