package io.jackpot.pool;

/** Where fresh entropy for pool batches comes from; injected so tests can seed it. */
@FunctionalInterface
public interface RandomSource {
  Entropy next();
}
