package io.jackpot.cluster;

import java.util.List;

/**
 * How this member finds the others: its Hazelcast port (auto-incremented when taken), the
 * addresses of TCP-IP members, the interface to bind, how long round claims live, and the quorum:
 * the fewest members a side of the cluster must see to move money ({@code minMembers}; 1 turns
 * split-brain protection off). With {@code kubernetesService} set, members are found through that
 * headless Service (Hazelcast's Kubernetes discovery) instead of the TCP-IP list.
 */
public record ClusterSettings(String clusterName, int port, List<String> members, String bindAddress, int roundClaimTtlSeconds,
    int minMembers, String kubernetesService) {
  public ClusterSettings {
    members = List.copyOf(members);
    if (minMembers < 1) {
      throw new IllegalArgumentException("minMembers must be at least 1");
    }
  }

  /** TCP-IP discovery, no quorum (a single member or a test cluster). */
  public ClusterSettings(String clusterName, int port, List<String> members, String bindAddress, int roundClaimTtlSeconds) {
    this(clusterName, port, members, bindAddress, roundClaimTtlSeconds, 1, null);
  }

  public ClusterSettings withMinMembers(int min) {
    return new ClusterSettings(clusterName, port, members, bindAddress, roundClaimTtlSeconds, min, kubernetesService);
  }
}
