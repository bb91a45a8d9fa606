package io.jackpot.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jackpot.ledger.LedgerBatch;
import io.jackpot.ledger.RoundRecord;
import io.jackpot.ledger.RoundStatus;
import io.jackpot.ledger.pg.PgLedger;
import io.jackpot.ledger.pg.PgSchema;
import io.jackpot.money.Money;
import io.jackpot.pool.PoolId;
import io.jackpot.pool.Win;
import io.vertx.core.Vertx;
import io.vertx.pgclient.PgBuilder;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.sqlclient.Pool;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The ledger adapter against a real PostgreSQL: idempotent commits, loud conflicts, append-only. */
class PgLedgerIT {
  static final PoolId POOL = new PoolId("j", "p");
  static final Instant AT = Instant.parse("2026-11-21T12:00:00.123Z");
  static Vertx vertx;
  static Pool pg;
  static PgLedger ledger;
  static String url;

  @BeforeAll
  static void start() throws Exception {
    url = TestPostgres.freshDatabase();
    vertx = Vertx.vertx();
    pg = PgBuilder.pool().connectingTo(PgConnectOptions.fromUri(url)).using(vertx).build();
    PgSchema.migrate(pg).await();
    ledger = new PgLedger(pg);
  }

  @AfterAll
  static void stop() {
    pg.close().await();
    vertx.close().await();
  }

  static LedgerBatch batch(String commitId, String round, long opSeq) {
    var record = new RoundRecord(round, "fp", "g", "op", "p", 1_000_000, "EUR", null, AT);
    var share = new LedgerBatch.Share(POOL, opSeq, round, 0, "g", "op", 1_000_000, Money.ofMicros(5_000), Money.ZERO, Money.ZERO,
        Money.ofMicros(10_005_000), AT);
    return new LedgerBatch(commitId, List.of(new LedgerBatch.Round(record, RoundStatus.APPLIED)), List.of(share),
        List.of(), List.of(), List.of(), List.of(), List.of(), List.of(), List.of());
  }

  static void await(java.util.concurrent.CompletionStage<?> stage) throws Exception {
    stage.toCompletableFuture().get(10, TimeUnit.SECONDS);
  }

  @Test
  void aCommitRetriedAfterAnUnknownOutcomeIsRecordedOnce() throws Exception {
    LedgerBatch b = batch(UUID.randomUUID().toString(), "once", 1);
    await(ledger.record(b));
    await(ledger.record(b));
    try (SimplePg sql = SimplePg.of(url)) {
      assertEquals(1, sql.count("SELECT count(*) FROM contributions WHERE round_id = 'once'"));
    }
  }

  @Test
  void theSameRoundUnderAnotherCommitFailsLoudlyAndWritesNothing() throws Exception {
    await(ledger.record(batch(UUID.randomUUID().toString(), "twice", 2)));
    ExecutionException e = assertThrows(ExecutionException.class,
        () -> await(ledger.record(batch(UUID.randomUUID().toString(), "twice", 3))));
    assertTrue(e.getCause().getMessage().contains("duplicate key"), e.getCause().getMessage());
    try (SimplePg sql = SimplePg.of(url)) {
      assertEquals(1, sql.count("SELECT count(*) FROM contributions WHERE round_id = 'twice'"));
    }
  }

  @Test
  void aRepeatedWinIsRecordedIfAbsentWithItsAnchor() throws Exception {
    PoolId pool = new PoolId("j", "w");
    var next = new io.jackpot.pool.MustHit(12_345_678, "ab".repeat(16), "c".repeat(64));
    Win win = new Win(Win.idFor(pool, 1), pool, 1, 9, "claim", "p", "g", "op", Money.ofMicros(20_000_000), 10_000_000, AT,
        io.jackpot.pool.Trigger.Kind.CLAIM, null, new Win.Reset(new Money(10_000_000, 42), 10_000_000, next,
            new io.jackpot.pool.PoolTerms(10_000_000, new io.jackpot.money.Rate(1000)), Money.ZERO, Money.ofMicros(10_000_000), Money.ZERO,
            Money.ZERO));
    var twice = new LedgerBatch(UUID.randomUUID().toString(), List.of(), List.of(), List.of(), List.of(),
        List.of(win), List.of(LedgerBatch.anchorOf(win)), List.of(), List.of(), List.of());
    await(ledger.record(twice));
    await(ledger.record(new LedgerBatch(UUID.randomUUID().toString(), List.of(), List.of(), List.of(), List.of(),
        List.of(win), List.of(LedgerBatch.anchorOf(win)), List.of(), List.of(), List.of())));
    Win read = ledger.findWin(win.winId()).toCompletableFuture().get().orElseThrow();
    assertEquals(win.amount(), read.amount());
    assertEquals(win.next().amount(), read.next().amount());
    assertEquals(win.next().seedMicros(), read.next().seedMicros());
    var rebuilt = ledger.rebuild(pool, new io.jackpot.pool.PoolTerms(10_000_000, new io.jackpot.money.Rate(1000)))
        .toCompletableFuture().get().orElseThrow();
    assertEquals(next, rebuilt.mustHit(), "the next cycle's secret is kept for the rebuild");
    assertEquals(new Money(10_000_000, 42), rebuilt.amount());
    assertEquals(1, rebuilt.winSeq());
    assertEquals(9, rebuilt.opSeq());
  }

  @Test
  void theLedgerIsAppendOnly() {
    try (SimplePg sql = SimplePg.of(url)) {
      sql.query("SELECT 1");
      for (String statement : List.of("DELETE FROM contributions", "UPDATE wins SET amount_micros = 0", "TRUNCATE rounds",
          "DELETE FROM ledger_commits", "DELETE FROM pool_events", "UPDATE audit_log SET actor = 'x'")) {
        Exception e = assertThrows(Exception.class, () -> sql.execute(statement), statement);
        assertTrue(e.getMessage().contains("append-only"), e.getMessage());
      }
    }
  }
}
