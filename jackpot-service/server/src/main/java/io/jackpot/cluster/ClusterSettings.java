package io.jackpot.cluster;

import java.util.List;

/**
 * How this member finds the others (TCP-IP list, or a headless Service with {@code kubernetesService})
 * and the quorum: the fewest members a side must see to move money ({@code minMembers}; 1 turns
 * split-brain protection off). {@code heartbeatTimeoutSeconds} bounds both how long a lost
 * member's pools stay unserved and how long a cut-off side still changes them (docs/consistency.md).
 */
public record ClusterSettings(String clusterName, int port, List<String> members, String bindAddress, int roundClaimTtlSeconds,
    int minMembers, String kubernetesService, int heartbeatTimeoutSeconds) {
  /**
   * Hazelcast's own. Lower it where each member has its CPU to itself (k8s sets 15 s, three of the 5 s
   * heartbeats): on a machine that several busy members share, a member starved that long would be
   * taken as gone while alive (docs/consistency.md, "Split brain").
   */
  public static final int DEFAULT_HEARTBEAT_TIMEOUT_SECONDS = 60;

  public ClusterSettings {
    members = List.copyOf(members);
    if (minMembers < 1) {
      throw new IllegalArgumentException("minMembers must be at least 1");
    }
    if (heartbeatTimeoutSeconds < 10) {
      throw new IllegalArgumentException("heartbeatTimeoutSeconds must be at least 10 (two heartbeats)");
    }
  }

  /** TCP-IP discovery, no quorum (a single member or a test cluster). */
  public ClusterSettings(String clusterName, int port, List<String> members, String bindAddress, int roundClaimTtlSeconds) {
    this(clusterName, port, members, bindAddress, roundClaimTtlSeconds, 1, null, DEFAULT_HEARTBEAT_TIMEOUT_SECONDS);
  }

  public ClusterSettings withMinMembers(int min) {
    return new ClusterSettings(clusterName, port, members, bindAddress, roundClaimTtlSeconds, min, kubernetesService,
        heartbeatTimeoutSeconds);
  }
}
