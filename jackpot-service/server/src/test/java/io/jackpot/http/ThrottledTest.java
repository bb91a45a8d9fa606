package io.jackpot.http;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The first event is logged at once; then one line per interval, counting what came between. */
class ThrottledTest {
  @Test
  void oneLinePerIntervalWithTheCount() {
    Throttled t = new Throttled(Duration.ofSeconds(10));
    long s = 1_000_000_000L;
    assertEquals(1, t.count(0));
    for (int i = 1; i < 100; i++) {
      assertEquals(0, t.count(i * s / 100), "quiet within the interval");
    }
    assertEquals(100, t.count(10 * s), "the 99 held back and this one");
    assertEquals(0, t.count(11 * s));
    assertEquals(2, t.count(25 * s));
  }
}
