package io.jackpot.sequencer;

import io.jackpot.error.OverloadedException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * The submissions waiting for their step, in arrival order: bounded, refusing unapplied what waited
 * too long, and handing out the next step. Pure; touched only on the sequencer's loop.
 */
final class StepQueue {
  private record Queued(Submission submission, long at) {}

  /** The submissions of one step in arrival order, when the oldest was queued (epoch ms), their commands. */
  record Step(List<Submission> submissions, long queuedAt, int commands) {}

  private final ArrayDeque<Queued> queue = new ArrayDeque<>();
  private final int maxQueued;
  private final int maxStepCommands;
  private final long maxWaitMillis;

  StepQueue(SequencerSettings settings) {
    this.maxQueued = settings.maxQueuedSubmissions();
    this.maxStepCommands = settings.maxBatchCommands();
    this.maxWaitMillis = settings.maxQueueWait().toMillis();
  }

  /** Queues {@code s}, arrived at {@code at} (epoch ms); false, nothing queued, when the queue is full. */
  boolean offer(Submission s, long at) {
    if (queue.size() >= maxQueued) {
      return false;
    }
    queue.add(new Queued(s, at));
    return true;
  }

  boolean isEmpty() {
    return queue.isEmpty();
  }

  /**
   * Refuses, unapplied, what waited longer than the queue wait by {@code now} (the commit backlog is
   * stuck): the caller gets a retryable answer well before its round claim could expire.
   */
  void refuseStale(long now) {
    long limit = now - maxWaitMillis;
    while (!queue.isEmpty() && queue.peek().at() < limit) {
      queue.poll().submission().done().completeExceptionally(new OverloadedException("waited too long for the ledger; retry shortly"));
    }
  }

  /** Refuses, unapplied, everything queued, each with a refusal of its own. */
  void refuseAll(Supplier<? extends Throwable> refusal) {
    while (!queue.isEmpty()) {
      queue.poll().submission().done().completeExceptionally(refusal.get());
    }
  }

  /**
   * The next step, taken off the queue: the oldest submissions, as many as fit in the batch bound
   * together (one alone however many commands it carries). The queue must not be empty.
   */
  Step nextStep() {
    long queuedAt = queue.peek().at(); // the step's oldest submission: the queue is in arrival order
    List<Submission> step = new ArrayList<>();
    int commands = 0;
    while (!queue.isEmpty() && (commands == 0 || commands + queue.peek().submission().targets().size() <= maxStepCommands)) {
      Submission s = queue.poll().submission();
      step.add(s);
      commands += s.targets().size();
    }
    return new Step(step, queuedAt, commands);
  }
}
