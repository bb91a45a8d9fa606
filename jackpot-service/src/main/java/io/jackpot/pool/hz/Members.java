package io.jackpot.pool.hz;

import com.hazelcast.cluster.Member;
import com.hazelcast.core.HazelcastInstance;

/** Whether a sender is a member of the cluster as the member running an entry processor sees it. */
public final class Members {
  private Members() {}

  /** False also without a member to ask (not injected): a check that cannot be made refuses. */
  public static boolean lists(HazelcastInstance member, String sender) {
    if (member == null) {
      return false;
    }
    for (Member m : member.getCluster().getMembers()) {
      if (m.getUuid().toString().equals(sender)) {
        return true;
      }
    }
    return false;
  }
}
