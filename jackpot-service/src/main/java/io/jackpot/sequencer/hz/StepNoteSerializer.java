package io.jackpot.sequencer.hz;

import com.hazelcast.config.SerializationConfig;
import com.hazelcast.nio.ObjectDataInput;
import com.hazelcast.nio.ObjectDataOutput;
import io.jackpot.ledger.RoundRecord;
import io.jackpot.pool.Pool;
import io.jackpot.pool.PoolId;
import io.jackpot.pool.hz.PoolWire;
import io.jackpot.pool.hz.WireSerializer;
import io.jackpot.sequencer.StepNote;
import io.jackpot.sequencer.Submission;
import java.io.IOException;
import java.util.ArrayList;
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

  static void write(ObjectDataOutput out, StepNote note) throws IOException {
    out.writeString(note.senderId());
    out.writeString(note.stepId());
    out.writeLong(note.sequence());
    out.writeInt(note.submissions().size());
    for (StepNote.Asked a : note.submissions()) {
      out.writeInt(a.targets().size());
      for (Submission.Target t : a.targets()) {
        PoolWire.writePoolId(out, t.pool());
        PoolWire.writeCommand(out, t.command());
      }
      writeRound(out, a.round());
      out.writeObject(a.audit()); // null but for operators' changes
    }
    out.writeInt(note.batches().size());
    for (Map.Entry<PoolId, Pool.Batch> e : note.batches().entrySet()) {
      PoolWire.writePoolId(out, e.getKey());
      PoolWire.writeBatch(out, e.getValue());
    }
  }

  static StepNote read(ObjectDataInput in) throws IOException {
    String sender = in.readString();
    String step = in.readString();
    long sequence = in.readLong();
    int n = in.readInt();
    List<StepNote.Asked> asked = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      int targets = in.readInt();
      List<Submission.Target> list = new ArrayList<>(targets);
      for (int j = 0; j < targets; j++) {
        list.add(new Submission.Target(PoolWire.readPoolId(in), PoolWire.readCommand(in)));
      }
      RoundRecord round = readRound(in);
      Submission.Audit audit = in.readObject();
      asked.add(new StepNote.Asked(list, round, audit));
    }
    int pools = in.readInt();
    Map<PoolId, Pool.Batch> batches = new LinkedHashMap<>();
    for (int i = 0; i < pools; i++) {
      batches.put(PoolWire.readPoolId(in), PoolWire.readBatch(in));
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
