package io.jackpot.http;

import io.jackpot.error.ErrorCode;
import java.util.function.BooleanSupplier;
import java.util.function.IntSupplier;

/**
 * Whether this member's side of the cluster may move money (JACKPOT_MIN_MEMBERS). The answer is
 * Hazelcast's own split-brain protection, the one that guards the pool, journal and round-claim
 * maps ({@code protectionMet}); this lets the HTTP layer refuse early, with a clear 503.
 */
public final class Quorum {
  private final int minMembers;
  private final BooleanSupplier protectionMet;
  private final IntSupplier visibleMembers;

  /** @param visibleMembers for the refusal's message only */
  public Quorum(int minMembers, BooleanSupplier protectionMet, IntSupplier visibleMembers) {
    this.minMembers = minMembers;
    this.protectionMet = protectionMet;
    this.visibleMembers = visibleMembers;
  }

  public boolean held() {
    return minMembers <= 1 || protectionMet.getAsBoolean();
  }

  public String describe() {
    return "this member sees " + visibleMembers.getAsInt() + " of the " + minMembers + " members needed to move money";
  }

  /** The answer to a change asked of a member without the quorum (HTTP and the contribution stream). */
  public Errors.Failure refusal() {
    return new Errors.Failure(503, ErrorCode.NO_QUORUM, describe() + "; retry on another member");
  }
}
