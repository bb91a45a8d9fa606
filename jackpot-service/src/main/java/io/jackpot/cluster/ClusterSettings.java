package io.jackpot.cluster;

import java.util.List;

/**
 * How this member finds the others: its Hazelcast port (auto-incremented when taken), the
 * addresses of TCP-IP members, the interface to bind, and how long round claims live.
 */
public record ClusterSettings(String clusterName, int port, List<String> members, String bindAddress, int roundClaimTtlSeconds) {
  public ClusterSettings {
    members = List.copyOf(members);
  }
}
