package io.jackpot.admin;

import io.jackpot.catalogue.Catalogue;
import io.jackpot.catalogue.JackpotDefinition;
import io.jackpot.pool.Pool;
import io.jackpot.pool.PoolId;
import io.jackpot.pool.Pools;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.BiFunction;
import java.util.function.Supplier;

/**
 * The sweep of money in transit: transfers sent but not received are completed, then pools that owe
 * overflow to an active pool send it, one recorded transfer each. Any member may run it: the flush
 * is atomic on the pool, so a second one finds nothing owed.
 */
public final class TransitSweep {
  private final Catalogue catalogue;
  private final Pools pools;
  private final Supplier<? extends CompletionStage<Integer>> completePendingTransfers;
  private final BiFunction<PoolId, String, ? extends CompletionStage<?>> flushOverflow;

  /** {@code flushOverflow}: sends a pool's overflow on behalf of its jackpot's owner (null if the catalogue has none). */
  public TransitSweep(Catalogue catalogue, Pools pools, Supplier<? extends CompletionStage<Integer>> completePendingTransfers,
      BiFunction<PoolId, String, ? extends CompletionStage<?>> flushOverflow) {
    this.catalogue = catalogue;
    this.pools = pools;
    this.completePendingTransfers = completePendingTransfers;
    this.flushOverflow = flushOverflow;
  }

  /** One sweep; it completes when every flush it started has. */
  public CompletionStage<Void> run() {
    return completePendingTransfers.get().thenCompose(n -> pools.getAll(catalogue.poolIds())).thenCompose(live ->
        CompletableFuture.allOf(Pool.owingOverflowToActivePools(live).stream()
            .map(p -> flushOverflow.apply(p.id(), ownerOf(p.id())).toCompletableFuture())
            .toArray(CompletableFuture[]::new)));
  }

  private String ownerOf(PoolId pool) {
    return catalogue.jackpot(pool.jackpotId()).map(JackpotDefinition::owner).orElse(null);
  }
}
