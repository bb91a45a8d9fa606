package io.jackpot.sdk.internal;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * What close() does once nothing new is taken: waits, 3 × requestTimeout in all, for what is held
 * to be delivered and for claims to be answered, gives up the rest, then stops every thread.
 */
final class Drain {
  private final Duration requestTimeout;
  private final BoundedBuffer buffer;
  private final Claims claims;
  private final BatchSender sender;
  private final BatchTransport transport;
  private final Ticker ticker;
  private final ScheduledExecutorService scheduler;
  private final CallbackThreads callbacks;

  Drain(Duration requestTimeout, BoundedBuffer buffer, Claims claims, BatchSender sender, BatchTransport transport, Ticker ticker,
      ScheduledExecutorService scheduler, CallbackThreads callbacks) {
    this.requestTimeout = requestTimeout;
    this.buffer = buffer;
    this.claims = claims;
    this.sender = sender;
    this.transport = transport;
    this.ticker = ticker;
    this.scheduler = scheduler;
    this.callbacks = callbacks;
  }

  /**
   * An interrupt pending before close() (a game shutting down from a cancelled task) does not cut
   * its waits short; one that comes during them does. Either is set again on return.
   */
  void run() {
    boolean pending = Thread.interrupted();
    boolean cut = false;
    try {
      long deadline = System.nanoTime() + requestTimeout.toNanos() * 3;
      cut = !awaitAnswers(deadline);
      giveUpTheRest();
      stopThreads();
      // close() returns once the game has heard of the rounds settled, unless it was called from
      // one of their callbacks, which cannot wait for itself.
      if (!callbacks.isCurrent() && !cut) {
        cut = !awaitTold(System.nanoTime() + Math.max(deadline - System.nanoTime(), TimeUnit.SECONDS.toNanos(1)));
      }
      callbacks.shutdown();
    } finally {
      if (pending || cut) {
        Thread.currentThread().interrupt();
      }
    }
  }

  /** Waits until the deadline for every round and claim to be answered; false if interrupted. */
  private boolean awaitAnswers(long deadline) {
    try {
      buffer.awaitDelivered(deadline);
      claims.awaitAnswered(deadline);
    } catch (InterruptedException e) {
      return false;
    } catch (ExecutionException | TimeoutException e) {
      // a claim refused, or the time is up: both are settled next
    }
    return true;
  }

  /**
   * Whatever the service has not confirmed by now is failed, never left without an answer. The
   * game hears of it on the callback threads, not on the thread closing: a callback that blocks
   * would hold close() past its bound.
   */
  private void giveUpTheRest() {
    List<Runnable> givenUp = new ArrayList<>();
    buffer.giveUpAll(givenUp);
    claims.giveUpAll(givenUp);
    callbacks.tell(givenUp);
  }

  private void stopThreads() {
    sender.stop();
    transport.close();
    ticker.close();
    scheduler.shutdownNow();
  }

  private boolean awaitTold(long deadline) {
    try {
      buffer.awaitTold(deadline);
      return true;
    } catch (InterruptedException e) {
      return false;
    }
  }
}
