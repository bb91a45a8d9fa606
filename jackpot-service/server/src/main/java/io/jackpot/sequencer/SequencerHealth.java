package io.jackpot.sequencer;

import io.jackpot.error.OverloadedException;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * Whether the sequencer takes work and is ready: applies or commits failing (and since when), refused
 * steps' notes that cannot be dropped, its retirement and its halt. Written and read on any thread.
 */
final class SequencerHealth {
  private final LongSupplier nanoTime;
  private volatile boolean applyFailing;
  private volatile boolean commitFailing;
  /**
   * The steps whose refused note may stand and whose last attempt to drop it failed: while any is,
   * the member is not ready (it may be stuck), though it takes work.
   */
  private final Set<String> undroppable = ConcurrentHashMap.newKeySet();
  /** When applies or commits began failing ({@link #nanoTime}), 0 while neither fails. */
  private final AtomicLong failingSince = new AtomicLong();
  /** Why the sequencer takes no more work (its member is leaving for good), or null. */
  private volatile String retired;
  /** Why the sequencer moves no more money (the ledger refused a commit for good), or null. */
  private volatile String halted;

  /** @param nanoTime the monotonic time, as {@link System#nanoTime} */
  SequencerHealth(LongSupplier nanoTime) {
    this.nanoTime = nanoTime;
  }

  /** Applies (journal writes included) began or stopped failing; answers whether applies or commits fail now. */
  boolean applyFailing(boolean failing) {
    applyFailing = failing;
    return noteFailing();
  }

  /** Commits began or stopped failing; answers whether applies or commits fail now. */
  boolean commitFailing(boolean failing) {
    commitFailing = failing;
    return noteFailing();
  }

  private boolean noteFailing() {
    if (applyFailing || commitFailing) {
      failingSince.compareAndSet(0, nanoTime.getAsLong());
      return true;
    }
    failingSince.set(0);
    return false;
  }

  /** Whether applies or commits are failing and being retried: new work is refused meanwhile. */
  boolean failing() {
    return applyFailing || commitFailing;
  }

  /** Whether applies or commits have been failing without a break for at least {@code d}. */
  boolean failingFor(Duration d) {
    long since = failingSince.get();
    return since != 0 && nanoTime.getAsLong() - since >= d.toNanos();
  }

  /** The drop of refused step {@code stepId}'s note failed: not ready until it is dropped. */
  void undroppable(String stepId) {
    undroppable.add(stepId);
  }

  void dropped(String stepId) {
    undroppable.remove(stepId);
  }

  boolean healthy() {
    return !applyFailing && !commitFailing && undroppable.isEmpty() && retired == null && halted == null;
  }

  /** Neither retired nor halted. */
  boolean takesWork() {
    return retired == null && halted == null;
  }

  boolean retired() {
    return retired != null;
  }

  void retire(String reason) {
    retired = reason;
  }

  /** Why the sequencer halted, or null while it has not. */
  String halted() {
    return halted;
  }

  void halt(String reason) {
    halted = reason;
  }

  /** The refusal of work once retired or halted: retryable elsewhere. */
  OverloadedException leaving() {
    return new OverloadedException((halted != null ? halted : retired) + "; retry on another member");
  }
}
