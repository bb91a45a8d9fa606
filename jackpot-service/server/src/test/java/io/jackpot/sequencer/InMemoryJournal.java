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
  final Set<String> fenced = ConcurrentHashMap.newKeySet();
  volatile boolean keepForgotten;

  @Override
  public synchronized CompletionStage<Void> write(StepNote note) {
    if (fenced.contains(note.senderId())) {
      return CompletableFuture.failedFuture(new Fenced(note.senderId() + " is fenced"));
    }
    notes.put(note.key(), note);
    return CompletableFuture.completedFuture(null);
  }

  @Override
  public synchronized CompletionStage<Integer> fence(String senderId) {
    fenced.add(senderId);
    return CompletableFuture.completedFuture((int) notes.keySet().stream().filter(k -> StepNote.senderOf(k).equals(senderId)).count());
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
