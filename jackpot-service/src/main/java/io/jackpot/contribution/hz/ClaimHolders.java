package io.jackpot.contribution.hz;

import com.hazelcast.cluster.Cluster;
import io.jackpot.sequencer.StepJournal;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;

/**
 * Whose round claims no longer stand. A member that left (killed, or cut off) may hold claims on
 * rounds it applied but never recorded; those must wait until its steps are finished (the journal
 * no longer lists it), or a retry elsewhere could apply the round a second time. After that, its
 * claims count as absent, so the games' retries go through at once instead of waiting for the
 * claims to lapse.
 *
 * <p>Each scan first takes the members, then the journal's senders: a member seen before, absent
 * from that member list, and without notes is released. A member that dies after the member list
 * was taken is still in it, so it is not released before the next scan sees its notes; a holder
 * this member never saw (it joined and left between two scans) is never released: its claims
 * lapse by their TTL. Until the first scan nobody is released. A holder released longer than the
 * claim TTL is forgotten: every claim it took was taken before it left, so all have lapsed by then,
 * and the set sent with every claim request stays as small as the recent departures (members come
 * and go with every rolling deploy).
 */
public final class ClaimHolders {
  private final Cluster cluster;
  private final StepJournal journal;
  private final java.time.Clock clock;
  private final long claimTtlMillis;
  private final Set<String> known = ConcurrentHashMap.newKeySet();
  /** Released holders and when each was first released. */
  private final Map<String, Long> releasedAt = new ConcurrentHashMap<>();
  private volatile Set<String> released = Set.of();

  public ClaimHolders(Cluster cluster, StepJournal journal, java.time.Clock clock, long claimTtlMillis) {
    this.cluster = cluster;
    this.journal = journal;
    this.clock = clock;
    this.claimTtlMillis = claimTtlMillis;
  }

  /** Members first, then the journal's senders (called every second). */
  public CompletionStage<Void> rescan() {
    Set<String> members = cluster.getMembers().stream().map(m -> m.getUuid().toString()).collect(Collectors.toSet());
    known.addAll(members);
    return journal.senders().thenAccept(senders -> {
      Set<String> gone = new HashSet<>(known);
      gone.removeAll(members);
      gone.removeAll(senders);
      long now = clock.millis();
      releasedAt.keySet().retainAll(gone);
      gone.forEach(id -> releasedAt.putIfAbsent(id, now));
      releasedAt.entrySet().removeIf(e -> {
        boolean lapsed = now - e.getValue() > claimTtlMillis;
        if (lapsed) {
          known.remove(e.getKey());
        }
        return lapsed;
      });
      released = Set.copyOf(releasedAt.keySet());
    });
  }

  /** The holders whose claims count as absent (departed, all their steps recorded); usually empty. */
  public Set<String> released() {
    return released;
  }
}
