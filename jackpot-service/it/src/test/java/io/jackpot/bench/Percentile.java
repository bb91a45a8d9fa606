package io.jackpot.bench;

import java.util.List;

/** Percentiles of measured values, the same way in every bench. */
final class Percentile {
  private Percentile() {}

  /** The nearest-rank percentile of {@code sorted}: the smallest value with at least {@code q} of the values at or below it; 0 if none. */
  static long nearestRank(List<Long> sorted, double q) {
    if (sorted.isEmpty()) {
      return 0;
    }
    int rank = (int) Math.ceil(q * sorted.size());
    return sorted.get(Math.max(0, Math.min(sorted.size(), rank) - 1));
  }
}
