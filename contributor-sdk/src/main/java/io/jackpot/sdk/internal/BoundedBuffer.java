package io.jackpot.sdk.internal;

import io.jackpot.sdk.BufferFullException;
import io.jackpot.sdk.Contribution;
import io.jackpot.sdk.RoundResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * The contributions held until the service answers them: at most {@code capacity}, one semaphore
 * permit each, queued for the sender and settled exactly once. The game hears of a settled round
 * when the {@code tell} list it was added to runs.
 */
final class BoundedBuffer {
  private final int capacity;
  private final Semaphore held;
  private final LinkedBlockingQueue<PendingRound> queue = new LinkedBlockingQueue<>();
  /** Every round accepted and not yet settled (queued, in flight, or waiting for a retry). */
  private final Set<PendingRound> outstanding = ConcurrentHashMap.newKeySet();
  /**
   * The outstanding rounds by id (the first, if one id was given twice). A claim of one of them is
   * sent once it is settled: a service may take claims only for recorded rounds
   * (JACKPOT_CLAIM_ROUNDS=recorded), and a round's own share belongs in the pool it wins.
   */
  private final ConcurrentHashMap<String, PendingRound> unsettled = new ConcurrentHashMap<>();
  /** Rounds settled whose game has not been told yet (close() waits for them). */
  private final AtomicInteger untold = new AtomicInteger();
  /** Why the last batch sent failed, or null once one went through: told with a full buffer, which is what it leads to. */
  private volatile String lastFailure;

  BoundedBuffer(int capacity) {
    this.capacity = capacity;
    this.held = new Semaphore(capacity);
  }

  /** Holds the round and queues it for the sender; fails at once when the buffer is full or {@code closed}. */
  CompletableFuture<RoundResult> accept(Contribution contribution, BooleanSupplier closed) {
    if (!held.tryAcquire()) {
      return CompletableFuture.failedFuture(new BufferFullException(capacity, lastFailure));
    }
    CompletableFuture<RoundResult> done = new CompletableFuture<>();
    PendingRound p = new PendingRound(contribution, done);
    outstanding.add(p);
    unsettled.putIfAbsent(contribution.roundId(), p);
    if (closed.getAsBoolean()) {
      // close() began after the caller's check: it may already have looked at what is outstanding
      // and let the sender go. The round is refused rather than left without an answer; nothing
      // can wait on it before it is returned.
      List<Runnable> tell = new ArrayList<>(1);
      fail(p, new IllegalStateException("the contributor is closed"), tell);
      tell.forEach(Runnable::run);
      return done;
    }
    queue.add(p);
    return done;
  }

  int held() {
    return capacity - held.availablePermits();
  }

  /** The next round to send, waiting at most {@code timeout}; null if none came. */
  PendingRound poll(long timeout, TimeUnit unit) throws InterruptedException {
    return queue.poll(timeout, unit);
  }

  PendingRound poll() {
    return queue.poll();
  }

  boolean queueEmpty() {
    return queue.isEmpty();
  }

  /** A round the service could not take just now, back in the queue. */
  void requeue(PendingRound p) {
    queue.add(p);
  }

  /** The outstanding round with this id, or null. */
  PendingRound unsettled(String roundId) {
    return unsettled.get(roundId);
  }

  void lastFailure(String why) {
    lastFailure = why;
  }

  void finish(PendingRound p, RoundResult r, List<Runnable> tell) {
    settleOnce(p, done -> done.complete(r), tell, false);
  }

  void fail(PendingRound p, Throwable t, List<Runnable> tell) {
    settleOnce(p, done -> done.completeExceptionally(t), tell, false);
  }

  /** Fails every round still outstanding, as close() does: a claim waiting for one is then not sent. */
  void giveUpAll(List<Runnable> tell) {
    for (PendingRound p : List.copyOf(outstanding)) {
      settleOnce(p, done -> done.completeExceptionally(new IllegalStateException("closed before the service confirmed round "
          + p.contribution().roundId() + "; it may or may not be recorded: look it up by round id")), tell, true);
    }
  }

  /**
   * Each round is settled once: a second outcome for it (or one after close gave up) is ignored.
   * The buffer slot is freed before the game hears the outcome, so what it sees is never more than
   * held.
   */
  private void settleOnce(PendingRound p, Consumer<CompletableFuture<RoundResult>> outcome, List<Runnable> tell, boolean givenUp) {
    if (!outstanding.remove(p)) {
      return;
    }
    p.givenUp(givenUp);
    unsettled.remove(p.contribution().roundId(), p);
    // Counted before the slot is freed: close(), seeing every slot back, also waits for this to be told.
    untold.incrementAndGet();
    held.release();
    // The claims waiting for the round go now: the game's own callbacks, run by the outcome, may
    // wait for one of those claims (a deadlock if the claim waited for them).
    p.markSettled();
    tell.add(() -> {
      try {
        outcome.accept(p.done());
      } finally {
        told();
      }
    });
  }

  private void told() {
    if (untold.decrementAndGet() == 0) {
      synchronized (untold) {
        untold.notifyAll();
      }
    }
  }

  /** Waits, until {@code deadline} (nanoTime), for every slot to be back: everything held was delivered. */
  void awaitDelivered(long deadline) throws InterruptedException {
    if (held.tryAcquire(capacity, deadline - System.nanoTime(), TimeUnit.NANOSECONDS)) {
      held.release(capacity);
    }
  }

  /** Waits, until {@code deadline} (nanoTime), for the game to have heard of every settled round. */
  void awaitTold(long deadline) throws InterruptedException {
    synchronized (untold) {
      long left;
      while (untold.get() > 0 && (left = deadline - System.nanoTime()) > 0) {
        TimeUnit.NANOSECONDS.timedWait(untold, left);
      }
    }
  }
}
