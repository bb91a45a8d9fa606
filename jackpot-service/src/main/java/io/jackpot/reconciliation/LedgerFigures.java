package io.jackpot.reconciliation;

import io.jackpot.money.Money;
import io.jackpot.pool.PoolId;
import java.util.Map;

/**
 * The ledger's figures from one consistent snapshot: each pool's flows, and the balance its own
 * state records give (last full-state event plus the shares after it).
 */
public record LedgerFigures(Map<PoolId, PoolFlows> flows, Map<PoolId, Money> balances, Money inTransit) {}
