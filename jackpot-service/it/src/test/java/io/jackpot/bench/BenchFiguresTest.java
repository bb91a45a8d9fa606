package io.jackpot.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Locale;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

class BenchFiguresTest {
  @Test
  void theResultLineHasDecimalPointsWhateverTheLocale() {
    Locale before = Locale.getDefault();
    Locale.setDefault(Locale.GERMANY);
    try {
      assertEquals("RESULT contributions_per_s=31995 baseline_per_s=7870 ratio=4.07 p99_ms=87.8",
          FirstBench.resultLine(31_995.4, 7_870.2, 87.84));
    } finally {
      Locale.setDefault(before);
    }
  }

  @Test
  void percentilesAreNearestRank() {
    List<Long> hundred = LongStream.rangeClosed(1, 100).map(ms -> ms * 1_000_000).boxed().toList();
    assertEquals(50.0, HttpBatchLoad.pct(hundred, 0.50));
    assertEquals(99.0, HttpBatchLoad.pct(hundred, 0.99), "the 99th of 100, not the largest");
    assertEquals(100.0, HttpBatchLoad.pct(hundred, 1.0));
    assertEquals(7.0, HttpBatchLoad.pct(List.of(7_000_000L), 0.99));
    assertEquals(0.0, HttpBatchLoad.pct(List.of(), 0.99));
    assertEquals(99L, Percentile.nearestRank(LongStream.rangeClosed(1, 100).boxed().toList(), 0.99), "the ticker bench's too");
  }
}
