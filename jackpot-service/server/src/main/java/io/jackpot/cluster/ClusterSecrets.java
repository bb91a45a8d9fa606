package io.jackpot.cluster;

import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.map.IMap;
import java.security.SecureRandom;

/**
 * 256-bit secrets shared by every member: the first member to ask for one draws it (strong source),
 * the others read it. A secret lives as long as the cluster does.
 */
public final class ClusterSecrets {
  static final String MAP = "jackpot.secrets";

  private ClusterSecrets() {}

  /** The cluster's secret called {@code name}, drawn now if no member has drawn it yet. */
  public static byte[] shared(HazelcastInstance hz, String name) {
    IMap<String, byte[]> secrets = hz.getMap(MAP);
    byte[] fresh = new byte[32];
    new SecureRandom().nextBytes(fresh);
    byte[] drawnFirst = secrets.putIfAbsent(name, fresh);
    return drawnFirst != null ? drawnFirst : fresh;
  }
}
