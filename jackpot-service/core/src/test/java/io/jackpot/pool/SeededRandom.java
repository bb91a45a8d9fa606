package io.jackpot.pool;

import java.util.Random;

/** Entropy from a seeded java.util.Random: the same seed, the same draws. For tests only. */
public final class SeededRandom implements RandomSource {
  private final Random random;

  public SeededRandom(long seed) {
    this.random = new Random(seed);
  }

  @Override
  public synchronized Entropy next() {
    byte[] bits = new byte[32];
    random.nextBytes(bits);
    return Entropy.of(bits);
  }
}
