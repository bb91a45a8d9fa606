package io.jackpot.pool.hz;

import static io.jackpot.pool.Commands.AT;
import static io.jackpot.pool.Commands.claim;
import static io.jackpot.pool.Commands.stake;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import com.hazelcast.config.SerializationConfig;
import com.hazelcast.internal.serialization.InternalSerializationService;
import com.hazelcast.internal.serialization.impl.DefaultSerializationServiceBuilder;
import io.jackpot.ledger.RoundRecord;
import io.jackpot.money.Rate;
import io.jackpot.pool.Pool;
import io.jackpot.pool.PoolCommand;
import io.jackpot.pool.PoolId;
import io.jackpot.pool.PoolOutcome;
import io.jackpot.pool.PoolTerms;
import io.jackpot.pool.SeededRandom;
import io.jackpot.sequencer.StepNote;
import io.jackpot.sequencer.Submission;
import io.jackpot.sequencer.hz.StepNoteSerializer;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The field-by-field wire forms give back exactly what was written, common and rare cases alike. */
class WireFormsTest {
  private static final PoolId P = new PoolId("bewitched", "cv-0.10");
  private final InternalSerializationService serialization = serializationService();

  private static InternalSerializationService serializationService() {
    SerializationConfig config = new SerializationConfig();
    PoolSerializers.register(config);
    StepNoteSerializer.register(config);
    return new DefaultSerializationServiceBuilder().setConfig(config).build();
  }

  private <T> T roundTrip(T value) {
    return serialization.toObject(serialization.toData(value));
  }

  private Pool.Batch batch() {
    List<PoolCommand> commands = List.of(stake("r1", 2_000_000), new PoolCommand.Pause("op-1", AT), stake("r2", 10_000_000), claim("c1"));
    return new Pool.Batch("member-1", 7, "op-7", new SeededRandom(3).next(), commands);
  }

  @Test
  void theEntryProcessorAndItsOutcomesRoundTrip() {
    ApplyBatch ep = new ApplyBatch(batch());
    assertEquals(ep, roundTrip(ep));

    Pool pool = Pool.created(P, new PoolTerms(200_000_000, new Rate(5_000)), new SeededRandom(1).next());
    Pool.Batch contributions = new Pool.Batch("m", 1, "op-1", new SeededRandom(2).next(), List.of(stake("r1", 2_000_000), claim("c1")));
    Applied applied = new Applied(pool.apply(contributions).outcomes());
    assertInstanceOf(PoolOutcome.Contributed.class, applied.outcomes().get(0));
    assertInstanceOf(PoolOutcome.Won.class, applied.outcomes().get(1));
    assertEquals(applied, roundTrip(applied));
  }

  @Test
  void aStepNoteRoundTrips() {
    RoundRecord round = new RoundRecord("r1", "fp", "bewitched", "demo", "p-1", 2_000_000, "GBP", 100_000L, AT, 1_700_000L, 850_000L);
    RoundRecord plain = new RoundRecord("r2", "fp2", "bewitched", "demo", "p-2", 10_000_000, "EUR", null, AT);
    StepNote note = new StepNote("member-1", "step-1", 7, List.of(
        new StepNote.Asked(List.of(new Submission.Target(P, stake("r1", 2_000_000))), round, null),
        new StepNote.Asked(List.of(new Submission.Target(P, stake("r2", 10_000_000))), plain, null),
        new StepNote.Asked(List.of(new Submission.Target(P, new PoolCommand.Pause("op-1", AT))), null,
            new Submission.Audit("ops", "demo", "pool.pause"))), Map.of(P, batch()));
    assertEquals(note, roundTrip(note));
  }
}
