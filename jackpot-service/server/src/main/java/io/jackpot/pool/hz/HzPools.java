package io.jackpot.pool.hz;

import com.hazelcast.map.IMap;
import io.jackpot.pool.Pool;
import io.jackpot.pool.PoolId;
import io.jackpot.pool.PoolOutcome;
import io.jackpot.pool.Pools;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.LongAdder;

/**
 * Live pools in a Hazelcast IMap keyed by {@link PoolId#key()}, changed only by entry processors.
 * Results are handed over on {@code callbacks}: a local call completes on a partition thread,
 * which must never run what the caller chains on (it may call Hazelcast again).
 */
public final class HzPools implements Pools {
  public static final String MAP = "jackpot.pools";

  private final IMap<String, Pool> map;
  private final Executor callbacks;
  /** Pools read (one entry-processor call each), for tests: public reads must not add to it per request. */
  private final LongAdder poolReads = new LongAdder();

  public HzPools(IMap<String, Pool> map, Executor callbacks) {
    this.map = map;
    this.callbacks = callbacks;
  }

  @Override
  public CompletionStage<Map<PoolId, List<PoolOutcome>>> apply(Map<PoolId, Pool.Batch> batches) {
    return apply(batches, false);
  }

  @Override
  public CompletionStage<Map<PoolId, List<PoolOutcome>>> applyOnBehalf(Map<PoolId, Pool.Batch> batches) {
    return apply(batches, true);
  }

  private CompletionStage<Map<PoolId, List<PoolOutcome>>> apply(Map<PoolId, Pool.Batch> batches, boolean onBehalf) {
    Map<PoolId, CompletableFuture<Applied>> calls = new LinkedHashMap<>();
    batches.forEach((id, batch) -> calls.put(id, map.submitToKey(id.key(), new ApplyBatch(batch, onBehalf)).toCompletableFuture()));
    return CompletableFuture.allOf(calls.values().toArray(CompletableFuture[]::new)).thenApplyAsync(v -> {
      Map<PoolId, List<PoolOutcome>> out = new LinkedHashMap<>();
      calls.forEach((id, f) -> out.put(id, f.join().outcomes()));
      return out;
    }, callbacks);
  }

  @Override
  public CompletionStage<Optional<Pool>> get(PoolId id) {
    poolReads.increment();
    return map.submitToKey(id.key(), new ReadPool()).thenApplyAsync(Optional::ofNullable, callbacks);
  }

  @Override
  public CompletionStage<Optional<Pool.Recall>> recall(PoolId id, String senderId, String opId) {
    return map.submitToKey(id.key(), new RecallBatch(senderId, opId)).thenApplyAsync(Optional::ofNullable, callbacks);
  }

  /** In the order asked; pools not live are left out. Reads a view without the batch memory. */
  @Override
  public CompletionStage<List<Pool>> getAll(Collection<PoolId> ids) {
    List<CompletableFuture<Pool>> calls = new ArrayList<>();
    poolReads.add(ids.size());
    ids.forEach(id -> calls.add(map.submitToKey(id.key(), new ReadPool()).toCompletableFuture()));
    return CompletableFuture.allOf(calls.toArray(CompletableFuture[]::new))
        .thenApplyAsync(v -> calls.stream().map(CompletableFuture::join).filter(p -> p != null).toList(), callbacks);
  }

  /** How many pools this member has read from the cluster (get and getAll) since it started. */
  public long poolReads() {
    return poolReads.sum();
  }

  @Override
  public CompletionStage<Boolean> putIfAbsent(Pool pool) {
    return map.submitToKey(pool.id().key(), new InstallPool(pool)).thenApplyAsync(installed -> installed, callbacks);
  }
}
