package io.jackpot.sdk.internal;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/** A time limit on a pending call, run on the SDK's scheduler and gone from it once the call completes. */
final class Deadline {
  private Deadline() {}

  /**
   * Runs {@code onTimeout} if {@code call} is not done within {@code timeout}. The timer is
   * cancelled when the call completes; the scheduler should remove cancelled tasks, so that none
   * stays queued holding the call. False, and nothing scheduled, once the SDK is closing.
   */
  static boolean on(ScheduledExecutorService scheduler, CompletableFuture<?> call, Duration timeout, Runnable onTimeout) {
    ScheduledFuture<?> timer;
    try {
      timer = scheduler.schedule(() -> {
        if (!call.isDone()) {
          onTimeout.run();
        }
      }, timeout.toMillis(), TimeUnit.MILLISECONDS);
    } catch (RejectedExecutionException closing) {
      return false;
    }
    call.whenComplete((v, e) -> timer.cancel(false));
    return true;
  }
}
