package io.jackpot.cluster;

import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.core.LifecycleEvent.LifecycleState;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/** This member's view of the cluster: who is in it, whether it is the oldest, and when its own identity goes. */
public final class Membership {
  private final HazelcastInstance hz;

  public Membership(HazelcastInstance hz) {
    this.hz = hz;
  }

  /** This member's id now (Hazelcast gives it a new one when it merges back after a split). */
  public String localId() {
    return hz.getCluster().getLocalMember().getUuid().toString();
  }

  public int size() {
    return hz.getCluster().getMembers().size();
  }

  public Set<String> memberIds() {
    return hz.getCluster().getMembers().stream().map(m -> m.getUuid().toString()).collect(Collectors.toSet());
  }

  /** True on the oldest member: the one that does what only one member at a time may do. */
  public boolean isOldest() {
    var members = hz.getCluster().getMembers();
    return !members.isEmpty() && members.iterator().next().localMember();
  }

  /** True while the split-brain protection sees at least its minimum of members (HazelcastConfigs.QUORUM). */
  public boolean quorumMet() {
    return hz.getSplitBrainProtectionService().getSplitBrainProtection(HazelcastConfigs.QUORUM).hasMinimumSize();
  }

  public boolean running() {
    return hz.getLifecycleService().isRunning();
  }

  /**
   * Tells {@code rejoined} (old id, new id) when the member merged back under a new identity, and
   * {@code stopped} (its id) when Hazelcast stops while {@code closing} is false: not by the member's own stop.
   */
  public void onIdentityLost(String memberId, BooleanSupplier closing, BiConsumer<String, String> rejoined,
      Consumer<String> stopped) {
    hz.getLifecycleService().addLifecycleListener(event -> {
      if (event.getState() == LifecycleState.MERGED) {
        String now = localId();
        if (!now.equals(memberId)) {
          rejoined.accept(memberId, now);
        }
      } else if (event.getState() == LifecycleState.SHUTTING_DOWN && !closing.getAsBoolean()) {
        stopped.accept(memberId);
      }
    });
  }
}
