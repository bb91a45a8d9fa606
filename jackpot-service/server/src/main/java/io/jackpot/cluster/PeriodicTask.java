package io.jackpot.cluster;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * A periodic task run one at a time: a tick during a run is skipped. A failed run goes to
 * {@code failed}, and the next tick tries again. A run longer than {@code stuckAfter} is reported
 * to {@code stuck}, at most once per {@code stuckAfter}; otherwise a hung call would stop the task
 * unseen. {@link #tick} is thread-safe; {@code work} starts on the ticking thread.
 */
public final class PeriodicTask {
  private final Supplier<? extends CompletionStage<?>> work;
  private final Consumer<Throwable> failed;
  private final BiConsumer<Duration, Integer> stuck;
  private final long stuckAfterNanos;
  private final LongSupplier nanoTime;
  private boolean busy;
  /** When the run under way started, and when it was last reported (nanoTime). */
  private long startedAt;
  private long reportedAt;
  private int skipped;

  /**
   * @param stuckAfter how long a run may go before the ticks it holds up report it; 0: every one
   * @param stuck told how long the run under way has been going, and how many ticks it has held up
   * @param nanoTime the clock, as System::nanoTime
   */
  public PeriodicTask(Supplier<? extends CompletionStage<?>> work, Consumer<Throwable> failed, Duration stuckAfter,
      BiConsumer<Duration, Integer> stuck, LongSupplier nanoTime) {
    this.work = work;
    this.failed = failed;
    this.stuckAfterNanos = stuckAfter.toNanos();
    this.stuck = stuck;
    this.nanoTime = nanoTime;
  }

  /** Starts a run unless one is under way (then it may report it stuck: class comment). */
  public void tick() {
    if (!start(nanoTime.getAsLong())) {
      return;
    }
    CompletionStage<?> run;
    try {
      run = work.get();
      if (run == null) {
        run = CompletableFuture.failedFuture(new NullPointerException("the task answered no stage"));
      }
    } catch (Throwable thrown) { // an error too: the run must not stay under way for good
      run = CompletableFuture.failedFuture(thrown);
    }
    run.whenComplete((v, e) -> {
      synchronized (this) {
        busy = false;
      }
      if (e != null) {
        failed.accept(e);
      }
    });
  }

  /**
   * Marks a run started at {@code now} and answers true; or, one being under way, counts the tick
   * it holds up, reports the run if it is late (outside the lock, so that a run completing
   * meanwhile is not held up), and answers false.
   */
  private boolean start(long now) {
    Duration late;
    int held;
    synchronized (this) {
      if (!busy) {
        busy = true;
        startedAt = now;
        reportedAt = now;
        skipped = 0;
        return true;
      }
      held = ++skipped;
      if (now - startedAt <= stuckAfterNanos || now - reportedAt <= stuckAfterNanos) {
        return false;
      }
      reportedAt = now;
      late = Duration.ofNanos(now - startedAt);
    }
    stuck.accept(late, held);
    return false;
  }
}
