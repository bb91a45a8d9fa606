package io.jackpot.it.support;

import java.util.Arrays;
import java.util.OptionalDouble;

/** Reading a /metrics page (Prometheus text), for the tests and the bench. */
public final class MetricsText {
  private MetricsText() {}

  /**
   * The sum of the samples in {@code metrics} (a /metrics page) whose line starts with
   * {@code prefix}: a name and a space for one series, or a name (and labels) for several; empty
   * when there is none.
   */
  public static OptionalDouble sum(String metrics, String prefix) {
    double[] values = metrics.lines().filter(l -> l.startsWith(prefix)).mapToDouble(l -> Double.parseDouble(l.substring(l.lastIndexOf(' ') + 1)))
        .toArray();
    return values.length == 0 ? OptionalDouble.empty() : OptionalDouble.of(Arrays.stream(values).sum());
  }
}
