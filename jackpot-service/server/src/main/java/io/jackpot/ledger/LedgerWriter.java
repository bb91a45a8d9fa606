package io.jackpot.ledger;

import java.util.concurrent.CompletionStage;

/** What the sequencer needs of the ledger: to record batches durably. */
public interface LedgerWriter {
  /**
   * Completes once the batch is durably committed; idempotent by commit id (see
   * {@link LedgerBatch}). A step id already recorded fails the commit: a step recorded twice is a bug.
   */
  CompletionStage<Void> record(LedgerBatch batch);

  /**
   * Records the one step of {@code batch} unless it is recorded already (its member committed it
   * before it died, or another member finished it first): true if this call recorded it.
   */
  CompletionStage<Boolean> recordStepIfAbsent(LedgerBatch batch);

  /** Whether a step is recorded already. */
  CompletionStage<Boolean> stepRecorded(String stepId);
}
