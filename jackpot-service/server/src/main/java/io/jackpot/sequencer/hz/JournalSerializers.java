package io.jackpot.sequencer.hz;

import com.hazelcast.config.SerializationConfig;
import com.hazelcast.nio.ObjectDataInput;
import com.hazelcast.nio.ObjectDataOutput;
import io.jackpot.pool.hz.WireSerializer;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;

/** The step journal's entries and operations, field by field (notes cross as the bytes they are stored as). */
public final class JournalSerializers {
  static final int SENDER_STEPS = 1009;
  static final int WRITE_STEP = 1010;
  static final int DROP_STEP = 1011;
  static final int FENCE_SENDER = 1012;
  static final int HAS_STEPS = 1013;
  static final int FENCED_BEFORE = 1014;

  private JournalSerializers() {}

  public static void register(SerializationConfig config) {
    StepNoteSerializer.register(config);
    config.addSerializerConfig(WireSerializer.config(SenderSteps.class, SENDER_STEPS, JournalSerializers::writeSteps,
        JournalSerializers::readSteps));
    config.addSerializerConfig(WireSerializer.config(JournalOps.WriteStep.class, WRITE_STEP, (out, w) -> {
      out.writeString(w.stepId());
      out.writeByteArray(w.note());
      out.writeBoolean(w.checked());
    }, in -> new JournalOps.WriteStep(in.readString(), in.readByteArray(), in.readBoolean())));
    config.addSerializerConfig(WireSerializer.config(JournalOps.DropStep.class, DROP_STEP, (out, d) -> out.writeString(d.stepId()),
        in -> new JournalOps.DropStep(in.readString())));
    config.addSerializerConfig(WireSerializer.config(JournalOps.FenceSender.class, FENCE_SENDER, (out, f) -> out.writeLong(f.now()),
        in -> new JournalOps.FenceSender(in.readLong())));
    config.addSerializerConfig(WireSerializer.config(JournalOps.HasSteps.class, HAS_STEPS, (out, h) -> { },
        in -> new JournalOps.HasSteps()));
    config.addSerializerConfig(WireSerializer.config(JournalOps.FencedBefore.class, FENCED_BEFORE, (out, f) -> out.writeLong(f.cutoff()),
        in -> new JournalOps.FencedBefore(in.readLong())));
  }

  private static void writeSteps(ObjectDataOutput out, SenderSteps s) throws IOException {
    out.writeBoolean(s.fenced());
    out.writeLong(s.fencedAt());
    out.writeInt(s.notes().size());
    for (Map.Entry<String, byte[]> e : s.notes().entrySet()) {
      out.writeString(e.getKey());
      out.writeByteArray(e.getValue());
    }
  }

  private static SenderSteps readSteps(ObjectDataInput in) throws IOException {
    boolean fenced = in.readBoolean();
    long fencedAt = in.readLong();
    int n = in.readInt();
    Map<String, byte[]> notes = new LinkedHashMap<>();
    for (int i = 0; i < n; i++) {
      notes.put(in.readString(), in.readByteArray());
    }
    return new SenderSteps(fenced, fencedAt, notes);
  }
}
