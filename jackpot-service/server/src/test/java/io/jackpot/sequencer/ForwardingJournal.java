package io.jackpot.sequencer;

import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletionStage;

/** A journal that hands every call to another; tests override the calls they change. */
class ForwardingJournal implements StepJournal {
  private final StepJournal to;

  ForwardingJournal(StepJournal to) {
    this.to = to;
  }

  @Override
  public CompletionStage<Void> write(StepNote note) {
    return to.write(note);
  }

  @Override
  public CompletionStage<Void> forget(StepNote note) {
    return to.forget(note);
  }

  @Override
  public CompletionStage<Integer> fence(String senderId) {
    return to.fence(senderId);
  }

  @Override
  public CompletionStage<Set<String>> senders() {
    return to.senders();
  }

  @Override
  public CompletionStage<List<StepNote>> stepsOf(String senderId) {
    return to.stepsOf(senderId);
  }
}
