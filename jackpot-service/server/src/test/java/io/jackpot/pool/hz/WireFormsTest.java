package io.jackpot.pool.hz;

import static io.jackpot.pool.Commands.AT;
import static io.jackpot.pool.Commands.claim;
import static io.jackpot.pool.Commands.stake;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jackpot.cluster.MemberSerialization;
import io.jackpot.ledger.RoundRecord;
import io.jackpot.money.Rate;
import io.jackpot.pool.Pool;
import io.jackpot.pool.PoolCommand;
import io.jackpot.pool.PoolId;
import io.jackpot.pool.PoolOutcome;
import io.jackpot.pool.PoolTerms;
import io.jackpot.pool.SeededRandom;
import io.jackpot.pool.Trigger;
import io.jackpot.pool.Win;
import io.jackpot.sequencer.StepNote;
import io.jackpot.sequencer.Submission;
import io.jackpot.sequencer.hz.StepNoteSerializer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;

/** The field-by-field wire forms give back exactly what was written, common and rare cases alike. */
class WireFormsTest {
  private static final PoolId P = new PoolId("bewitched", "cv-0.10");
  private final MemberSerialization wire = new MemberSerialization();

  private <T> T roundTrip(T value, int typeId) {
    return wire.roundTrip(value, typeId);
  }

  private Pool.Batch batch() {
    List<PoolCommand> commands = List.of(stake("r1", 2_000_000), new PoolCommand.Pause("op-1", AT), stake("r2", 10_000_000), claim("c1"));
    return new Pool.Batch("member-1", 7, "op-7", new SeededRandom(3).next(), commands);
  }

  @Test
  void theEntryProcessorAndItsOutcomesRoundTrip() {
    ApplyBatch ep = new ApplyBatch(batch(), false);
    assertEquals(ep, roundTrip(ep, PoolSerializers.APPLY_BATCH));

    Pool pool = Pool.created(P, new PoolTerms(200_000_000, new Rate(5_000)), new SeededRandom(1).next());
    Pool.Batch contributions = new Pool.Batch("m", 1, "op-1", new SeededRandom(2).next(), List.of(stake("r1", 2_000_000), claim("c1")));
    Applied applied = new Applied(pool.apply(contributions).outcomes());
    assertInstanceOf(PoolOutcome.Contributed.class, applied.outcomes().get(0));
    assertInstanceOf(PoolOutcome.Won.class, applied.outcomes().get(1));
    assertEquals(applied, roundTrip(applied, PoolSerializers.APPLIED));

    // A contribution that sets off the pool's RANDOM trigger carries its win.
    Pool random = Pool.created(P, new PoolTerms(200_000_000, new Rate(5_000), new Trigger.Random(1)), new SeededRandom(4).next());
    Applied triggered = new Applied(random.apply(new Pool.Batch("m", 2, "op-2", new SeededRandom(5).next(), List.of(stake("r9", 2_000_000))))
        .outcomes());
    assertInstanceOf(Win.class, ((PoolOutcome.Contributed) triggered.outcomes().get(0)).triggered());
    assertEquals(triggered, roundTrip(triggered, PoolSerializers.APPLIED));
  }

  @Test
  void theRecallOfABatchAndItsAnswerCross() {
    RecallBatch ask = new RecallBatch("member-1", "op-7");
    assertEquals(ask, wire.roundTrip(ask));
    Pool.Transition applied = Pool.created(P, new PoolTerms(200_000_000, new Rate(5_000)), new SeededRandom(1).next()).apply(batch());
    Pool.Recall recall = ask.process(Map.entry(P.key(), applied.pool()));
    assertEquals(new Pool.Recall(applied.pool().opSeq(), applied.outcomes(), 1), recall);
    assertEquals(recall, wire.roundTrip(recall));
    Pool.Recall unknown = new RecallBatch("member-2", "op-1").process(Map.entry(P.key(), applied.pool()));
    assertEquals(new Pool.Recall(applied.pool().opSeq(), null, 1), unknown);
    assertEquals(unknown, wire.roundTrip(unknown));
  }

