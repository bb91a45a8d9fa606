package io.jackpot.sequencer;

import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;

/** The step journal in a map; can be told to keep notes it is asked to drop (a member dying right after its commit). */
class InMemoryJournal implements StepJournal {
  final Map<String, StepNote> notes = new ConcurrentHashMap<>();
  volatile boolean keepForgotten;

  @Override
  public CompletionStage<Void> write(StepNote note) {
    notes.put(note.key(), note);
    return CompletableFuture.completedFuture(null);
  }

  @Override
  public CompletionStage<Void> forget(StepNote note) {
    if (!keepForgotten) {
      notes.remove(note.key());
    }
    return CompletableFuture.completedFuture(null);
  }

  @Override
  public CompletionStage<Set<String>> senders() {
    return CompletableFuture.completedFuture(notes.keySet().stream().map(StepNote::senderOf).collect(Collectors.toSet()));
  }

  @Override
  public CompletionStage<List<StepNote>> stepsOf(String senderId) {
    return CompletableFuture.completedFuture(notes.values().stream().filter(n -> n.senderId().equals(senderId))
        .sorted(Comparator.comparingLong(StepNote::sequence)).toList());
  }
}
