package io.jackpot.sim;

import java.io.PrintStream;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/** Watches a load run once a second: prints its progress line, stops it at its deadline or when the service stalls. */
final class RunWatch {
  private final Tally tally;
  private final PrintStream progress;
  private final Duration stall;
  private final long begin;
  private long lastCount;
  private long lastAt;
  private long settled;
  private long settledAt;

  RunWatch(Tally tally, PrintStream progress, Duration stall, long begin) {
    this.tally = tally;
    this.progress = progress;
    this.stall = stall;
    this.begin = begin;
    this.lastAt = begin;
    this.settledAt = begin;
  }

  /** Waits for every instance to be {@code done}; true if the run was stopped because the service stalled. */
  boolean await(CountDownLatch done, AtomicBoolean stop, long deadline) throws InterruptedException {
    while (!done.await(1, TimeUnit.SECONDS)) {
      long now = System.nanoTime();
      if (now >= deadline) {
        stop.set(true);
      }
      if (stalled(now)) {
        // End the run rather than wait forever; closing the clients fails what they still hold.
        progress.printf("no round answered for %d s: the service is not answering; stopping%n", stall.toSeconds());
        stop.set(true);
        return true;
      }
      printProgress(now);
    }
    return false;
  }

  private boolean stalled(long now) {
    long nowSettled = tally.settled();
    if (nowSettled != settled) {
      settled = nowSettled;
      settledAt = now;
      return false;
    }
    return now - settledAt > stall.toNanos();
  }

  private void printProgress(long now) {
    long count = tally.acknowledged.sum();
    progress.printf("%6.1fs  %,9.0f/s  acknowledged %,d  refused %,d  failed %,d  wins %,d%n", (now - begin) / 1e9,
        (count - lastCount) * 1e9 / Math.max(1, now - lastAt), count, tally.refused.sum(), tally.failed.sum(), tally.wins.sum());
    lastCount = count;
    lastAt = now;
  }
}
