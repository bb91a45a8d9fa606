package io.jackpot.contribution.hz;

import com.hazelcast.cluster.Cluster;
import io.jackpot.sequencer.StepJournal;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Whose round claims no longer stand. A departed member's claims are released only once the journal
 * has fenced it and holds none of its notes, so a retry elsewhere cannot meet a round it applied.
 *
 * <p>Each scan fences every holder seen before and absent now. A holder never seen is not released;
 * its claims lapse by TTL. A holder released longer than the TTL is forgotten, which keeps the set
 * sent with each claim request small.
 */
public final class ClaimHolders {
  private static final Logger log = LoggerFactory.getLogger(ClaimHolders.class);
  private final Cluster cluster;
  private final StepJournal journal;
  private final Clock clock;
  private final long claimTtlMillis;
  private final Set<String> known = ConcurrentHashMap.newKeySet();
  /** Released holders and when each was first released. */
  private final Map<String, Long> releasedAt = new ConcurrentHashMap<>();
  private volatile Set<String> released = Set.of();

  public ClaimHolders(Cluster cluster, StepJournal journal, Clock clock, long claimTtlMillis) {
    this.cluster = cluster;
    this.journal = journal;
    this.clock = clock;
    this.claimTtlMillis = claimTtlMillis;
  }

  /** Fences the departed holders not yet released and releases those without notes (called every second). */
  public CompletionStage<Void> rescan() {
    Set<String> members = cluster.getMembers().stream().map(m -> m.getUuid().toString()).collect(Collectors.toSet());
    known.addAll(members);
    Set<String> gone = new HashSet<>(known);
    gone.removeAll(members);
    List<CompletableFuture<Void>> fences = new ArrayList<>();
    for (String holder : gone) {
      if (!releasedAt.containsKey(holder)) {
        fences.add(journal.fence(holder).thenAccept(left -> {
          if (left == 0) {
            releasedAt.putIfAbsent(holder, clock.millis());
            log.info("departed member {} is fenced and its steps are finished: its round claims are released", holder);
          }
        }).toCompletableFuture());
      }
    }
    return CompletableFuture.allOf(fences.toArray(CompletableFuture[]::new)).handle((v, failed) -> {
      long now = clock.millis();
      releasedAt.entrySet().removeIf(e -> {
        boolean lapsed = now - e.getValue() > claimTtlMillis;
        if (lapsed) {
          known.remove(e.getKey());
        }
        return lapsed;
      });
      released = Set.copyOf(releasedAt.keySet());
      if (failed != null) {
        throw new CompletionException("could not fence every departed member (tried again next scan)", failed);
      }
      return null;
    });
  }

  /** The holders whose claims count as absent (departed, fenced, all their steps recorded); usually empty. */
  public Set<String> released() {
    return released;
  }
}
