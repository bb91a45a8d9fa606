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

/** Live pools in a Hazelcast IMap keyed by {@link PoolId#key()}, changed only by entry processors. */
public final class HzPools implements Pools {
  public static final String MAP = "jackpot.pools";

  private final IMap<String, Pool> map;

  public HzPools(IMap<String, Pool> map) {
    this.map = map;
  }

  @Override
  public CompletionStage<Map<PoolId, List<PoolOutcome>>> apply(Map<PoolId, Pool.Batch> batches) {
    Map<PoolId, CompletableFuture<List<PoolOutcome>>> calls = new LinkedHashMap<>();
    batches.forEach((id, batch) -> calls.put(id, map.submitToKey(id.key(), new ApplyBatch(batch)).toCompletableFuture()));
    return CompletableFuture.allOf(calls.values().toArray(CompletableFuture[]::new)).thenApply(v -> {
      Map<PoolId, List<PoolOutcome>> out = new LinkedHashMap<>();
      calls.forEach((id, f) -> out.put(id, f.join()));
      return out;
    });
  }

  @Override
  public CompletionStage<Optional<Pool>> get(PoolId id) {
    return map.getAsync(id.key()).thenApply(Optional::ofNullable);
  }

  @Override
  public CompletionStage<List<Pool>> getAll(Collection<PoolId> ids) {
    List<CompletableFuture<Pool>> calls = new ArrayList<>();
    ids.forEach(id -> calls.add(map.getAsync(id.key()).toCompletableFuture()));
    return CompletableFuture.allOf(calls.toArray(CompletableFuture[]::new))
        .thenApply(v -> calls.stream().map(CompletableFuture::join).filter(p -> p != null).toList());
  }

  @Override
  public CompletionStage<Boolean> putIfAbsent(Pool pool) {
    return map.submitToKey(pool.id().key(), new InstallPool(pool));
  }
}
