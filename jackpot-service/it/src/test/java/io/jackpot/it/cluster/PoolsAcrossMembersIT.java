package io.jackpot.it.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.hazelcast.core.HazelcastInstance;
import io.jackpot.it.support.Await;
import io.jackpot.it.support.TestNodes;
import io.jackpot.money.Rate;
import io.jackpot.pool.Commands;
import io.jackpot.pool.Pool;
import io.jackpot.pool.PoolId;
import io.jackpot.pool.PoolOutcome;
import io.jackpot.pool.PoolTerms;
import io.jackpot.pool.SeededRandom;
import io.jackpot.pool.hz.HzPools;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * What finishing a departed member's step relies on, with real Hazelcast members on loopback: a
 * batch applied through one member is remembered by its pools wherever they live, asking a pool
 * about it ({@code Pools.recall}, the {@code RecallBatch} entry processor) works from any member
 * and applies nothing, and when the member holding a pool dies, its backup, which re-ran the batch,
 * answers the same outcomes and applies the batch sent again no second time.
 */
class PoolsAcrossMembersIT {
  private static final Duration LIMIT = Duration.ofSeconds(60);
  private final ExecutorService callbacks = Executors.newFixedThreadPool(2);
  private HazelcastInstance first;
  private HazelcastInstance second;

  @AfterEach
  void stop() {
    if (second != null) {
      second.getLifecycleService().terminate();
    }
    if (first != null) {
      first.getLifecycleService().terminate();
    }
    callbacks.shutdownNow();
  }

  @Test
  void aBatchIsRecalledFromEveryMemberAndFromTheBackupOfAMemberThatDied() throws Exception {
    List<HazelcastInstance> members = TestNodes.twoHazelcastMembers("recall");
    first = members.get(0);
    second = members.get(1);
    first.getMap(HzPools.MAP).size(); // partitions are assigned on first use
    Await.until(() -> first.getPartitionService().getPartitions().stream().allMatch(p -> p.getOwner() != null)
        && first.getPartitionService().isClusterSafe(), LIMIT, () -> "partitions assigned and backed up");
    HzPools onFirst = new HzPools(first.getMap(HzPools.MAP), callbacks);
    HzPools onSecond = new HzPools(second.getMap(HzPools.MAP), callbacks);

    // One pool whose partition the second member owns (it dies below), one the first owns.
    PoolId remote = ownedBy(second, "on-second");
    PoolId local = ownedBy(first, "on-first");
    for (PoolId id : List.of(remote, local)) {
      assertTrue(get(onFirst.putIfAbsent(Pool.created(id, new PoolTerms(1_000_000, new Rate(10_000)), new SeededRandom(7).next()))));
    }
    Map<PoolId, Pool.Batch> batches = new LinkedHashMap<>();
    batches.put(remote, new Pool.Batch("departing", 1, "step-1", new SeededRandom(1).next(),
        List.of(Commands.stake("r-1", 5_000_000), Commands.claim("r-1"))));
    batches.put(local, new Pool.Batch("departing", 1, "step-1", new SeededRandom(2).next(), List.of(Commands.stake("r-1", 5_000_000))));
    // Sent as a member's own, by a sender that is not a member: refused where each pool lives.
    ExecutionException refused = assertThrows(ExecutionException.class, () -> get(onFirst.apply(batches)));
    assertTrue(String.valueOf(refused.getCause().getMessage()).contains("not a member of the cluster: departing"), refused.toString());
    for (PoolId id : List.of(remote, local)) {
      assertFalse(get(onSecond.recall(id, "departing", "step-1")).orElseThrow().remembers(), id + " applied nothing");
    }
    Map<PoolId, List<PoolOutcome>> applied = get(onFirst.applyOnBehalf(batches));
    assertInstanceOf(PoolOutcome.Won.class, applied.get(remote).get(1), "the claim won the remote pool");

    for (HzPools member : List.of(onFirst, onSecond)) {
      for (PoolId id : List.of(remote, local)) {
        Pool.Recall recall = get(member.recall(id, "departing", "step-1")).orElseThrow();
        assertEquals(applied.get(id), recall.remembered(), id + " remembers the batch's outcomes");
        assertEquals(1, recall.senders());
        assertFalse(recall.mayHaveForgotten());
        Pool.Recall other = get(member.recall(id, "departing", "step-2")).orElseThrow();
        assertFalse(other.remembers(), "a batch it never got");
        assertEquals(recall.opSeq(), other.opSeq());
      }
    }
    long remoteOps = get(onFirst.recall(remote, "departing", "step-1")).orElseThrow().opSeq();
    assertEquals(Optional.empty(), get(onSecond.recall(new PoolId("j", "not-live"), "departing", "step-1")), "a pool not live");

    // The member holding the remote pool dies; its backup on the first member takes over.
    assertTrue(second.getPartitionService().getPartition(remote.key()).getOwner().localMember(), "still the owner of " + remote);
    second.getLifecycleService().terminate();
    second = null;
    Await.until(() -> first.getCluster().getMembers().size() == 1, LIMIT, () -> "the second member is gone");
    Pool.Recall afterDeath = get(onFirst.recall(remote, "departing", "step-1")).orElseThrow();
    assertEquals(applied.get(remote), afterDeath.remembered(), "the backup re-ran the batch to the same outcomes");
    assertEquals(remoteOps, afterDeath.opSeq(), "reading applied nothing");
    // Sent again, as a finisher does for a pool that might never have got it: answered, not applied.
    Map<PoolId, List<PoolOutcome>> again = get(onFirst.applyOnBehalf(Map.of(remote, batches.get(remote))));
    assertEquals(applied.get(remote), again.get(remote));
    assertEquals(remoteOps, get(onFirst.get(remote)).orElseThrow().opSeq(), "applied once");
  }

  /** A pool id whose partition {@code member} owns. */
  private static PoolId ownedBy(HazelcastInstance member, String prefix) {
    for (int i = 0; ; i++) {
      PoolId id = new PoolId("j", prefix + "-" + i);
      if (member.getPartitionService().getPartition(id.key()).getOwner().localMember()) {
        return id;
      }
    }
  }

  private static <T> T get(CompletionStage<T> stage) throws Exception {
    return stage.toCompletableFuture().get(30, TimeUnit.SECONDS);
  }
}
