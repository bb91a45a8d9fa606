package io.jackpot.http;

import java.util.function.IntSupplier;

/**
 * Whether this member's side of the cluster may move money: it sees at least {@code minMembers}
 * members (JACKPOT_MIN_MEMBERS). Hazelcast's split-brain protection on the pool and round-claim
 * maps enforces the same rule underneath; this check refuses early, with a clear 503.
 */
public final class Quorum {
  private final int minMembers;
  private final IntSupplier visibleMembers;

  public Quorum(int minMembers, IntSupplier visibleMembers) {
    this.minMembers = minMembers;
    this.visibleMembers = visibleMembers;
  }

  public boolean held() {
    return minMembers <= 1 || visibleMembers.getAsInt() >= minMembers;
  }

  public String describe() {
    return "this member sees " + visibleMembers.getAsInt() + " of the " + minMembers + " members needed to move money";
  }
}
