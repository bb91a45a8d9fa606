package io.jackpot.contribution.hz;

import com.hazelcast.cluster.Cluster;
import com.hazelcast.cluster.MembershipEvent;
import com.hazelcast.cluster.MembershipListener;
import io.jackpot.sequencer.StepJournal;
import java.time.Clock;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Whose round claims still stand. A member that left (killed, or cut off) may hold claims on
 * rounds it applied but never recorded; those must wait until its steps are finished (the journal
 * no longer lists it), or a retry elsewhere could apply the round a second time. After that, its
 * claims count as absent, so the games' retries go through at once instead of waiting for the
 * claims to lapse. A claim stands if its holder is a member, has notes in the last journal scan,
 * or left after that scan started. Until the first scan every claim stands.
 */
public final class ClaimHolders implements MembershipListener {
  private final Cluster cluster;
  private final StepJournal journal;
  private final Clock clock;
  private final Map<String, Long> removedAt = new ConcurrentHashMap<>();
  private volatile Scan last;

  private record Scan(long startedAt, Set<String> senders) {}

  public ClaimHolders(Cluster cluster, StepJournal journal, Clock clock) {
    this.cluster = cluster;
    this.journal = journal;
    this.clock = clock;
  }

  @Override
  public void memberAdded(MembershipEvent event) {}

  @Override
  public void memberRemoved(MembershipEvent event) {
    removedAt.put(event.getMember().getUuid().toString(), clock.millis());
  }

  /** Reads which senders have notes in the journal now (called every second). */
  public CompletionStage<Void> rescan() {
    long startedAt = clock.millis();
    return journal.senders().thenAccept(senders -> last = new Scan(startedAt, Set.copyOf(senders)));
  }

  /** The holders whose claims stand, or null (all stand) before the first scan. */
  public Set<String> respected() {
    Scan scan = last;
    if (scan == null) {
      return null;
    }
    Set<String> out = new HashSet<>(scan.senders());
    cluster.getMembers().forEach(m -> out.add(m.getUuid().toString()));
    removedAt.forEach((member, at) -> {
      if (at >= scan.startedAt()) {
        out.add(member);
      }
    });
    return out;
  }
}
