package io.jackpot.sdk.internal;

import io.github.resilience4j.bulkhead.Bulkhead;
import io.github.resilience4j.bulkhead.BulkheadConfig;
import io.jackpot.sdk.ContributorConfig;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * The one sender thread: drains the buffer into batches (up to batchSize, waiting at most linger
 * for more) and sends at most maxInFlightBatches at once, each until it is answered.
 */
final class BatchSender {
  private final String gameId;
  private final int batchSize;
  private final Duration linger;
  private final BoundedBuffer buffer;
  private final BatchTransport transport;
  private final EndlessRetry retry;
  private final BatchAnswers answers;
  private final CallbackThreads callbacks;
  private final BooleanSupplier closed;
  /** Batches sent at once: resilience4j's semaphore bulkhead. */
  private final Bulkhead inFlight;
  private final Thread thread;

  BatchSender(ContributorConfig config, BoundedBuffer buffer, BatchTransport transport, EndlessRetry retry, BatchAnswers answers,
      CallbackThreads callbacks, BooleanSupplier closed) {
    this.gameId = config.gameId();
    this.batchSize = config.batchSize();
    this.linger = config.linger();
    this.buffer = buffer;
    this.transport = transport;
    this.retry = retry;
    this.answers = answers;
    this.callbacks = callbacks;
    this.closed = closed;
    this.inFlight = Bulkhead.of("jackpot-in-flight", BulkheadConfig.custom().maxConcurrentCalls(config.maxInFlightBatches())
        .maxWaitDuration(config.requestTimeout()).fairCallHandlingStrategyEnabled(true).build());
    this.thread = new DaemonThreads("jackpot-sdk-sender").newThread(this::loop);
  }

  void start() {
    thread.start();
  }

  /** Stops the thread; close() does so only once it has answered every round. */
  void stop() {
    thread.interrupt();
  }

  private void loop() {
    try {
      while (!(closed.getAsBoolean() && buffer.queueEmpty() && buffer.held() == 0)) {
        PendingRound first = buffer.poll(50, TimeUnit.MILLISECONDS);
        if (first != null) {
          List<PendingRound> batch = batchFrom(first);
          awaitRoom();
          sendOrFail(batch);
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private List<PendingRound> batchFrom(PendingRound first) throws InterruptedException {
    List<PendingRound> batch = new ArrayList<>(batchSize);
    batch.add(first);
    long deadline = System.nanoTime() + linger.toNanos();
    while (batch.size() < batchSize) {
      long left = deadline - System.nanoTime();
      PendingRound p = left > 0 ? buffer.poll(left, TimeUnit.NANOSECONDS) : buffer.poll();
      if (p == null) {
        break;
      }
      batch.add(p);
    }
    return batch;
  }

  /**
   * Waits for an in-flight permit until there is one or close() interrupts: the batch is held,
   * never dropped. Each wait lasts at most requestTimeout, then is tried again.
   */
  private void awaitRoom() throws InterruptedException {
    while (!inFlight.tryAcquirePermission()) {
      if (Thread.currentThread().isInterrupted()) {
        throw new InterruptedException();
      }
    }
  }

  /**
   * The permit is given back once: by send() as soon as the batch is settled, before the game hears
   * of it (its callbacks may block or call close()), or here if send() threw before it could.
   */
  private void sendOrFail(List<PendingRound> batch) {
    try {
      send(batch, inFlight::onComplete);
    } catch (RuntimeException e) {
      // Never let the one sender thread die: the batch fails, the next ones are still sent.
      inFlight.onComplete();
      List<Runnable> tell = new ArrayList<>(batch.size());
      batch.forEach(p -> buffer.fail(p, e, tell));
      callbacks.tell(tell);
    }
  }

  /**
   * Sends the batch until it is answered; runs {@code settled} exactly once, when every round of it
   * is settled (a batch that cannot be written is settled failed, the same way), unless it throws
   * first (the caller then settles the batch itself).
   */
  private void send(List<PendingRound> batch, Runnable settled) {
    CompletionStage<String> answer;
    try {
      String body = Wire.batch(gameId, batch.stream().map(PendingRound::contribution).toList());
      Supplier<CompletionStage<String>> attempt = () -> transport.send(body)
          .whenComplete((text, e) -> buffer.lastFailure(e == null ? null : String.valueOf(Causes.unwrap(e).getMessage())));
      answer = retry.call(attempt);
    } catch (IOException e) {
      answer = CompletableFuture.failedFuture(e);
    }
    answer.handle((text, error) -> {
      // Settled on the thread that got the answer, not on the game's callback threads, which the
      // game may keep busy: answers, buffer slots, permits and waiting claims never wait for the
      // game. Every round is settled before the game hears of any, so a close() from a callback
      // finds the rest of this batch answered.
      List<Runnable> tell = new ArrayList<>(batch.size());
      try {
        answers.settle(batch, text, error, tell);
      } finally {
        settled.run();
        callbacks.tell(tell);
      }
      return null;
    });
  }
}
