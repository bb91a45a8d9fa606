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
  /** 1003 was the form that wrote every command in full; a member of that code cannot read this one. */
  public static final int TYPE = 1016;
  private static final byte CONTRIBUTION_OF_ROUND = 1;
  private static final byte COMMAND = 2;

  private StepNoteSerializer() {}

  public static void register(SerializationConfig config) {
    config.addSerializerConfig(WireSerializer.config(StepNote.class, TYPE, StepNoteSerializer::write, StepNoteSerializer::read));
  }

  /**
   * The pools' batches without their commands first; then each submission: its round, and per
   * target the index of its pool and its command. A submission's commands are the next unread ones
   * of its pools' batches (the sequencer builds the batches from the submissions in order), so the
   * batches are rebuilt from them; and a contribution's command, which repeats its round's fields,
   * is written as one byte. Each command crosses once, most in a byte.
   */
  static void write(ObjectDataOutput out, StepNote note) throws IOException {
    out.writeString(note.senderId());
    out.writeString(note.stepId());
    out.writeLong(note.sequence());
    Map<PoolId, Integer> index = new HashMap<>();
    List<List<PoolCommand>> commands = new ArrayList<>(note.batches().size());
    out.writeInt(note.batches().size());
    for (Map.Entry<PoolId, Pool.Batch> e : note.batches().entrySet()) {
      Pool.Batch b = e.getValue();
      index.put(e.getKey(), index.size());
      commands.add(b.commands());
      PoolWire.writePoolId(out, e.getKey());
      PoolWire.writeBatchHeader(out, b);
      out.writeInt(b.commands().size());
    }
    int[] cursor = new int[commands.size()];
    out.writeInt(note.submissions().size());
    for (StepNote.Asked a : note.submissions()) {
      writeAsked(out, note, a, index, commands, cursor);
    }
    for (int i = 0; i < cursor.length; i++) {
      if (cursor[i] != commands.get(i).size()) {
        throw new IllegalStateException("step " + note.stepId() + ": a pool's batch has commands no submission asked for");
      }
    }
  }

  /**
   * One submission: its round, then per target its pool's index and its command, which must be the
   * next of that pool's batch ({@code cursor}: each pool's next command).
   */
  private static void writeAsked(ObjectDataOutput out, StepNote note, StepNote.Asked a, Map<PoolId, Integer> index,
      List<List<PoolCommand>> commands, int[] cursor) throws IOException {
    writeRound(out, a.round());
    PoolCommand.Contribute ofRound = a.round() == null ? null : a.round().contribution();
    out.writeInt(a.targets().size());
    for (Submission.Target t : a.targets()) {
      Integer i = index.get(t.pool());
      PoolCommand next = i == null || cursor[i] >= commands.get(i).size() ? null : commands.get(i).get(cursor[i]++);
      if (next != t.command() && !t.command().equals(next)) {
        throw new IllegalStateException("step " + note.stepId() + ": a submission's command is not the next of its pool's batch");
      }
      out.writeInt(i);
      if (t.command().equals(ofRound)) {
        out.writeByte(CONTRIBUTION_OF_ROUND);
      } else {
        out.writeByte(COMMAND);
        PoolWire.writeCommand(out, t.command());
      }
    }
    out.writeObject(a.audit()); // null but for operators' changes
  }

  static StepNote read(ObjectDataInput in) throws IOException {
    String sender = in.readString();
    String step = in.readString();
    long sequence = in.readLong();
    int pools = in.readInt();
    List<PoolId> ids = new ArrayList<>(pools);
    List<Pool.Batch> headers = new ArrayList<>(pools);
    List<List<PoolCommand>> commands = new ArrayList<>(pools);
    int[] counts = new int[pools];
    for (int i = 0; i < pools; i++) {
      ids.add(PoolWire.readPoolId(in));
      headers.add(PoolWire.readBatchHeader(in));
      counts[i] = in.readInt();
      commands.add(new ArrayList<>(Math.min(counts[i], 4096))); // a count read, not trusted for an allocation
    }
    int n = in.readInt();
    List<StepNote.Asked> asked = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      asked.add(readAsked(in, step, ids, commands));
    }
    Map<PoolId, Pool.Batch> batches = new LinkedHashMap<>();
    for (int i = 0; i < pools; i++) {
      if (commands.get(i).size() != counts[i]) {
        throw new IOException("step " + step + ": pool " + ids.get(i) + " should have " + counts[i] + " commands, the submissions gave "
            + commands.get(i).size());
      }
      batches.put(ids.get(i), headers.get(i).withCommands(commands.get(i)));
    }
    return new StepNote(sender, step, sequence, asked, batches);
  }

  /** One submission, each of its commands appended to its pool's batch ({@code commands}, by pool index). */
  private static StepNote.Asked readAsked(ObjectDataInput in, String step, List<PoolId> ids, List<List<PoolCommand>> commands)
      throws IOException {
    int pools = ids.size();
    RoundRecord round = readRound(in);
    int targets = in.readInt();
    List<Submission.Target> list = new ArrayList<>(targets);
    PoolCommand.Contribute ofRound = null;
    for (int j = 0; j < targets; j++) {
      int pool = in.readInt();
      if (pool < 0 || pool >= pools) {
        throw new IOException("step " + step + ": a target names pool " + pool + " of " + pools);
      }
      PoolCommand command;
      if (in.readByte() == CONTRIBUTION_OF_ROUND) {
        if (round == null) {
          throw new IOException("step " + step + ": a contribution without its round");
        }
        command = ofRound != null ? ofRound : (ofRound = round.contribution());
      } else {
        command = PoolWire.readCommand(in);
      }
      commands.get(pool).add(command);
      list.add(new Submission.Target(ids.get(pool), command));
    }
    Submission.Audit audit = in.readObject();
    return new StepNote.Asked(list, round, audit);
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
