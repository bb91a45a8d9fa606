package io.jackpot.sdk.internal;

import java.util.concurrent.CompletionException;

/** Gets at the failure itself through the CompletionExceptions that stages wrap it in. */
final class Causes {
  private Causes() {}

  static Throwable unwrap(Throwable t) {
    while (t instanceof CompletionException && t.getCause() != null) {
      t = t.getCause();
    }
    return t;
  }
}
