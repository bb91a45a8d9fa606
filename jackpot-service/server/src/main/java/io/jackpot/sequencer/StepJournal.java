package io.jackpot.sequencer;

import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * Where sequencers write each step before applying it and drop it once it is recorded: what a
 * member had applied but not yet recorded when it died can be found and finished by another
 * (docs/consistency.md). Replicated like the pools, so it survives the loss of one member.
 */
public interface StepJournal {
  /** For a single member, or tests: nothing is kept (nobody else could finish a step). */
  StepJournal NONE = new StepJournal() {
    @Override
    public CompletionStage<Void> write(StepNote note) {
      return CompletableFuture.completedFuture(null);
    }

    @Override
    public CompletionStage<Void> forget(StepNote note) {
      return CompletableFuture.completedFuture(null);
    }

    @Override
    public CompletionStage<Integer> fence(String senderId) {
      return CompletableFuture.completedFuture(0);
    }

    @Override
    public CompletionStage<Set<String>> senders() {
      return CompletableFuture.completedFuture(Set.of());
    }

    @Override
    public CompletionStage<List<StepNote>> stepsOf(String senderId) {
      return CompletableFuture.completedFuture(List.of());
    }
  };

  /**
   * Completes once the note is stored (with its backup); only then is the step applied. Fails with
   * {@link Fenced}, writing nothing, once the note's sender is no longer this member's identity or
   * the cluster has fenced it ({@link #fence}).
   */
  CompletionStage<Void> write(StepNote note);

  /**
   * A note refused because its sender has left the cluster (fenced, or this member merged back
   * after a split as a new member): the cluster may have finished that sender's steps and released
   * its rounds' claims, so a note written now could apply a round the games retried elsewhere.
   */
  final class Fenced extends RuntimeException {
    public Fenced(String message) {
      super(message, null, false, false);
    }
  }

  /**
   * Drops the note of a recorded step, or of a step refused unapplied (best effort: a note of a
   * recorded step left behind is finished as a no-op). Completes once it is dropped; fails if that
   * cannot be known (logged here, so callers that do not wait need not).
   */
  CompletionStage<Void> forget(StepNote note);

  /**
   * Takes no more notes of a sender that has left, whatever it still sends (a member paused past
   * the heartbeat, or cut off, wakes up unaware); answers how many of its notes are still there.
   * Once that is 0, nothing of the sender can be applied any more, and its claims may be released.
   */
  CompletionStage<Integer> fence(String senderId);

  /** The senders with notes in the journal. */
  CompletionStage<Set<String>> senders();

  /** A sender's notes, in step order. */
  CompletionStage<List<StepNote>> stepsOf(String senderId);
}
