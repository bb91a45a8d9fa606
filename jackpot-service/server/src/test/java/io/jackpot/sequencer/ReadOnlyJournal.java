package io.jackpot.sequencer;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/** A journal for tests that only read it: writing is refused, forgetting does nothing. */
public abstract class ReadOnlyJournal implements StepJournal {
  @Override
  public CompletionStage<Void> write(StepNote note) {
    throw new UnsupportedOperationException();
  }

  @Override
  public CompletionStage<Void> forget(StepNote note) {
    return CompletableFuture.completedFuture(null);
  }

  /** Nothing is written here anyway: answers the sender's notes. */
  @Override
  public CompletionStage<Integer> fence(String senderId) {
    return stepsOf(senderId).thenApply(List::size);
  }
}
