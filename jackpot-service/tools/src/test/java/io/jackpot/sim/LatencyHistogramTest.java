package io.jackpot.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class LatencyHistogramTest {
  @Test
  void percentilesAreTheUpperEdgeOfTheirStepAndNeverAboveTheMaximum() {
    LatencyHistogram h = new LatencyHistogram();
    for (int ms = 1; ms <= 100; ms++) {
      h.record(ms * 1_000_000L - 1);
    }
    assertEquals(100, h.count());
    assertEquals(50_000, h.percentileMicros(500));
    assertEquals(99_000, h.percentileMicros(990));
    assertEquals(99_999, h.percentileMicros(1000), "capped by the true maximum");
    assertEquals(99_999, h.maxMicros());
  }

  @Test
  void anEmptyHistogramAndOverlongLatencies() {
    LatencyHistogram h = new LatencyHistogram();
    assertEquals(0, h.percentileMicros(990));
    h.record(120_000_000_000L);
    assertEquals(120_000_000, h.percentileMicros(500), "beyond 60 s, the true maximum: the last step has no upper edge (never flattering)");
    assertEquals(120_000_000, h.maxMicros());
  }
}
