package io.jackpot.sequencer;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/** Waits for an observable condition (a pool's state, a count), failing with {@code what} past {@code limit}. */
final class Polling {
  private Polling() {}

  static void until(BooleanSupplier condition, Duration limit, String what) {
    long end = System.nanoTime() + limit.toNanos();
    while (!condition.getAsBoolean()) {
      assertTrue(System.nanoTime() < end, what);
      LockSupport.parkNanos(1_000_000);
    }
  }
}
