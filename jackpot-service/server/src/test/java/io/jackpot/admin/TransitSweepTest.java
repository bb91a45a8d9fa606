package io.jackpot.admin;

import static io.jackpot.pool.Commands.stake;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jackpot.catalogue.Catalogue;
import io.jackpot.catalogue.DefaultCatalogue;
import io.jackpot.catalogue.JackpotDefinition;
import io.jackpot.money.Rate;
import io.jackpot.pool.Pool;
import io.jackpot.pool.PoolCommand;
import io.jackpot.pool.PoolId;
import io.jackpot.pool.PoolOutcome;
import io.jackpot.pool.PoolTerms;
import io.jackpot.pool.Pools;
import io.jackpot.pool.SeededRandom;
import io.jackpot.pool.Trigger;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.junit.jupiter.api.Test;

/** The transit sweep completes pending transfers first, then flushes each pool owing overflow to an active pool, as its owner. */
class TransitSweepTest {
  private final Catalogue catalogue = DefaultCatalogue.create();
  private final JackpotDefinition jackpot = catalogue.jackpots().iterator().next();
  private final PoolId target = new PoolId(jackpot.id(), "target");
  private final SeededRandom random = new SeededRandom(3);
  private final List<String> calls = new ArrayList<>();
  private int ops;

  private Pool run(Pool pool, PoolCommand command) {
    return pool.apply(new Pool.Batch("t", ++ops, "op" + ops, random.next(), List.of(command))).pool();
  }

  private Pool owing(String key) {
    Pool pool = Pool.created(new PoolId(jackpot.id(), key), new PoolTerms(10_000_000, new Rate(100_000), new Trigger.Claim(), 0,
        12_000_000, target), random.next());
    return run(pool, stake("r1", 30_000_000));
  }

  private Pool active() {
    return Pool.created(target, new PoolTerms(5_000_000, new Rate(10_000)), random.next());
  }

  private TransitSweep sweep(List<Pool> live) {
    return new TransitSweep(catalogue, pools(live), () -> {
      calls.add("complete transfers");
      return CompletableFuture.completedFuture(0);
    }, (pool, owner) -> {
      calls.add("flush " + pool.poolKey() + " as " + owner);
      return CompletableFuture.completedFuture(null);
    });
  }

  @Test
  void eachPoolOwingAnActivePoolIsFlushedAsItsJackpotsOwner() {
    assertTrue(sweep(List.of(owing("a"), owing("b"), active())).run().toCompletableFuture().isDone());
    assertEquals(List.of("complete transfers", "flush a as " + jackpot.owner(), "flush b as " + jackpot.owner()), calls);
  }

  @Test
  void nothingIsFlushedToAPausedPool() {
    Pool paused = run(active(), new PoolCommand.Pause("pause", Instant.EPOCH));
    sweep(List.of(owing("a"), paused)).run().toCompletableFuture().join();
    assertEquals(List.of("complete transfers"), calls);
  }

  @Test
  void theSweepFailsWhenAFlushFails() {
    var failing = new TransitSweep(catalogue, pools(List.of(owing("a"), active())), () -> CompletableFuture.completedFuture(0),
        (pool, owner) -> CompletableFuture.failedFuture(new IllegalStateException("ledger refuses")));
    assertTrue(failing.run().toCompletableFuture().isCompletedExceptionally());
  }

  /** Pools whose reads answer {@code live}; nothing else is asked of them. */
  private static Pools pools(List<Pool> live) {
    return new Pools() {
      @Override
      public CompletionStage<Map<PoolId, List<PoolOutcome>>> apply(Map<PoolId, Pool.Batch> batches) {
        throw new UnsupportedOperationException();
      }

      @Override
      public CompletionStage<Optional<Pool>> get(PoolId id) {
        throw new UnsupportedOperationException();
      }

      @Override
      public CompletionStage<Optional<Pool.Recall>> recall(PoolId id, String senderId, String opId) {
        throw new UnsupportedOperationException();
      }

      @Override
      public CompletionStage<List<Pool>> getAll(Collection<PoolId> ids) {
        return CompletableFuture.completedFuture(live);
      }

      @Override
      public CompletionStage<Boolean> putIfAbsent(Pool pool) {
        throw new UnsupportedOperationException();
      }
    };
  }
}
