package io.jackpot.admin;

import io.jackpot.error.ErrorCode;
import io.jackpot.error.Rejection.Kind;
import io.jackpot.error.Rejection;
import java.util.Objects;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;

/**
 * Lets one scan of a kind run at a time on this member. Scans of the whole ledger and pages of wins
 * or audit entries (any viewer token may ask; up to 10,000 rows a page) share the three connections
 * for long reads with pool rebuilds and the sweep for unfinished transfers, whose wait queue has no
 * bound, and many at once would hold those up. Another one meanwhile is refused with 503 BUSY
 * (Retry-After), nothing done.
 */
final class OneAtATime {
  private final AtomicBoolean running = new AtomicBoolean();
  private final String what;

  /** {@code what}: the scan as the refusal names it ("a page of wins"). */
  OneAtATime(String what) {
    this.what = what;
  }

  <T> CompletionStage<T> run(Supplier<CompletionStage<T>> scan) {
    if (!running.compareAndSet(false, true)) {
      throw new Rejection(Kind.UNAVAILABLE, ErrorCode.BUSY, what + " is already running on this member; retry in a moment");
    }
    CompletionStage<T> started;
    try {
      started = Objects.requireNonNull(scan.get(), "the scan answered no stage");
    } catch (RuntimeException | Error e) { // an error too: the kind would be BUSY for good
      running.set(false);
      throw e;
    }
    return started.whenComplete((v, e) -> running.set(false));
  }
}
