package io.jackpot.sequencer.hz;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.hazelcast.internal.serialization.InternalSerializationService;
import com.hazelcast.internal.serialization.impl.DefaultSerializationServiceBuilder;
import io.jackpot.cluster.ClusterSettings;
import io.jackpot.cluster.HazelcastConfigs;
import io.jackpot.ledger.RoundRecord;
import io.jackpot.pool.Entropy;
import io.jackpot.pool.Pool;
import io.jackpot.pool.PoolCommand;
import io.jackpot.pool.PoolId;
import io.jackpot.sequencer.StepNote;
import io.jackpot.sequencer.Submission;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The journal note's wire form, byte for byte: members of different versions read each other's notes
 * (a rolling restart), so a change of form needs a new type id, never a silent change of bytes.
 */
class StepNoteSerializerTest {
  private static final Instant AT = Instant.parse("2026-11-21T13:45:01.123Z");
  private static final PoolId P = new PoolId("bewitched", "cv-0.10");

  private final InternalSerializationService service = new DefaultSerializationServiceBuilder()
      .setConfig(HazelcastConfigs.of(new ClusterSettings("wire", 5701, List.of("127.0.0.1"), "127.0.0.1", 600)).getSerializationConfig())
      .build();

  /** One pool (the batches' map of several iterates in an order each JVM draws), each kind of command and submission. */
  static StepNote note() {
    RoundRecord round = new RoundRecord("r1", "fp", "bewitched", "demo", "p-1", 2_000_000, "GBP", 100_000L, AT, 1_700_000L, 850_000L);
    PoolCommand ofRound = round.contribution();
    PoolCommand other = new PoolCommand.Contribute("r1", 2_000_001, "p-1", "bewitched", "demo", AT);
    PoolCommand pause = new PoolCommand.Pause("op-1", AT);
    Pool.Batch batch = new Pool.Batch("member-1", 7, "op-7", new Entropy(1, 2, 3, 4), List.of(ofRound, other, pause), AT);
    return new StepNote("member-1", "step-1", 7, List.of(
        new StepNote.Asked(List.of(new Submission.Target(P, ofRound), new Submission.Target(P, other)), round, null),
        new StepNote.Asked(List.of(new Submission.Target(P, pause)), null, new Submission.Audit("ops", "demo", "pool.pause"))),
        Map.of(P, batch));
  }

  @Test
  void aNoteCrossesInTheFormMembersAgreeOn() {
    var data = service.toData(note());
    assertEquals(StepNoteSerializer.TYPE, data.getType());
    assertEquals(GOLDEN, HexFormat.of().formatHex(data.toByteArray()));
    assertEquals(note(), service.toObject(data));
  }

  private static final String GOLDEN = ""
      + "00000000000003f8000000086d656d6265722d3100000006737465702d31000000000000000700000001000000096265"
      + "776974636865640000000763762d302e3130000000086d656d6265722d310000000000000007000000046f702d370000"
      + "000000000001000000000000000200000000000000030000000000000004000000006b01a05d0754d4c0000000030000"
      + "000201000000027231000000026670000000096265776974636865640000000464656d6f00000003702d310000000000"
      + "1e8480000000034742500100000000000186a0000000006b01a05d0754d4c001000000000019f0a00100000000000cf8"
      + "5000000002000000000100000000020100000002723100000000001e848100000003702d310000000962657769746368"
      + "65640000000464656d6f000000006b01a05d0754d4c0000000000000000001000000000200ffffff9caced0005737200"
      + "21696f2e6a61636b706f742e706f6f6c2e506f6f6c436f6d6d616e6424506175736500000000000000000200024c0002"
      + "61747400134c6a6176612f74696d652f496e7374616e743b4c0007726f756e6449647400124c6a6176612f6c616e672f"
      + "537472696e673b78707372000d6a6176612e74696d652e536572955d84ba1b2248b20c00007870770d02000000006b01"
      + "a05d0754d4c0787400046f702d31ffffff9caced000573720025696f2e6a61636b706f742e73657175656e6365722e53"
      + "75626d697373696f6e24417564697400000000000000000200034c0006616374696f6e7400124c6a6176612f6c616e67"
      + "2f537472696e673b4c00056163746f7271007e00014c00056f776e657271007e0001787074000a706f6f6c2e70617573"
      + "657400036f707374000464656d6f";
}
