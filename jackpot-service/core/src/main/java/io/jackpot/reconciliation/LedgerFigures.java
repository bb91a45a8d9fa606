package io.jackpot.reconciliation;

import io.jackpot.money.Money;
import io.jackpot.money.Total;
import io.jackpot.pool.PoolId;
import java.util.Map;

/**
 * The ledger's figures from one consistent snapshot: each pool's flows, and the balance its own
 * state records give (last full-state event plus the shares after it), and what transfers on their
 * way carry (a sum of any size).
 */
public record LedgerFigures(Map<PoolId, PoolFlows> flows, Map<PoolId, Money> balances, Total inTransit) {}
