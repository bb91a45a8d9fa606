package io.jackpot;

import io.jackpot.cluster.Membership;
import io.jackpot.sequencer.Sequencer;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Whether the member still goes on under the cluster identity it started with. Once that is lost it
 * refuses all new work, reports not-ready for good, and {@link #lost()} completes, whereupon the
 * service process stops to start again as a new member (Main, exit code 3).
 */
final class MemberIdentity {
  private static final Logger log = LoggerFactory.getLogger(JackpotNode.class);

  /** Set when the member's own stop begins: Hazelcast stopping after that is no loss. */
  private final AtomicBoolean closing = new AtomicBoolean();
  private final CompletableFuture<String> lost = new CompletableFuture<>();

  /** Watches the member {@code memberId}, whose work {@code sequencer} takes. */
  void watch(Membership membership, String memberId, Sequencer sequencer) {
    membership.onIdentityLost(memberId, closing::get, (was, now) -> rejoined(sequencer, was, now), was -> stopped(sequencer, was));
  }

  void closing() {
    closing.set(true);
  }

  boolean isLost() {
    return lost.isDone();
  }

  /** Completes, with the old member id, when the identity is lost. */
  CompletionStage<String> lost() {
    return lost;
  }

  /**
   * Hazelcast gives a member a new identity when it merges back after a network split. The cluster
   * then treats the old one as departed: it finishes that member's unrecorded steps and takes over
   * its round claims. So the member must not go on under the old identity (its commits would clash
   * with those made on its behalf).
   */
  private void rejoined(Sequencer sequencer, String was, String now) {
    lose(sequencer, was, "this member rejoined the cluster after a network split and is restarting", "rejoined the cluster after a"
        + " network split as a new member (" + now + ", was " + was + "): the cluster finishes the old identity's unrecorded steps"
        + " and takes over its round claims, so this member takes no more work and stops to start again");
  }

  /**
   * Hazelcast stopped by itself, not by the member's stop: its out-of-memory handler stops every
   * instance of the process, for one. Nothing can be applied or journalled any more, so the member
   * would stay up and not ready for ever. The cluster finishes its unrecorded steps, as for any member that left.
   */
  private void stopped(Sequencer sequencer, String memberId) {
    lose(sequencer, memberId, "this member's Hazelcast instance stopped; the member is restarting", "this member's Hazelcast"
        + " instance is stopping, not by the member's own stop (an out-of-memory error in one of its threads, say): the member"
        + " takes no more work and stops to start again; the cluster finishes its unrecorded steps");
  }

  /** Refuses all new work ({@code retired}), says {@code why}, and completes {@link #lost()} with {@code was}. */
  private void lose(Sequencer sequencer, String was, String retired, String why) {
    sequencer.retire(retired);
    log.error("{}", why);
    lost.complete(was);
  }
}
