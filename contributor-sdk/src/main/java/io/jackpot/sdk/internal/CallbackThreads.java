package io.jackpot.sdk.internal;

import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadFactory;

/** The two threads on which the game hears of its rounds, so that its callbacks never hold up sending or settling. */
final class CallbackThreads {
  private final ThreadLocal<Boolean> onCallback = ThreadLocal.withInitial(() -> false);
  private final ExecutorService executor;

  CallbackThreads() {
    ThreadFactory threads = new DaemonThreads("jackpot-sdk-callbacks");
    this.executor = Executors.newFixedThreadPool(2, r -> threads.newThread(() -> {
      onCallback.set(true);
      r.run();
    }));
  }

  /** Runs {@code tell} on the callback threads, or on this one once they are stopped. */
  void tell(List<Runnable> tell) {
    if (tell.isEmpty()) {
      return;
    }
    try {
      executor.execute(() -> tell.forEach(Runnable::run));
    } catch (RejectedExecutionException closing) {
      tell.forEach(Runnable::run);
    }
  }

  /** Whether this thread is one of these callback threads. */
  boolean isCurrent() {
    return onCallback.get();
  }

  void shutdown() {
    executor.shutdown();
  }
}
