package io.jackpot.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.hazelcast.core.Hazelcast;
import com.hazelcast.core.HazelcastInstance;
import java.net.ConnectException;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * A member given an interface (JACKPOT_HZ_INTERFACE) listens on it alone: Hazelcast's interfaces
 * setting picks only the address a member announces, and by default it listens on every address
 * of the machine, where anyone who reaches one could join or read the cluster.
 */
class HazelcastBindIT {
  @Test
  void aMemberBoundToLoopbackCannotBeReachedOnTheMachinesOtherAddresses() throws Exception {
    Optional<InetAddress> other = otherAddress();
    Assumptions.assumeTrue(other.isPresent(), "this machine has no address but loopback");
    int port;
    try (var probe = new ServerSocket(0)) {
      port = probe.getLocalPort();
    }
    var settings = new ClusterSettings("bind-" + UUID.randomUUID(), port, List.of("127.0.0.1:" + port), "127.0.0.1", 600);
    HazelcastInstance member = Hazelcast.newHazelcastInstance(HazelcastConfigs.of(settings));
    try {
      int listening = ((InetSocketAddress) member.getLocalEndpoint().getSocketAddress()).getPort();
      try (Socket onLoopback = new Socket()) {
        onLoopback.connect(new InetSocketAddress("127.0.0.1", listening), 5_000);
      }
      assertThrows(ConnectException.class, () -> {
        try (Socket elsewhere = new Socket()) {
          elsewhere.connect(new InetSocketAddress(other.get(), listening), 5_000);
        }
      }, "port " + listening + " answers on " + other.get().getHostAddress());
      assertEquals(1, member.getCluster().getMembers().size());
    } finally {
      member.shutdown();
    }
  }

  private static Optional<InetAddress> otherAddress() throws Exception {
    for (NetworkInterface nic : Collections.list(NetworkInterface.getNetworkInterfaces())) {
      if (nic.isUp() && !nic.isLoopback()) {
        for (InetAddress a : Collections.list(nic.getInetAddresses())) {
          if (a instanceof Inet4Address) {
            return Optional.of(a);
          }
        }
      }
    }
    return Optional.empty();
  }
}
