package io.jackpot.sequencer;

import io.github.resilience4j.core.IntervalFunction;
import io.github.resilience4j.retry.Retry;
import io.github.resilience4j.retry.RetryConfig;
import io.jackpot.error.Failures;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.Consumer;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A call of the sequencer's tried again, with exponential random backoff on the scheduler, for as
 * long as it takes while its failure is curable; failed at once otherwise.
 */
final class ForeverRetry {
  /** The sequencer's own log category, which operators filter on. */
  private static final Logger log = LoggerFactory.getLogger(Sequencer.class);

  private final Retry retry;
  private final ScheduledExecutorService scheduler;

  /** Retried for any failure. */
  ForeverRetry(String name, SequencerSettings s, ScheduledExecutorService scheduler, Consumer<Boolean> failing) {
    this(name, s, scheduler, failing, e -> true);
  }

  /** @param failing told true at each retry, false once an attempt succeeds (on the attempt's thread) */
  ForeverRetry(String name, SequencerSettings s, ScheduledExecutorService scheduler, Consumer<Boolean> failing,
      Predicate<Throwable> curable) {
    this.scheduler = scheduler;
    this.retry = Retry.of(name, RetryConfig.custom()
        .maxAttempts(Integer.MAX_VALUE)
        .intervalFunction(IntervalFunction.ofExponentialRandomBackoff(s.retryInitial(), 2.0, 0.3, s.retryMax()))
        .retryOnException(curable)
        .failAfterMaxAttempts(true)
        .build());
    retry.getEventPublisher()
        .onRetry(e -> {
          failing.accept(true);
          log.warn("{} failed (attempt {}), retrying in {} ms: {}", name, e.getNumberOfRetryAttempts(),
              e.getWaitInterval().toMillis(), String.valueOf(e.getLastThrowable()));
        })
        .onSuccess(e -> {
          failing.accept(false);
          log.info("{} recovered after {} attempts", name, e.getNumberOfRetryAttempts());
        });
  }

  /**
   * The call, tried again as configured. An attempt that throws (a Hazelcast call refused before it
   * is sent) fails its stage instead, and is tried again like any failed one: resilience4j lets what
   * an attempt throws out, which failed the whole step at once (the first attempt) or, thrown on the
   * retry scheduler, left the step waiting for ever (a later one: resilience4j 2.3's
   * AsyncRetryBlock.run calls the attempt outside any try). SequencerTest has both.
   */
  <T> CompletionStage<T> call(Supplier<CompletionStage<T>> call) {
    return Retry.decorateCompletionStage(retry, scheduler, () -> Failures.attempt(call)).get();
  }
}
