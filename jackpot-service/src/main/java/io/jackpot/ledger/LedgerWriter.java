package io.jackpot.ledger;

import java.util.concurrent.CompletionStage;

/** What the sequencer needs of the ledger: to record batches durably. */
@FunctionalInterface
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
  default CompletionStage<Boolean> recordStepIfAbsent(LedgerBatch batch) {
    return record(batch).thenApply(v -> true);
  }

  /** Whether a step is recorded already. */
  default CompletionStage<Boolean> stepRecorded(String stepId) {
    return java.util.concurrent.CompletableFuture.completedFuture(false);
  }
}
