package io.jackpot.ledger;

import io.jackpot.pool.PoolOutcome;
import io.jackpot.reconciliation.LedgerFigures;
import java.util.List;
import java.util.concurrent.CompletionStage;

/** The money the ledger saw flow into, out of and between pools: what reconciliation checks the pools against. */
public interface FlowHistory {
  /** Every pool's flows and recorded balance, from one snapshot (pools never recorded are absent). */
  CompletionStage<LedgerFigures> figures();

  /** Transfers that left their source but were never received (a stop between the two steps). */
  CompletionStage<List<PoolOutcome.Transfer>> pendingTransfers();
}
