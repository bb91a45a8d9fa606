package io.jackpot.error;

import java.util.concurrent.CompletionException;

/** Failures as a CompletionStage hands them over. */
public final class Failures {
  private Failures() {}

  /**
   * {@code call}'s stage, or a stage failed with what it threw: a call that throws before it hands
   * over a stage (a Hazelcast call refused before it is sent) fails like one that fails later.
   */
  public static <T> java.util.concurrent.CompletionStage<T> attempt(java.util.function.Supplier<? extends java.util.concurrent.CompletionStage<T>> call) {
    try {
      return call.get();
    } catch (RuntimeException e) {
      return java.util.concurrent.CompletableFuture.failedFuture(e);
    }
  }

  /** What failed: {@code failure} without the CompletionExceptions a stage wraps it in. */
  public static Throwable cause(Throwable failure) {
    Throwable t = failure;
    while (t instanceof CompletionException && t.getCause() != null) {
      t = t.getCause();
    }
    return t;
  }
}
