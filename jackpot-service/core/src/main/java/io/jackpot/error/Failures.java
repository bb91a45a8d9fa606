package io.jackpot.error;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.function.Supplier;

/** Failures as a CompletionStage hands them over. */
public final class Failures {
  private Failures() {}

  /**
   * {@code call}'s stage, or a stage failed with what it threw: a call that throws before it hands
   * over a stage (a Hazelcast call refused before it is sent) fails like one that fails later.
   */
  public static <T> CompletionStage<T> attempt(Supplier<? extends CompletionStage<T>> call) {
    try {
      return call.get();
    } catch (RuntimeException e) {
      return CompletableFuture.failedFuture(e);
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
