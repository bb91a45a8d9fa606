package io.jackpot.sequencer.hz;

import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.internal.serialization.Data;
import com.hazelcast.internal.serialization.SerializationService;
import com.hazelcast.internal.serialization.impl.HeapData;
import com.hazelcast.map.IMap;
import com.hazelcast.spi.impl.SerializationServiceSupport;
import io.jackpot.sequencer.StepJournal;
import io.jackpot.sequencer.StepNote;
import java.time.Clock;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The step journal as a Hazelcast IMap of one entry per member (its id → {@link SenderSteps}, one
 * synchronous backup), changed only by entry processors ({@link JournalOps}): a fenced member's
 * late note is refused where its entry lives. Results are handed over off partition threads.
 */
public final class HzStepJournal implements StepJournal {
  public static final String MAP = "jackpot.step-journal";
  /** How long a departed member's fence stays: far longer than any of its operations can be on their way. */
  public static final Duration FENCE_KEPT = Duration.ofDays(1);
  private static final Logger log = LoggerFactory.getLogger(HzStepJournal.class);

  /** A note as the bytes the journal stores: it is neither read nor rebuilt where it is stored. */
  public interface NoteCodec {
    byte[] encode(StepNote note);

    StepNote decode(byte[] bytes);
  }

  private final IMap<String, SenderSteps> map;
  private final NoteCodec codec;
  private final Executor callbacks;
  private final Executor reads;
  private final Clock clock;
  private final Supplier<String> identity;
  private final Set<CompletableFuture<Void>> drops = ConcurrentHashMap.newKeySet();
  private final AtomicLong fencesDroppedAt = new AtomicLong(Long.MIN_VALUE / 2);

  /**
   * @param callbacks where notes are encoded and sent, and answers handed over
   * @param reads where {@link #senders} and {@link #stepsOf} read (blocking calls, which after a
   *     member leaves wait out the partition moves: not on {@code callbacks}), and hand over
   * @param identity this member's identity now (its Hazelcast UUID), checked before each write
   */
  public HzStepJournal(IMap<String, SenderSteps> map, NoteCodec codec, Executor callbacks, Executor reads, Clock clock,
      Supplier<String> identity) {
    this.map = map;
    this.codec = codec;
    this.callbacks = callbacks;
    this.reads = reads;
    this.clock = clock;
    this.identity = identity;
  }

  /**
   * Notes encoded by the member's own serialisation (the journal's serializers): Hazelcast has no
   * public call for it, and the bytes must be those a member's reader takes.
   */
  public static NoteCodec codecOf(HazelcastInstance hz) {
    SerializationService serialization = ((SerializationServiceSupport) hz).getSerializationService();
    return new NoteCodec() {
      @Override
      public byte[] encode(StepNote note) {
        return serialization.<Data>toData(note).toByteArray();
      }

      @Override
      public StepNote decode(byte[] bytes) {
        return serialization.toObject(new HeapData(bytes));
      }
    };
  }

  /**
   * Encoded and sent from {@code callbacks}, not the caller's thread: the note holds a whole step
   * (profiled at a third of the sequencer thread's time), and the sequencer has other work.
   */
  @Override
  public CompletionStage<Void> write(StepNote note) {
    String now = identity.get();
    if (!note.senderId().equals(now)) {
      // Hazelcast gives a member that merges back a new identity before the service hears of it.
      return CompletableFuture.failedFuture(new Fenced("this member is " + now + " now, not " + note.senderId()
          + ", whose steps the cluster has finished"));
    }
    return CompletableFuture.supplyAsync(() -> map.submitToKey(note.senderId(), new JournalOps.WriteStep(note.stepId(), codec.encode(note), false)),
        callbacks).thenCompose(sent -> sent).thenApplyAsync(written -> {
          if (!written) {
            throw new Fenced("the cluster has fenced " + note.senderId() + " (it left the cluster), or does not list it as a member,"
                + " so its step " + note.stepId() + " is not written");
          }
          return (Void) null;
        }, callbacks);
  }

  @Override
  public CompletionStage<Void> forget(StepNote note) {
    CompletableFuture<Void> dropped = map.submitToKey(note.senderId(), new JournalOps.DropStep(note.stepId()))
        .<Void>thenApplyAsync(was -> null, callbacks).toCompletableFuture();
    drops.add(dropped);
    return dropped.whenComplete((v, e) -> {
      drops.remove(dropped);
      if (e != null) {
        log.warn("could not drop the note of step {} (recorded: it will be finished as a no-op; refused unapplied: it keeps its"
            + " rounds' claims until this member leaves and it is finished): {}", note.key(), e.toString());
      }
    });
  }

  /** Completes once the drops sent so far have been answered (a member stopping waits for them). */
  public CompletionStage<Void> dropsDone() {
    return CompletableFuture.allOf(drops.toArray(CompletableFuture[]::new)).exceptionally(e -> null);
  }

  @Override
  public CompletionStage<Integer> fence(String senderId) {
    return map.submitToKey(senderId, new JournalOps.FenceSender(clock.millis())).thenApplyAsync(left -> left, callbacks);
  }

  @Override
  public CompletionStage<Set<String>> senders() {
    return CompletableFuture.supplyAsync(() -> Set.copyOf(map.keySet(new JournalOps.HasSteps())), reads);
  }

  @Override
  public CompletionStage<List<StepNote>> stepsOf(String senderId) {
    return CompletableFuture.supplyAsync(() -> {
      SenderSteps steps = map.get(senderId);
      return steps == null ? List.<StepNote>of()
          : steps.notes().values().stream().map(codec::decode).sorted(Comparator.comparingLong(StepNote::sequence)).toList();
    }, reads);
  }

  /**
   * Drops the fences of members gone longer than {@link #FENCE_KEPT} whose notes are all finished,
   * at most once a minute (a scan of every partition; on {@code reads}).
   */
  public CompletionStage<Void> dropOldFences() {
    long now = clock.millis();
    long last = fencesDroppedAt.get();
    if (now - last < Duration.ofMinutes(1).toMillis() || !fencesDroppedAt.compareAndSet(last, now)) {
      return CompletableFuture.completedFuture(null);
    }
    long cutoff = now - FENCE_KEPT.toMillis();
    return CompletableFuture.runAsync(() -> map.removeAll(new JournalOps.FencedBefore(cutoff)), reads);
  }
}
