package io.jackpot.cluster;

import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import java.time.Duration;
import java.util.concurrent.CompletionStage;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One of the member's background tasks, run every so often while deployed (PeriodicTask: never two
 * runs at once, a failed run tried again at the next tick, a run that hangs logged as an error).
 */
public final class PeriodicVerticle extends VerticleBase {
  private static final Logger log = LoggerFactory.getLogger(PeriodicVerticle.class);

  private final String what;
  private final long millis;
  private final Duration stuckAfter;
  private final Supplier<? extends CompletionStage<?>> work;
  private final Consumer<Throwable> failed;
  private long timer = -1;

  /**
   * {@code what} names the task in the log; a run under way for longer than {@code stuckAfter} is
   * logged at the ticks it holds up (at most once per {@code stuckAfter}); {@code failed} is told of
   * each run that failed.
   */
  public PeriodicVerticle(String what, long millis, Duration stuckAfter, Supplier<? extends CompletionStage<?>> work,
      Consumer<Throwable> failed) {
    this.what = what;
    this.millis = millis;
    this.stuckAfter = stuckAfter;
    this.work = work;
    this.failed = failed;
  }

  @Override
  public Future<?> start() {
    var task = new PeriodicTask(work, failed, stuckAfter, (running, skipped) -> log.error("{} has been under way for {} s"
        + " ({} ticks skipped): it waits for a call that has not answered", what, running.toSeconds(), skipped), System::nanoTime);
    timer = vertx.setPeriodic(millis, id -> task.tick());
    return Future.succeededFuture();
  }

  /** Stops the ticks; a run under way goes on to its end. */
  @Override
  public Future<?> stop() {
    vertx.cancelTimer(timer);
    return Future.succeededFuture();
  }
}
