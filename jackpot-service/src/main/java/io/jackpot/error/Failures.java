package io.jackpot.error;

import java.util.concurrent.CompletionException;

/** Failures as a CompletionStage hands them over. */
public final class Failures {
  private Failures() {}

  /** What failed: {@code failure} without the CompletionExceptions a stage wraps it in. */
  public static Throwable cause(Throwable failure) {
    Throwable t = failure;
    while (t instanceof CompletionException && t.getCause() != null) {
      t = t.getCause();
    }
    return t;
  }
}
