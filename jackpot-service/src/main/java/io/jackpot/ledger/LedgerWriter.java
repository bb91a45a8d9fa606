package io.jackpot.ledger;

import java.util.concurrent.CompletionStage;

/** The one thing the sequencer needs of the ledger: to record a batch durably. */
@FunctionalInterface
public interface LedgerWriter {
  /** Completes once the batch is durably committed; idempotent (see {@link LedgerBatch}). */
  CompletionStage<Void> record(LedgerBatch batch);
}
