package io.jackpot.it.support;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/** Waiting on an observable condition, polled, with a limit; the message says what did not happen. */
public final class Await {
  private Await() {}

  public static void until(BooleanSupplier condition, Duration limit, Supplier<String> what) throws InterruptedException {
    long end = System.nanoTime() + limit.toNanos();
    while (!condition.getAsBoolean()) {
      assertTrue(System.nanoTime() < end, () -> "timed out waiting: " + what.get());
      TimeUnit.MILLISECONDS.sleep(20);
    }
  }
}
