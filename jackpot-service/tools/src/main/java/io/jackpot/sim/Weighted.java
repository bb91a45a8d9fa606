package io.jackpot.sim;

import java.util.random.RandomGenerator;

/** A pick among values with whole-number weights. */
final class Weighted {
  private final long[] values;
  private final long[] cumulative;

  Weighted(long[] values, long[] weights) {
    if (values.length != weights.length || values.length == 0) {
      throw new IllegalArgumentException("one weight per value");
    }
    this.values = values.clone();
    this.cumulative = new long[weights.length];
    long sum = 0;
    for (int i = 0; i < weights.length; i++) {
      if (weights[i] <= 0) {
        throw new IllegalArgumentException("weights must be positive");
      }
      sum += weights[i];
      cumulative[i] = sum;
    }
  }

  long pick(RandomGenerator random) {
    long r = random.nextLong(cumulative[cumulative.length - 1]);
    for (int i = 0; i < cumulative.length; i++) {
      if (r < cumulative[i]) {
        return values[i];
      }
    }
    throw new AssertionError("unreachable");
  }
}
