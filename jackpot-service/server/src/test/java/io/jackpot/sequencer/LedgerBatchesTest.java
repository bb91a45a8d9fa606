package io.jackpot.sequencer;

import static io.jackpot.pool.Commands.AT;
import static io.jackpot.pool.Commands.claim;
import static io.jackpot.pool.Commands.stake;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jackpot.ledger.AuditEntry;
import io.jackpot.ledger.LedgerBatch;
import io.jackpot.ledger.RoundRecord;
import io.jackpot.ledger.RoundStatus;
import io.jackpot.money.Money;
import io.jackpot.money.Rate;
import io.jackpot.pool.Pool;
import io.jackpot.pool.PoolCommand;
import io.jackpot.pool.PoolId;
import io.jackpot.pool.PoolOutcome;
import io.jackpot.pool.PoolTerms;
import io.jackpot.pool.SeededRandom;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The rows each kind of outcome leaves in the ledger, on outcomes real pools gave, at the clock's time. */
class LedgerBatchesTest {
  private static final PoolId A = new PoolId("j", "a");
  private static final PoolId B = new PoolId("j", "b");
  private static final PoolId C = new PoolId("j", "c");
  private static final PoolTerms TERMS = new PoolTerms(200_000_000, new Rate(10_000));
  private static final Submission.Audit OPS = new Submission.Audit("ops", "demo", "pool.change");

  private final SeededRandom random = new SeededRandom(5);
  private final Map<PoolId, Pool> pools = new HashMap<>(Map.of(A, created(A), B, created(B), C, created(C)));
  private long sequence;

  @Test
  void everyKindOfOutcomeLeavesItsRows() {
    List<LedgerBatches.Done> done = everyKind();
    LedgerBatch batch = new LedgerBatches(new MutableClock(AT)).of(done);
    assertEquals(List.of(RoundStatus.APPLIED), batch.rounds().stream().map(LedgerBatch.Round::status).toList());
    assertEquals(AT, batch.rounds().get(0).appliedAt());
    assertEquals(1, batch.shares().size());
    assertEquals(1, batch.wins().size(), "the claim's first win");
    assertEquals(List.of("WON", "PAUSED", "TERMS_VERSION", "DISCONTINUED", "DISCONTINUED", "TRANSFER_IN"), kinds(batch.events()));
    assertEquals(batch.wins(), batch.winsIfAbsent(), "the repeat records the same win if absent");
    assertEquals(List.of("WON", "TRANSFER_IN"), kinds(batch.eventsIfAbsent()), "a repeat's anchor and a receipt received before");
    assertEquals(1, batch.transfers().size());
    assertEquals(2, batch.receipts().size());
    List<AuditEntry> audit = batch.audit();
    assertEquals(4, audit.size(), "pause, discontinuation held, transfer out and in; not the terms version nor the repeat");
    assertTrue(audit.get(1).after().contains("\"held\":") && audit.get(1).after().contains("\"reason\":\"closing\""), audit.get(1).after());
    assertTrue(audit.get(2).after().startsWith("{\"transferId\":\"t-1\",\"from\":\"j/b\""), audit.get(2).after());
  }

  private static List<String> kinds(List<LedgerBatch.PoolEvent> events) {
    return events.stream().map(LedgerBatch.PoolEvent::kind).toList();
  }

  /** A round, a win and its repeat, a pause, a version of the same terms, a discontinuation held, a transfer out, in and again. */
  private List<LedgerBatches.Done> everyKind() {
    List<LedgerBatches.Done> done = new ArrayList<>();
    RoundRecord round = new RoundRecord("r1", "fp", "bewitched", "demo", "p-r1", 2_000_000, "EUR", null, AT);
    done.add(apply(new Submission(List.of(new Submission.Target(A, stake("r1", 2_000_000))), round, null, null)));
    done.add(apply(Submission.of(List.of(new Submission.Target(A, claim("c1"))), null)));
    done.add(apply(Submission.of(List.of(new Submission.Target(A, claim("c1"))), null)));
    done.add(apply(Submission.audited(new Submission.Target(A, new PoolCommand.Pause("op-1", AT)), OPS)));
    done.add(apply(Submission.audited(new Submission.Target(A, new PoolCommand.ChangeTerms("op-2", TERMS, 2)), OPS)));
    done.add(apply(Submission.audited(new Submission.Target(A, new PoolCommand.Discontinue("op-3", "closing", null, null, AT)), OPS)));
    done.add(apply(Submission.audited(new Submission.Target(B, new PoolCommand.Discontinue("op-4", null, C, "t-1", AT)), OPS)));
    Money amount = ((PoolOutcome.Transferred) done.get(done.size() - 1).outcomes().get(0)).transfer().amount();
    done.add(apply(Submission.audited(new Submission.Target(C, new PoolCommand.TransferIn("t-1", B, amount, AT)), OPS)));
    done.add(apply(Submission.audited(new Submission.Target(C, new PoolCommand.TransferIn("t-1", B, amount, AT)), OPS)));
    return done;
  }

  private LedgerBatches.Done apply(Submission s) {
    Submission.Target t = s.targets().get(0);
    Pool.Transition next = pools.get(t.pool()).apply(new Pool.Batch("m-1", ++sequence, "op-" + sequence, random.next(), List.of(t.command())));
    pools.put(t.pool(), next.pool());
    return new LedgerBatches.Done(s, next.outcomes());
  }

  private Pool created(PoolId id) {
    return Pool.created(id, TERMS, random.next());
  }
}
