package io.jackpot.pool;

import io.jackpot.money.Money;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The pool a batch is changing: a copy of every field of the pool it started from, changed command
 * by command, then made a pool once ({@link #pool}). One per batch, however many commands it holds.
 */
final class PoolDraft {
  final PoolId id;
  PoolStatus status;
  PoolTerms terms;
  Money amount;
  long cycleSeedMicros;
  long opSeq;
  long winSeq;
  MustHit mustHit;
  MustDrop mustDrop;
  Money reserve;
  PoolTerms pendingTerms;
  long termsVersion;
  List<String> receivedTransfers;
  Money owed;
  List<Win> recentWins;
  Map<String, Pool.AppliedBatch> lastBatchBySender;

  /** A new pool's, active at its seed: nothing else held, nothing remembered, no operation before. */
  PoolDraft(PoolId id, PoolTerms terms, MustHit mustHit, MustDrop mustDrop) {
    this.id = id;
    this.status = PoolStatus.ACTIVE;
    this.terms = terms;
    this.amount = Money.ofMicros(terms.seedMicros());
    this.cycleSeedMicros = terms.seedMicros();
    this.mustHit = mustHit;
    this.mustDrop = mustDrop;
    this.reserve = Money.ZERO;
    this.owed = Money.ZERO;
    this.receivedTransfers = List.of();
    this.recentWins = List.of();
    this.lastBatchBySender = Map.of();
  }

  PoolDraft(Pool pool) {
    id = pool.id();
    status = pool.status();
    terms = pool.terms();
    amount = pool.amount();
    cycleSeedMicros = pool.cycleSeedMicros();
    opSeq = pool.opSeq();
    winSeq = pool.winSeq();
    mustHit = pool.mustHit();
    mustDrop = pool.mustDrop();
    reserve = pool.reserve();
    pendingTerms = pool.pendingTerms();
    termsVersion = pool.termsVersion();
    receivedTransfers = pool.receivedTransfers();
    owed = pool.owed();
    recentWins = pool.recentWins();
    lastBatchBySender = pool.lastBatchBySender();
  }

  Pool pool() {
    return new Pool(this);
  }

  /** The pool as it stands now, without its batch memory: what an operator's outcome records. */
  Pool view() {
    return pool().view();
  }

  /** Every change but the batch memory's is an operation of its own. */
  PoolDraft nextOp() {
    opSeq++;
    return this;
  }

  Money value() {
    return amount.plus(reserve).plus(owed);
  }

  /** What of {@code added} would take the amount past the ceiling (all of it if it is there already; none without one). */
  Money aboveCeiling(Money added) {
    return terms.capMicros() == 0 ? Money.ZERO
        : amount.plus(added).minus(Money.ofMicros(terms.capMicros()).max(amount)).max(Money.ZERO);
  }

  /** See {@link Pool#winOf}. */
  Optional<Win> winOf(String operatorId, String roundId) {
    return BatchMemory.winOf(recentWins, lastBatchBySender, operatorId, roundId);
  }

  Optional<Win> lastWin() {
    return recentWins.isEmpty() ? Optional.empty() : Optional.of(recentWins.get(recentWins.size() - 1));
  }
}
