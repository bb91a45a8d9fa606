package io.jackpot.ledger;

import io.jackpot.catalogue.Catalogue;
import io.jackpot.catalogue.PoolDefinition;
import io.jackpot.pool.Pool;
import io.jackpot.pool.PoolId;
import io.jackpot.pool.Pools;
import io.jackpot.pool.RandomSource;
import java.time.Clock;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Makes every catalogue pool live: a pool already live in the cluster is left as it is; otherwise
 * it is rebuilt from the ledger, or created at its seed (and the creation recorded) if new.
 */
public final class PoolLoader {
  private static final Logger log = LoggerFactory.getLogger(PoolLoader.class);

  private final Catalogue catalogue;
  private final Pools pools;
  private final PoolHistory ledger;
  private final Clock clock;
  private final RandomSource random;

  public PoolLoader(Catalogue catalogue, Pools pools, PoolHistory ledger, Clock clock, RandomSource random) {
    this.random = random;
    this.catalogue = catalogue;
    this.pools = pools;
    this.ledger = ledger;
    this.clock = clock;
  }

  public CompletionStage<Void> loadAll() {
    CompletableFuture<Void> chain = CompletableFuture.completedFuture(null);
    for (PoolId id : catalogue.poolIds()) {
      chain = chain.thenCompose(v -> load(id, catalogue.pool(id).orElseThrow()));
    }
    return chain;
  }

  /** Makes one pool live (see the class comment); safe to call for a pool that already is. */
  public CompletionStage<Void> load(PoolId id, PoolDefinition def) {
    return pools.get(id).thenCompose(live -> {
      if (live.isPresent()) {
        log.info("pool {} already live in the cluster: {}", id, live.get().amount());
        return CompletableFuture.completedFuture(null);
      }
      return ledger.rebuild(id, def.terms()).thenCompose(rebuilt -> {
        if (rebuilt.isPresent()) {
          Pool p = rebuilt.get();
          log.info("pool {} rebuilt from the ledger: amount {}, op {}, wins {}, {}", id, p.amount(), p.opSeq(), p.winSeq(), p.status());
          return pools.putIfAbsent(p).thenApply(x -> (Void) null);
        }
        Pool fresh = Pool.created(id, def.terms(), random.next(), clock.instant());
        log.info("pool {} created at its seed {}", id, fresh.amount());
        // Members creating it together each record theirs if absent; all then install the one the
        // ledger kept, so the live pool and the ledger agree (its must-hit secret included).
        return ledger.recordCreated(fresh, clock.instant())
            .thenCompose(v -> ledger.rebuild(id, def.terms()))
            .thenCompose(kept -> pools.putIfAbsent(kept.orElseThrow()))
            .thenApply(x -> (Void) null);
      });
    });
  }
}
