package io.jackpot.sdk.internal;

import io.jackpot.sdk.Contribution;
import io.jackpot.sdk.RoundResult;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One accepted round until it is settled, and what its claims wait on. Equal by identity, not by
 * content (not a record): the buffer adds and removes each one once, and a record would hash the
 * whole contribution both times.
 */
final class PendingRound {
  private final Contribution contribution;
  private final CompletableFuture<RoundResult> done;
  /** Times the service answered it "not just now" (OVERLOADED, ROUND_IN_PROGRESS): its backoff grows with them. */
  private final AtomicInteger deferred = new AtomicInteger();
  // Claims wait on a future of their own: the game may complete done itself (a timeout of its own).
  private CompletableFuture<Boolean> claimsWaiting; // guarded by this
  private boolean settled; // guarded by this
  /** Set, before it is settled, when close() gave the round up unconfirmed: a claim waiting for it is then not sent. */
  private volatile boolean givenUp;

  PendingRound(Contribution contribution, CompletableFuture<RoundResult> done) {
    this.contribution = contribution;
    this.done = done;
  }

  Contribution contribution() {
    return contribution;
  }

  CompletableFuture<RoundResult> done() {
    return done;
  }

  /** One more "not just now" answer; returns how many there were. */
  int deferredAgain() {
    return deferred.incrementAndGet();
  }

  void givenUp(boolean givenUp) {
    this.givenUp = givenUp;
  }

  /** Completes once the round is settled: true if answered, false if close() gave it up. */
  synchronized CompletionStage<Boolean> whenSettled() {
    if (settled) {
      return CompletableFuture.completedFuture(!givenUp);
    }
    if (claimsWaiting == null) {
      claimsWaiting = new CompletableFuture<>();
    }
    return claimsWaiting;
  }

  void markSettled() {
    CompletableFuture<Boolean> waiting;
    synchronized (this) {
      settled = true;
      waiting = claimsWaiting;
    }
    if (waiting != null) {
      waiting.complete(!givenUp); // outside the lock: the claims continue from here
    }
  }
}
