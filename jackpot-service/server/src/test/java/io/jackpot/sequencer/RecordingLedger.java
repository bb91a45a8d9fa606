package io.jackpot.sequencer;

import io.jackpot.ledger.LedgerBatch;
import io.jackpot.ledger.LedgerWriter;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/** Keeps committed batches in order; can fail commits or hold them until a gate opens. */
final class RecordingLedger implements LedgerWriter {
  final List<LedgerBatch> committed = new CopyOnWriteArrayList<>();
  final AtomicInteger failures = new AtomicInteger();
  final AtomicInteger attempts = new AtomicInteger();
  volatile CompletableFuture<Void> gate = CompletableFuture.completedFuture(null);
  final Set<String> steps = ConcurrentHashMap.newKeySet();
  volatile LedgerBatch lastAttempt;
  /** What every commit fails with, when set (a refusal for good, say). */
  volatile RuntimeException refusal;
  /** With {@link #refusal}: the refused steps count as recorded (the cluster recorded them for their member). */
  volatile boolean recordEveryStep;

  @Override
  public CompletionStage<Void> record(LedgerBatch batch) {
    attempts.incrementAndGet();
    lastAttempt = batch;
    if (refusal != null) {
      if (recordEveryStep) {
        steps.addAll(batch.stepIds());
      }
      return CompletableFuture.failedFuture(refusal);
    }
    if (failures.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
      return CompletableFuture.failedFuture(new IllegalStateException("connection reset"));
    }
    return gate.thenRun(() -> {
      batch.stepIds().forEach(id -> {
        if (!steps.add(id)) {
          throw new IllegalStateException("step " + id + " recorded twice");
        }
      });
      committed.add(batch);
    });
  }

  /** How many of the next steps recorded on a departed member's behalf are refused (as a conflict would be). */
  final AtomicInteger refusedSteps = new AtomicInteger();

  @Override
  public synchronized CompletionStage<Boolean> recordStepIfAbsent(LedgerBatch batch) {
    if (refusedSteps.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
      return CompletableFuture.failedFuture(new IllegalStateException("[j/p@1] are recorded with another round, amount or state"));
    }
    if (!steps.add(batch.stepIds().get(0))) {
      return CompletableFuture.completedFuture(false);
    }
    committed.add(batch);
    return CompletableFuture.completedFuture(true);
  }

  @Override
  public CompletionStage<Boolean> stepRecorded(String stepId) {
    return CompletableFuture.completedFuture(steps.contains(stepId));
  }
}
