package io.jackpot.pool.hz;

import com.hazelcast.cluster.Member;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.core.HazelcastInstanceAware;

/**
 * An entry processor that checks, where its entry lives, that a sender is a member there. Its
 * backup applies what the owner accepted, unchecked: owner and backup must not decide apart.
 */
public abstract class OwnerChecked implements HazelcastInstanceAware {
  private transient HazelcastInstance member;

  @Override
  public final void setHazelcastInstance(HazelcastInstance member) {
    this.member = member;
  }

  /** Whether {@code sender} is a member here; false also without a member to ask (a check that cannot be made refuses). */
  protected final boolean listed(String sender) {
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
