package io.jackpot.sequencer.hz;

import com.hazelcast.config.SerializationConfig;
import com.hazelcast.nio.ObjectDataInput;
import com.hazelcast.nio.ObjectDataOutput;
import io.jackpot.ledger.RoundRecord;
import io.jackpot.pool.Pool;
import io.jackpot.pool.PoolCommand;
import io.jackpot.pool.PoolId;
import io.jackpot.pool.hz.PoolWire;
import io.jackpot.pool.hz.WireSerializer;
import io.jackpot.sequencer.StepNote;
import io.jackpot.sequencer.Submission;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The step journal's notes, field by field (one per step, written before every apply). */
public final class StepNoteSerializer {
  public static final int TYPE = 1003;

  private StepNoteSerializer() {}

  public static void register(SerializationConfig config) {
    config.addSerializerConfig(WireSerializer.config(StepNote.class, TYPE, StepNoteSerializer::write, StepNoteSerializer::read));
  }

  /**
   * The pools' batches first; then each submission's targets as indexes into them, since a
   * submission's commands are the next unread ones of its pools' batches (the sequencer builds the
   * batches from the submissions in order): each command crosses once.
   */
  static void write(ObjectDataOutput out, StepNote note) throws IOException {
    out.writeString(note.senderId());
    out.writeString(note.stepId());
    out.writeLong(note.sequence());
    Map<PoolId, Integer> index = new HashMap<>();
    List<List<PoolCommand>> commands = new ArrayList<>(note.batches().size());
    out.writeInt(note.batches().size());
    for (Map.Entry<PoolId, Pool.Batch> e : note.batches().entrySet()) {
      index.put(e.getKey(), index.size());
      commands.add(e.getValue().commands());
      PoolWire.writePoolId(out, e.getKey());
      PoolWire.writeBatch(out, e.getValue());
    }
    int[] cursor = new int[commands.size()];
    out.writeInt(note.submissions().size());
    for (StepNote.Asked a : note.submissions()) {
      out.writeInt(a.targets().size());
      for (Submission.Target t : a.targets()) {
        Integer i = index.get(t.pool());
        PoolCommand next = i == null || cursor[i] >= commands.get(i).size() ? null : commands.get(i).get(cursor[i]++);
        if (next != t.command() && !t.command().equals(next)) {
          throw new IllegalStateException("step " + note.stepId() + ": a submission's command is not the next of its pool's batch");
        }
        out.writeInt(i);
      }
      writeRound(out, a.round());
      out.writeObject(a.audit()); // null but for operators' changes
    }
  }

  static StepNote read(ObjectDataInput in) throws IOException {
    String sender = in.readString();
    String step = in.readString();
    long sequence = in.readLong();
    int pools = in.readInt();
    Map<PoolId, Pool.Batch> batches = new LinkedHashMap<>();
    List<PoolId> ids = new ArrayList<>(pools);
    for (int i = 0; i < pools; i++) {
      PoolId id = PoolWire.readPoolId(in);
      ids.add(id);
      batches.put(id, PoolWire.readBatch(in));
    }
    int[] cursor = new int[pools];
    int n = in.readInt();
    List<StepNote.Asked> asked = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      int targets = in.readInt();
      List<Submission.Target> list = new ArrayList<>(targets);
      for (int j = 0; j < targets; j++) {
        int pool = in.readInt();
        PoolId id = ids.get(pool);
        list.add(new Submission.Target(id, batches.get(id).commands().get(cursor[pool]++)));
      }
      RoundRecord round = readRound(in);
      Submission.Audit audit = in.readObject();
      asked.add(new StepNote.Asked(list, round, audit));
    }
    return new StepNote(sender, step, sequence, asked, batches);
  }

  private static void writeRound(ObjectDataOutput out, RoundRecord r) throws IOException {
    out.writeBoolean(r != null);
    if (r == null) {
      return;
    }
    out.writeString(r.roundId());
    out.writeString(r.fingerprint());
    out.writeString(r.gameId());
    out.writeString(r.operatorId());
    out.writeString(r.playerId());
    out.writeLong(r.stakeMicros());
    out.writeString(r.currency());
    writeNullableLong(out, r.coinValueMicros());
    PoolWire.writeInstant(out, r.receivedAt());
    writeNullableLong(out, r.originalStakeMicros());
    writeNullableLong(out, r.fxRatePpm());
  }

  private static RoundRecord readRound(ObjectDataInput in) throws IOException {
    if (!in.readBoolean()) {
      return null;
    }
    return new RoundRecord(in.readString(), in.readString(), in.readString(), in.readString(), in.readString(), in.readLong(),
        in.readString(), readNullableLong(in), PoolWire.readInstant(in), readNullableLong(in), readNullableLong(in));
  }

  private static void writeNullableLong(ObjectDataOutput out, Long v) throws IOException {
    out.writeBoolean(v != null);
    if (v != null) {
      out.writeLong(v);
    }
  }

  private static Long readNullableLong(ObjectDataInput in) throws IOException {
    return in.readBoolean() ? in.readLong() : null;
  }
}
