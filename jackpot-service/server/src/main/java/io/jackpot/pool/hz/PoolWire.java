package io.jackpot.pool.hz;

import com.hazelcast.nio.ObjectDataInput;
import com.hazelcast.nio.ObjectDataOutput;
import io.jackpot.money.Money;
import io.jackpot.pool.Entropy;
import io.jackpot.pool.Pool;
import io.jackpot.pool.PoolCommand;
import io.jackpot.pool.PoolId;
import io.jackpot.pool.PoolOutcome;
import io.jackpot.pool.Win;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Field-by-field wire forms of what crosses the cluster on every contribution: pool batches (their
 * contributions) and their outcomes. Java serialization of these records, with class descriptors
 * and reflection, took about 45% of the service's CPU (JFR, docs/benchmarks.md). The common
 * cases are written field by field; rare ones (claims, operator commands, wins) still go through
 * {@code writeObject}. Used by the Hazelcast serializers registered in HazelcastConfigs.
 */
public final class PoolWire {
  private static final byte OTHER = 0;
  private static final byte CONTRIBUTE = 1;
  private static final byte CONTRIBUTED = 1;

  private PoolWire() {}

  public static void writeBatch(ObjectDataOutput out, Pool.Batch b) throws IOException {
    writeBatchHeader(out, b);
    out.writeInt(b.commands().size());
    for (PoolCommand c : b.commands()) {
      writeCommand(out, c);
    }
  }

  public static Pool.Batch readBatch(ObjectDataInput in) throws IOException {
    Pool.Batch header = readBatchHeader(in);
    int n = in.readInt();
    List<PoolCommand> commands = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      commands.add(readCommand(in));
    }
    return header.withCommands(commands);
  }

  /** A batch without its commands: sender, sequence, operation id, entropy and time. */
  public static void writeBatchHeader(ObjectDataOutput out, Pool.Batch b) throws IOException {
    out.writeString(b.senderId());
    out.writeLong(b.sequence());
    out.writeString(b.opId());
    Entropy e = b.entropy();
    out.writeLong(e.a());
    out.writeLong(e.b());
    out.writeLong(e.c());
    out.writeLong(e.d());
    writeInstant(out, b.at());
  }

  /** What {@link #writeBatchHeader} wrote, as a batch with no commands. */
  public static Pool.Batch readBatchHeader(ObjectDataInput in) throws IOException {
    return new Pool.Batch(in.readString(), in.readLong(), in.readString(),
        new Entropy(in.readLong(), in.readLong(), in.readLong(), in.readLong()), List.of(), readInstant(in));
  }

  public static void writeCommand(ObjectDataOutput out, PoolCommand command) throws IOException {
    // A contribution to a pool its round won before, or to a ranked tier, goes whole (a member of
    // an earlier release reads it without the flag and the rank, as it would have made it).
    if (command instanceof PoolCommand.Contribute c && c.at() != null && !c.wonBefore() && c.oneWinRank() < 0) {
      out.writeByte(CONTRIBUTE);
      out.writeString(c.roundId());
      out.writeLong(c.stakeMicros());
      out.writeString(c.playerId());
      out.writeString(c.gameId());
      out.writeString(c.operatorId());
      writeInstant(out, c.at());
    } else {
      out.writeByte(OTHER);
      out.writeObject(command);
    }
  }

  public static PoolCommand readCommand(ObjectDataInput in) throws IOException {
    if (in.readByte() == CONTRIBUTE) {
      return new PoolCommand.Contribute(in.readString(), in.readLong(), in.readString(), in.readString(), in.readString(), readInstant(in));
    }
    return in.readObject();
  }

  public static void writeOutcomes(ObjectDataOutput out, List<PoolOutcome> outcomes) throws IOException {
    out.writeInt(outcomes.size());
    for (PoolOutcome o : outcomes) {
      if (o instanceof PoolOutcome.Contributed c) {
        out.writeByte(CONTRIBUTED);
        out.writeString(c.roundId());
        out.writeLong(c.opSeq());
        out.writeLong(c.stakeMicros());
        writeMoney(out, c.share());
        writeMoney(out, c.toReserve());
        writeMoney(out, c.toOverflow());
        writeMoney(out, c.amountAfter());
        out.writeObject(c.triggered()); // null but for the rare triggered win
      } else {
        out.writeByte(OTHER);
        out.writeObject(o);
      }
    }
  }

  public static List<PoolOutcome> readOutcomes(ObjectDataInput in) throws IOException {
    int n = in.readInt();
    List<PoolOutcome> out = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      if (in.readByte() == CONTRIBUTED) {
        String round = in.readString();
        long opSeq = in.readLong();
        long stake = in.readLong();
        Money share = readMoney(in);
        Money toReserve = readMoney(in);
        Money toOverflow = readMoney(in);
        Money after = readMoney(in);
        Win triggered = in.readObject();
        out.add(new PoolOutcome.Contributed(round, opSeq, stake, share, toReserve, toOverflow, after, triggered));
      } else {
        out.add(in.readObject());
      }
    }
    return out;
  }

  public static void writePoolId(ObjectDataOutput out, PoolId id) throws IOException {
    out.writeString(id.jackpotId());
    out.writeString(id.poolKey());
  }

  public static PoolId readPoolId(ObjectDataInput in) throws IOException {
    return new PoolId(in.readString(), in.readString());
  }

  public static void writeInstant(ObjectDataOutput out, Instant at) throws IOException {
    out.writeLong(at.getEpochSecond());
    out.writeInt(at.getNano());
  }

  public static Instant readInstant(ObjectDataInput in) throws IOException {
    return Instant.ofEpochSecond(in.readLong(), in.readInt());
  }

  private static void writeMoney(ObjectDataOutput out, Money m) throws IOException {
    out.writeLong(m.micros());
    out.writeLong(m.sub());
  }

  private static Money readMoney(ObjectDataInput in) throws IOException {
    return new Money(in.readLong(), in.readLong());
  }
}