  @Test
  void aStepNoteRoundTrips() {
    RoundRecord round = new RoundRecord("r1", "fp", "bewitched", "demo", "p-1", 2_000_000, "GBP", 100_000L, AT, 1_700_000L, 850_000L);
    RoundRecord plain = new RoundRecord("r2", "fp2", "bewitched", "demo", "p-2", 10_000_000, "EUR", null, AT);
    PoolId other = new PoolId("candy", "mini");
    PoolCommand r1 = stake("r1", 2_000_000);
    PoolCommand r1Candy = stake("r1", 2_000_000);
    PoolCommand r2 = stake("r2", 10_000_000);
    PoolCommand pause = new PoolCommand.Pause("op-1", AT);
    Map<PoolId, Pool.Batch> batches = new LinkedHashMap<>();
    batches.put(P, new Pool.Batch("member-1", 7, "op-7", new SeededRandom(3).next(), List.of(r1, r2, pause)));
    batches.put(other, new Pool.Batch("member-1", 7, "op-8", new SeededRandom(4).next(), List.of(r1Candy)));
    StepNote note = new StepNote("member-1", "step-1", 7, List.of(
        new StepNote.Asked(List.of(new Submission.Target(P, r1), new Submission.Target(other, r1Candy)), round, null),
        new StepNote.Asked(List.of(new Submission.Target(P, r2)), plain, null),
        new StepNote.Asked(List.of(new Submission.Target(P, pause)), null, new Submission.Audit("ops", "demo", "pool.pause"))), batches);
    assertEquals(note, roundTrip(note, StepNoteSerializer.TYPE));

    // A contribution that is its round's (as the contribution service makes them) crosses as a byte:
    // a note of 100 such rounds over 3 pools, read back whole, and smaller than with each command in full.
    StepNote compact = manyRounds(c -> c);
    assertEquals(compact, roundTrip(compact, StepNoteSerializer.TYPE));
    StepNote full = manyRounds(c -> new PoolCommand.Contribute(c.roundId(), c.stakeMicros(), c.playerId(), c.gameId(), c.operatorId(),
        c.at().plusMillis(1)));
    assertEquals(full, roundTrip(full, StepNoteSerializer.TYPE));
    assertTrue(wire.size(compact) * 2 < wire.size(full), wire.size(compact) + " against " + wire.size(full));
    // A command that differs from its round's in any one field crosses in full and reads back as it was.
    List<UnaryOperator<PoolCommand.Contribute>> oneFieldOff = List.of(
        c -> new PoolCommand.Contribute(c.roundId() + "x", c.stakeMicros(), c.playerId(), c.gameId(), c.operatorId(), c.at()),
        c -> new PoolCommand.Contribute(c.roundId(), c.stakeMicros() + 1, c.playerId(), c.gameId(), c.operatorId(), c.at()),
        c -> new PoolCommand.Contribute(c.roundId(), c.stakeMicros(), c.playerId() + "x", c.gameId(), c.operatorId(), c.at()),
        c -> new PoolCommand.Contribute(c.roundId(), c.stakeMicros(), c.playerId(), c.gameId() + "x", c.operatorId(), c.at()),
        c -> new PoolCommand.Contribute(c.roundId(), c.stakeMicros(), c.playerId(), c.gameId(), c.operatorId() + "x", c.at()),
        c -> new PoolCommand.Contribute(c.roundId(), c.stakeMicros(), c.playerId(), c.gameId(), c.operatorId(), c.at().plusNanos(1)),
        PoolCommand.Contribute::toPoolWonBefore,
        c -> c.withOneWinRank(2));
    for (var off : oneFieldOff) {
      StepNote offNote = manyRounds(off);
      assertEquals(offNote, roundTrip(offNote, StepNoteSerializer.TYPE));
    }
    StepNote wonBefore = roundTrip(manyRounds(PoolCommand.Contribute::toPoolWonBefore), StepNoteSerializer.TYPE);
    assertTrue(wonBefore.submissions().stream().allMatch(a -> a.targets().stream()
        .allMatch(t -> ((PoolCommand.Contribute) t.command()).wonBefore())), "a contribution to a pool its round won crosses so");
    StepNote ranked = roundTrip(manyRounds(c -> c.withOneWinRank(1)), StepNoteSerializer.TYPE);
    assertTrue(ranked.batches().values().stream().allMatch(b -> b.commands().stream()
        .allMatch(c -> ((PoolCommand.Contribute) c).oneWinRank() == 1)), "a ranked tier's contribution crosses with its rank");

    // Each command crosses once: a submission names its pool, and takes the next command of that pool's batch.
    StepNote inconsistent = new StepNote("member-1", "step-2", 8, List.of(
        new StepNote.Asked(List.of(new Submission.Target(P, r2)), plain, null)), Map.of(P, batches.get(P)));
    var refused = Assertions.assertThrows(RuntimeException.class, () -> wire.write(inconsistent));
    assertTrue(String.valueOf(refused.getMessage()).contains("not the next of its pool's batch")
        || String.valueOf(refused.getCause()).contains("not the next of its pool's batch"), String.valueOf(refused));
    // A batch with a command no submission asked for could not be rebuilt from the submissions: refused too.
    StepNote extra = new StepNote("member-1", "step-3", 9, List.of(
        new StepNote.Asked(List.of(new Submission.Target(P, r1)), round, null)), Map.of(P, batches.get(P)));
    var refusedExtra = Assertions.assertThrows(RuntimeException.class, () -> wire.write(extra));
    assertTrue(String.valueOf(refusedExtra.getMessage()).contains("commands no submission asked for")
        || String.valueOf(refusedExtra.getCause()).contains("commands no submission asked for"), String.valueOf(refusedExtra));
  }

  /** 100 rounds, each feeding the 3 pools, with commands made from each round's as {@code command} says. */
  private static StepNote manyRounds(UnaryOperator<PoolCommand.Contribute> command) {
    List<PoolId> pools = List.of(P, new PoolId("candy", "mini"), new PoolId("candy", "grand"));
    Map<PoolId, List<PoolCommand>> commands = new LinkedHashMap<>();
    List<StepNote.Asked> asked = new ArrayList<>();
    for (int i = 0; i < 100; i++) {
      RoundRecord r = new RoundRecord("BW-20261121-134501-abcdefghjk-" + i, "f".repeat(64), "bewitched", "demo", "player-" + i,
          1_000_000L + i, "EUR", null, AT.plusSeconds(i));
      List<Submission.Target> targets = new ArrayList<>();
      for (PoolId pool : pools) {
        PoolCommand c = command.apply(new PoolCommand.Contribute(r.roundId(), r.stakeMicros(), r.playerId(), r.gameId(),
            r.operatorId(), r.receivedAt()));
        targets.add(new Submission.Target(pool, c));
        commands.computeIfAbsent(pool, k -> new ArrayList<>()).add(c);
      }
      asked.add(new StepNote.Asked(targets, r, null));
    }
    Map<PoolId, Pool.Batch> batches = new LinkedHashMap<>();
    commands.forEach((pool, list) -> batches.put(pool, new Pool.Batch("member-1", 9, "op-" + pool.poolKey(),
        new SeededRandom(pool.hashCode()).next(), list)));
    return new StepNote("member-1", "step-many", 9, asked, batches);
  }
}
