package io.jackpot.sequencer;

import io.jackpot.pool.Pool;
import io.jackpot.pool.PoolId;
import io.jackpot.pool.PoolOutcome;
import io.jackpot.pool.Pools;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/** Pools in a map; can lose the answer to an apply after applying it, as a dying member would. */
final class InMemoryPools implements Pools {
  final Map<PoolId, Pool> pools = new ConcurrentHashMap<>();
  final AtomicInteger loseAnswers = new AtomicInteger();
  final AtomicInteger applies = new AtomicInteger();
  /** The calls (numbered from 1) refused by throwing, before anything is applied (as Hazelcast does when it cannot send a call). */
  final Set<Integer> throwOnCalls = ConcurrentHashMap.newKeySet();
  /** Set: batches for this pool are not applied and the call never answers (the member died mid-step). */
  volatile PoolId dieBefore;

  @Override
  public synchronized CompletionStage<Map<PoolId, List<PoolOutcome>>> apply(Map<PoolId, Pool.Batch> batches) {
    if (throwOnCalls.contains(applies.incrementAndGet())) {
      throw new IllegalStateException("the call could not be sent");
    }
    Map<PoolId, List<PoolOutcome>> out = new LinkedHashMap<>();
    if (dieBefore != null && batches.containsKey(dieBefore)) {
      batches.forEach((id, batch) -> {
        if (!id.equals(dieBefore)) {
          pools.put(id, pools.get(id).apply(batch).pool());
        }
      });
      return new CompletableFuture<>();
    }
    batches.forEach((id, batch) -> {
      Pool.Transition t = pools.get(id).apply(batch);
      pools.put(id, t.pool());
      out.put(id, t.outcomes());
    });
    if (loseAnswers.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
      return CompletableFuture.failedFuture(new IllegalStateException("member left during the call"));
    }
    return CompletableFuture.completedFuture(out);
  }

  @Override
  public CompletionStage<Optional<Pool>> get(PoolId id) {
    return CompletableFuture.completedFuture(Optional.ofNullable(pools.get(id)));
  }

  @Override
  public CompletionStage<Optional<Pool.Recall>> recall(PoolId id, String senderId, String opId) {
    return CompletableFuture.completedFuture(Optional.ofNullable(pools.get(id)).map(p -> p.recall(senderId, opId)));
  }

  @Override
  public CompletionStage<List<Pool>> getAll(Collection<PoolId> ids) {
    return CompletableFuture.completedFuture(ids.stream().map(pools::get).toList());
  }

  @Override
  public CompletionStage<Boolean> putIfAbsent(Pool pool) {
    return CompletableFuture.completedFuture(pools.putIfAbsent(pool.id(), pool) == null);
  }
}
