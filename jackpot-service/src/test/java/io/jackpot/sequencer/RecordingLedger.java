package io.jackpot.sequencer;

import io.jackpot.ledger.Ledger;
import io.jackpot.ledger.LedgerBatch;
import io.jackpot.ledger.RecordedRound;
import io.jackpot.pool.Pool;
import io.jackpot.pool.PoolId;
import io.jackpot.pool.PoolTerms;
import io.jackpot.pool.Win;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/** Keeps committed batches in order; can fail commits or hold them until a gate opens. */
final class RecordingLedger implements Ledger {
  final List<LedgerBatch> committed = new CopyOnWriteArrayList<>();
  final AtomicInteger failures = new AtomicInteger();
  final AtomicInteger attempts = new AtomicInteger();
  volatile CompletableFuture<Void> gate = CompletableFuture.completedFuture(null);

  @Override
  public CompletionStage<Void> record(LedgerBatch batch) {
    attempts.incrementAndGet();
    if (failures.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
      return CompletableFuture.failedFuture(new IllegalStateException("connection reset"));
    }
    return gate.thenRun(() -> committed.add(batch));
  }

  @Override
  public CompletionStage<Map<String, RecordedRound>> findRounds(Collection<String> roundIds) {
    throw new UnsupportedOperationException();
  }

  @Override
  public CompletionStage<Optional<Win>> findWin(String winId) {
    throw new UnsupportedOperationException();
  }

  @Override
  public CompletionStage<List<Win>> findWinsByRound(String roundId) {
    throw new UnsupportedOperationException();
  }

  @Override
  public CompletionStage<Optional<Win>> findClaim(PoolId pool, String roundId) {
    throw new UnsupportedOperationException();
  }

  @Override
  public CompletionStage<Optional<Pool>> rebuild(PoolId pool, PoolTerms terms) {
    throw new UnsupportedOperationException();
  }

  @Override
  public CompletionStage<List<io.jackpot.ledger.AuditEntry>> findAudit(Instant from, Instant to, String owner) {
    throw new UnsupportedOperationException();
  }

  @Override
  public CompletionStage<List<Win>> findWins(String jackpotId, Instant from, Instant to, String operatorId) {
    throw new UnsupportedOperationException();
  }

  @Override
  public CompletionStage<io.jackpot.reconciliation.LedgerFigures> figures() {
    throw new UnsupportedOperationException();
  }

  @Override
  public CompletionStage<Void> recordCreated(Pool pool, Instant at) {
    throw new UnsupportedOperationException();
  }
}
