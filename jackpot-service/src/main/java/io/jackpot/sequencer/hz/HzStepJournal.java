package io.jackpot.sequencer.hz;

import com.hazelcast.map.IMap;
import io.jackpot.sequencer.StepJournal;
import io.jackpot.sequencer.StepNote;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The step journal as a Hazelcast IMap (key "sender/step", one synchronous backup). It holds at
 * most two notes per live member (a sequencer has at most two steps applied but unrecorded), so
 * scanning its keys is cheap. Results are handed over off partition threads.
 */
public final class HzStepJournal implements StepJournal {
  public static final String MAP = "jackpot.steps";
  private static final Logger log = LoggerFactory.getLogger(HzStepJournal.class);

  private final IMap<String, StepNote> map;
  private final Executor callbacks;
  private final Executor reads;
  private final Executor deletes;
  private final java.util.function.Supplier<String> identity;

  /**
   * @param callbacks where notes are sent and written notes handed over
   * @param reads where {@link #senders} and {@link #stepsOf} scan the keys (blocking calls, which
   *     after a member leaves wait out the partition moves: not on {@code callbacks}), and hand over
   * @param deletes where recorded steps' notes are deleted, one blocking call at a time (a thread
   *     of its own: IMap has no asynchronous delete in 5.3, and a remove would send the note back)
   */
  public HzStepJournal(IMap<String, StepNote> map, Executor callbacks, Executor reads, Executor deletes) {
    this(map, callbacks, reads, deletes, null);
  }

  /** @param identity this member's identity now (its Hazelcast UUID), checked before each write; null: not checked */
  public HzStepJournal(IMap<String, StepNote> map, Executor callbacks, Executor reads, Executor deletes,
      java.util.function.Supplier<String> identity) {
    this.identity = identity;
    this.map = map;
    this.callbacks = callbacks;
    this.reads = reads;
    this.deletes = deletes;
  }

  /**
   * Serialised and sent from {@code callbacks}, not the caller's thread: the note holds a whole
   * step (profiled at a third of the sequencer thread's time), and the sequencer has other work.
   */
  @Override
  public CompletionStage<Void> write(StepNote note) {
    if (identity != null && !note.senderId().equals(identity.get())) {
      // Hazelcast gives a member that merges back a new identity before the service hears of it.
      return CompletableFuture.failedFuture(new Fenced("this member is " + identity.get() + " now, not " + note.senderId()
          + ", whose steps the cluster has finished"));
    }
    return CompletableFuture.supplyAsync(() -> map.setAsync(note.key(), note), callbacks)
        .thenCompose(sent -> sent)
        .thenApplyAsync(v -> (Void) null, callbacks);
  }

  /**
   * Deletes the note without reading it: an entry processor setting the value to null, or a
   * remove, deserialises the whole note first (profiled: 6% of the service's CPU).
   */
  @Override
  public CompletionStage<Void> forget(StepNote note) {
    CompletableFuture<Void> dropped = new CompletableFuture<>();
    try {
      deletes.execute(() -> {
        try {
          map.delete(note.key());
          dropped.complete(null);
        } catch (RuntimeException e) {
          log.warn("could not drop the note of step {} (recorded: it will be finished as a no-op; refused unapplied: it keeps its"
              + " rounds' claims until this member leaves and it is finished): {}", note.key(), e.toString());
          dropped.completeExceptionally(e);
        }
      });
    } catch (java.util.concurrent.RejectedExecutionException e) {
      log.warn("stopping: the note of step {} stays (it will be finished once this member has left)", note.key());
      dropped.completeExceptionally(e);
    }
    return dropped;
  }

  @Override
  public CompletionStage<Set<String>> senders() {
    return CompletableFuture.supplyAsync(() -> map.keySet().stream().map(StepNote::senderOf).collect(Collectors.toSet()), reads);
  }

  @Override
  public CompletionStage<List<StepNote>> stepsOf(String senderId) {
    return CompletableFuture.supplyAsync(() -> {
      Set<String> keys = map.keySet().stream().filter(k -> StepNote.senderOf(k).equals(senderId)).collect(Collectors.toSet());
      return map.getAll(keys).values().stream().sorted(Comparator.comparingLong(StepNote::sequence)).toList();
    }, reads);
  }
}
