package io.jackpot.sdk.internal;

import io.github.resilience4j.retry.Retry;
import io.github.resilience4j.retry.RetryConfig;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Supplier;

/**
 * Tries a call again for as long as it fails {@link Retryable} (resilience4j's Retry): after a
 * jittered backoff, never sooner than the failure's Retry-After.
 */
final class EndlessRetry {
  private final Retry retry;
  private final ScheduledExecutorService scheduler;

  EndlessRetry(JitteredBackoff backoff, ScheduledExecutorService scheduler) {
    this.scheduler = scheduler;
    this.retry = Retry.of("jackpot-network", RetryConfig.<Object>custom()
        .maxAttempts(Integer.MAX_VALUE)
        .retryOnException(e -> Causes.unwrap(e) instanceof Retryable)
        .intervalBiFunction((attempt, either) -> {
          long wait = backoff.millis(attempt);
          if (either.isLeft() && Causes.unwrap(either.getLeft()) instanceof Retryable r && r.retryAfterMillis >= 0) {
            return JitteredBackoff.afterRetryAfter(r.retryAfterMillis, wait, ThreadLocalRandom.current().nextDouble());
          }
          return wait;
        })
        .failAfterMaxAttempts(true)
        .build());
  }

  /**
   * The call, tried again as the retry rules say. An attempt that throws instead of failing its
   * stage fails it: resilience4j does not catch what a retried attempt throws, and the caller
   * would wait for ever.
   */
  <T> CompletionStage<T> call(Supplier<CompletionStage<T>> call) {
    Supplier<CompletionStage<T>> attempt = () -> {
      try {
        return call.get();
      } catch (RuntimeException e) {
        return CompletableFuture.failedFuture(e);
      }
    };
    return Retry.decorateCompletionStage(retry, scheduler, attempt).get();
  }
}
