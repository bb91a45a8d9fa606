package io.jackpot.ticker;

import io.jackpot.error.ErrorCode;
import io.jackpot.error.Rejection;
import io.jackpot.pool.Pool;
import io.jackpot.pool.PoolId;
import io.jackpot.pool.PoolReads;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;

/**
 * Public pool reads answered from the ticker's samples: a read waits for the next sample that
 * begins after it was asked and makes no cluster call of its own, so a flood of reads costs the
 * partition threads that apply contributions nothing beyond the sampling (docs/ticker.md).
 */
public final class SampledReads implements PoolReads {
  /** Longest a read waits for its sample (one that does not answer); then 503 UNAVAILABLE. */
  static final Duration LONGEST_WAIT = Duration.ofSeconds(10);

  private final Duration longestWait;
  /** Reads waiting for a sample to begin; guarded by this. */
  private List<CompletableFuture<Map<PoolId, Pool>>> waiting = new ArrayList<>();
  private boolean stopped;

  public SampledReads() {
    this(LONGEST_WAIT);
  }

  SampledReads(Duration longestWait) {
    this.longestWait = longestWait;
  }

  @Override
  public CompletionStage<List<Pool>> read(Collection<PoolId> ids) {
    List<PoolId> asked = List.copyOf(ids);
    CompletableFuture<Map<PoolId, Pool>> sample = new CompletableFuture<>();
    synchronized (this) {
      if (stopped) {
        return CompletableFuture.failedFuture(stopping());
      }
      waiting.add(sample);
    }
    sample.orTimeout(longestWait.toMillis(), TimeUnit.MILLISECONDS);
    return sample.thenApply(live -> asked.stream().map(live::get).filter(Objects::nonNull).toList());
  }

  /**
   * Called as a sample begins, before its first read: the reads it answers, every one asked before
   * now (the lock orders each read before or after this moment).
   */
  public synchronized List<CompletableFuture<Map<PoolId, Pool>>> begin() {
    if (waiting.isEmpty()) {
      return List.of();
    }
    List<CompletableFuture<Map<PoolId, Pool>>> taken = waiting;
    waiting = new ArrayList<>();
    return taken;
  }

  /** Forgets the reads that gave up waiting (while no sample could begin, one being stuck). */
  public synchronized void prune() {
    waiting.removeIf(CompletableFuture::isDone);
  }

  /** Answers {@code taken} with the sample's pools, or with the failure that ended it. */
  public static void answer(List<CompletableFuture<Map<PoolId, Pool>>> taken, List<Pool> live, Throwable error) {
    if (taken.isEmpty()) {
      return;
    }
    if (error != null) {
      taken.forEach(f -> f.completeExceptionally(error));
      return;
    }
    Map<PoolId, Pool> byId = new HashMap<>();
    live.forEach(p -> byId.put(p.id(), p));
    Map<PoolId, Pool> sample = Collections.unmodifiableMap(byId);
    taken.forEach(f -> f.complete(sample));
  }

  /** No sample follows: the reads waiting, and any asked later, are refused 503. */
  public void stop() {
    List<CompletableFuture<Map<PoolId, Pool>>> left;
    synchronized (this) {
      stopped = true;
      left = waiting;
      waiting = new ArrayList<>();
    }
    left.forEach(f -> f.completeExceptionally(stopping()));
  }

  private static Rejection stopping() {
    return new Rejection(Rejection.Kind.UNAVAILABLE, ErrorCode.UNAVAILABLE, "this member is stopping; retry on another member");
  }
}
