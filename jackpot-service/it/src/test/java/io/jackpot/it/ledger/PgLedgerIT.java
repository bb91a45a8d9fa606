package io.jackpot.it.ledger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jackpot.admin.Listings;
import io.jackpot.it.admin.AuditPagesIT;
import io.jackpot.it.support.Await;
import io.jackpot.it.support.SimplePg;
import io.jackpot.it.support.TestPostgres;
import io.jackpot.ledger.Ledger;
import io.jackpot.ledger.LedgerBatch;
import io.jackpot.ledger.RecordedRound;
import io.jackpot.ledger.RoundRecord;
import io.jackpot.ledger.RoundStatus;
import io.jackpot.ledger.pg.PgLedger;
import io.jackpot.ledger.pg.PgPools;
import io.jackpot.ledger.pg.PgSchema;
import io.jackpot.money.Money;
import io.jackpot.money.Rate;
import io.jackpot.pool.MustHit;
import io.jackpot.pool.PoolCommand;
import io.jackpot.pool.PoolId;
import io.jackpot.pool.PoolOutcome;
import io.jackpot.pool.PoolStatus;
import io.jackpot.pool.PoolTerms;
import io.jackpot.pool.StrongRandomSource;
import io.jackpot.pool.Trigger;
import io.jackpot.pool.Win;
import io.vertx.core.Vertx;
import io.vertx.pgclient.PgBuilder;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.PoolOptions;
import io.vertx.sqlclient.SqlConnection;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BiFunction;
import java.util.stream.LongStream;
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
    var share = new LedgerBatch.Share(POOL, opSeq, "op", round, 0, Money.ofMicros(5_000), Money.ZERO, Money.ZERO,
        Money.ofMicros(10_005_000));
    return new LedgerBatch(commitId, List.of(new LedgerBatch.Round(record, RoundStatus.APPLIED, AT)), List.of(share),
        List.of(), List.of(), List.of(), List.of(), List.of(), List.of(), List.of());
  }

  static void await(CompletionStage<?> stage) throws Exception {
    stage.toCompletableFuture().get(10, TimeUnit.SECONDS);
  }

  /**
   * A commit's wait for a connection has a deadline of its own ({@code PgPools.connectionWithin}),
   * and a connection that comes after it goes back to the pool: a pool of one connection, held.
   */
  @Test
  void aConnectionThatComesAfterItsDeadlineGoesBackToThePool() throws Exception {
    Pool one = PgBuilder.pool().with(new PoolOptions().setMaxSize(1)).connectingTo(PgConnectOptions.fromUri(url))
        .using(vertx).build();
    try {
      SqlConnection held = one.getConnection().await();
      ExecutionException late = assertThrows(ExecutionException.class,
          () -> PgPools.connectionWithin(one, Duration.ofMillis(200)).toCompletionStage().toCompletableFuture()
              .get(10, TimeUnit.SECONDS));
      assertInstanceOf(TimeoutException.class, late.getCause());
      held.close().await();
      // The waiter got the connection after its deadline and gave it back: the pool's one is free.
      SqlConnection again = PgPools.connectionWithin(one, Duration.ofSeconds(5)).toCompletionStage()
          .toCompletableFuture().get(10, TimeUnit.SECONDS);
      again.close().await();
    } finally {
      one.close().await();
    }
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

  /** Steps that changed nothing (a claim refused by a paused pool): recorded all the same, rows or none. */
  @Test
  void stepsWithNothingElseToRecordAreRecorded() throws Exception {
    String step = UUID.randomUUID().toString();
    LedgerBatch nothingElse = new LedgerBatch(UUID.randomUUID().toString(), List.of(), List.of(), List.of(), List.of(), List.of(),
        List.of(), List.of(), List.of(), List.of(), List.of(step));
    await(ledger.record(nothingElse));
    assertTrue(ledger.stepRecorded(step).toCompletableFuture().get(10, TimeUnit.SECONDS), "a note of this step left behind is finished as a no-op");
  }

  /**
   * The audit query itself ends a page by bytes: five entries of 1.5 MB under a 4 MiB bound come
   * back as the three that begin within it, then the fourth without its before and after (it only
   * tells that more follow); the fifth is not read.
   */
  @Test
  void theAuditQueryReadsNoFurtherThanItsBound() throws Exception {
    AuditPagesIT.insertFiveLargeEntries(url, "2002-01-01");
    List<Ledger.Logged> found = ledger.findAudit(Instant.parse("2002-01-01T00:00:00Z"),
        Instant.parse("2002-01-02T00:00:00Z"), null, null, 10_001, Listings.AUDIT_PAGE_BYTES)
        .toCompletableFuture().get(10, TimeUnit.SECONDS);
    assertEquals(List.of("large-1", "large-2", "large-3", "large-4"), found.stream().map(l -> l.entry().target()).toList());
    assertTrue(found.subList(0, 3).stream().allMatch(l -> l.entry().before() != null && l.entry().after() != null));
    assertTrue(found.get(3).entry().before() == null && found.get(3).entry().after() == null, "the last one only says more follow");
    assertTrue(found.get(3).bytesBefore() >= Listings.AUDIT_PAGE_BYTES);
  }

  @Test
  void theSameRoundUnderAnotherCommitFailsLoudlyAndWritesNothing() throws Exception {
    await(ledger.record(batch(UUID.randomUUID().toString(), "twice", 2)));
    String second = UUID.randomUUID().toString();
    ExecutionException e = assertThrows(ExecutionException.class, () -> await(ledger.record(batch(second, "twice", 3))));
    assertTrue(e.getCause().getMessage().contains("duplicate key"), e.getCause().getMessage());
    try (SimplePg sql = SimplePg.of(url)) {
      assertEquals(1, sql.count("SELECT count(*) FROM contributions WHERE round_id = 'twice'"));
      assertEquals(0, sql.count("SELECT count(*) FROM ledger_commits WHERE commit_id = '" + second + "'"),
          "the failed commit's id is rolled back with it, so its retry is not taken for done");
      assertEquals(0, sql.count("SELECT count(*) FROM share_runs WHERE jackpot_id = 'j' AND pool_key = 'p' AND first_op = 3"));
    }
    // The connection went back to the pool outside any transaction: the next commit is whole.
    await(ledger.record(batch(UUID.randomUUID().toString(), "after-twice", 4)));
    try (SimplePg sql = SimplePg.of(url)) {
      assertEquals(1, sql.count("SELECT count(*) FROM rounds WHERE round_id = 'after-twice'"));
    }
  }

  @Test
  void twoOperatorsRoundsOfOneIdAreTwoRoundsInOneCommitAndApart() throws Exception {
    PoolId pool = new PoolId("scoped", "p");
    var mine = new RoundRecord("same-id", "fp-mine", "g", "op", "p", 1_000_000, "EUR", null, AT);
    var theirs = new RoundRecord("same-id", "fp-theirs", "g", "op2", "p", 2_000_000, "EUR", null, AT);
    // Their round also set off the pool's random trigger: a DUPLICATE answer to them carries it, to us not.
    Win theirWin = win(pool, 1, 3, "op2", "same-id", null, Trigger.Kind.RANDOM);
    await(ledger.record(new LedgerBatch(UUID.randomUUID().toString(),
        List.of(new LedgerBatch.Round(mine, RoundStatus.APPLIED, AT), new LedgerBatch.Round(theirs, RoundStatus.APPLIED, AT)),
        List.of(new LedgerBatch.Share(pool, 1, "op", "same-id", 0, Money.ofMicros(5_000), Money.ZERO, Money.ZERO, Money.ofMicros(10_005_000)),
            new LedgerBatch.Share(pool, 2, "op2", "same-id", 0, Money.ofMicros(10_000), Money.ZERO, Money.ZERO, Money.ofMicros(10_015_000))),
        List.of(theirWin), List.of(LedgerBatch.anchorOf(theirWin)), List.of(), List.of(), List.of(), List.of(), List.of())));
    var found = ledger.findRounds("op", List.of("same-id")).toCompletableFuture().get(10, TimeUnit.SECONDS).get("same-id");
    var foundTheirs = ledger.findRounds("op2", List.of("same-id")).toCompletableFuture().get(10, TimeUnit.SECONDS).get("same-id");
    assertEquals("fp-mine", found.fingerprint());
    assertEquals(Money.ofMicros(5_000), found.shares().get(0).share());
    assertEquals("fp-theirs", foundTheirs.fingerprint());
    assertEquals(Money.ofMicros(10_000), foundTheirs.shares().get(0).share());
    assertEquals(List.of(theirWin.winId()), foundTheirs.triggers().stream().map(Win::winId).toList());
    assertEquals(List.of(), found.triggers(), "another operator's win of the same round id");
    assertEquals(List.of(theirWin.winId()), ledger.findWinsByRound("op2", "same-id").toCompletableFuture().get().stream()
        .map(Win::winId).toList());
    assertEquals(List.of(), ledger.findWinsByRound("op", "same-id").toCompletableFuture().get());
    assertTrue(ledger.findClaim(pool, "op", "same-id").toCompletableFuture().get().isEmpty());
    assertEquals(theirWin.winId(), ledger.findClaim(pool, "op2", "same-id").toCompletableFuture().get().orElseThrow().winId());
    assertTrue(ledger.findRounds("op3", List.of("same-id")).toCompletableFuture().get(10, TimeUnit.SECONDS).isEmpty());
    // Within one operator the id is still the round's: recording it again fails.
    var again = new LedgerBatch(UUID.randomUUID().toString(), List.of(new LedgerBatch.Round(mine, RoundStatus.APPLIED, AT)),
        List.of(new LedgerBatch.Share(pool, 4, "op", "same-id", 0, Money.ofMicros(5_000), Money.ZERO, Money.ZERO, Money.ofMicros(10_020_000))),
        List.of(), List.of(), List.of(), List.of(), List.of(), List.of(), List.of());
    ExecutionException e = assertThrows(ExecutionException.class, () -> await(ledger.record(again)));
    assertTrue(e.getCause().getMessage().contains("rounds_pkey"), e.getCause().getMessage());
  }

  static Win win(PoolId pool, long sequence, long opSeq, String round, MustHit next) {
    return win(pool, sequence, opSeq, round, next, Trigger.Kind.CLAIM);
  }

  static Win win(PoolId pool, long sequence, long opSeq, String round, MustHit next, Trigger.Kind how) {
    return win(pool, sequence, opSeq, "op", round, next, how);
  }

  static Win win(PoolId pool, long sequence, long opSeq, String operator, String round, MustHit next,
      Trigger.Kind how) {
    return new Win(Win.idFor(pool, sequence), pool, sequence, opSeq, round, "p", "g", operator, Money.ofMicros(20_000_000), 10_000_000, AT,
        how, null, null, new Win.Reset(new Money(10_000_000, 42), 10_000_000, next, null,
            new PoolTerms(10_000_000, new Rate(1000)), Money.ZERO, Money.ofMicros(10_000_000), Money.ZERO,
            Money.ZERO, 0));
  }

  /** A member's own wins with their anchors, and repeated wins with theirs (if absent). */
  static LedgerBatch winBatch(List<Win> wins, List<Win> repeated) {
    return new LedgerBatch(UUID.randomUUID().toString(), List.of(), List.of(), wins, wins.stream().map(LedgerBatch::anchorOf).toList(),
        repeated, repeated.stream().map(LedgerBatch::anchorOf).toList(), List.of(), List.of(), List.of());
  }

  @Test
  void aWinItsRepeatRecordedFirstIsNotRecordedAgainButAnotherUnderItsIdOrRoundFailsTheCommit() throws Exception {
    // The member that applied a claim commits it after a repeat of the claim, answered on another
    // member, recorded the same win and anchor if absent: its commit goes through.
    PoolId pool = new PoolId("j", "repeat-first");
    Win win = win(pool, 1, 9, "claim", null);
    await(ledger.record(winBatch(List.of(), List.of(win))));
    await(ledger.record(winBatch(List.of(win), List.of())));
    try (SimplePg sql = SimplePg.of(url)) {
      assertEquals(1, sql.count("SELECT count(*) FROM wins WHERE pool_key = 'repeat-first'"));
      assertEquals(1, sql.count("SELECT count(*) FROM pool_events WHERE pool_key = 'repeat-first'"));
    }
    // Another round's win under the same id (the pool's histories disagree), and a second win of
    // the same round on the same pool, fail loudly, whichever list they come in.
    Win other = win(pool, 1, 9, "another-claim", null);
    for (LedgerBatch bad : List.of(winBatch(List.of(other), List.of()), winBatch(List.of(), List.of(other)))) {
      ExecutionException e = assertThrows(ExecutionException.class, () -> await(ledger.record(bad)));
      assertTrue(e.getCause().getMessage().contains("recorded with another round"), e.getCause().getMessage());
    }
    Win again = win(pool, 2, 11, "claim", null);
    ExecutionException e = assertThrows(ExecutionException.class, () -> await(ledger.record(winBatch(List.of(), List.of(again)))));
    assertTrue(e.getCause().getMessage().contains("round_id"), e.getCause().getMessage());
    // A member's own win whose operation already holds another state (a pause recorded there).
    PoolId paused = new PoolId("j", "paused-at-9");
    await(ledger.record(eventBatch(event(paused, 9, "PAUSED", PoolStatus.PAUSED, 10_000_000))));
    ExecutionException clash = assertThrows(ExecutionException.class,
        () -> await(ledger.record(winBatch(List.of(win(paused, 1, 9, "claim", null)), List.of()))));
    assertTrue(clash.getCause().getMessage().contains("j/paused-at-9@9"), clash.getCause().getMessage());
    try (SimplePg sql = SimplePg.of(url)) {
      assertEquals(0, sql.count("SELECT count(*) FROM wins WHERE pool_key = 'paused-at-9'"), "nothing of the refused commit");
    }
    try (SimplePg sql = SimplePg.of(url)) {
      assertEquals(1, sql.count("SELECT count(*) FROM wins WHERE pool_key = 'repeat-first'"));
    }
  }

  /**
   * A win is one record of its pool, so a repeat of it agrees in every column: one that differs in
   * any (who won it, when, how, the must-hit secret it revealed, the seed that followed and who
   * funded it) fails the commit, in either list, nothing of it recorded.
   */
  @Test
  void aWinRecordedAgainWithAnyColumnChangedFailsTheCommit() throws Exception {
    PoolId pool = new PoolId("j", "every-column");
    Win win = win(pool, 1, 9, "claim", null);
    await(ledger.record(winBatch(List.of(win), List.of())));
    Win.Reset next = win.next();
    var revealed = new MustHit(15_000_000, "00ff", "c0mm1t");
    List<Win> others = List.of(
        new Win(win.winId(), pool, 1, 9, "claim", "another-player", "g", "op", win.amount(), win.seedMicros(), AT, win.how(), null, null, next),
        new Win(win.winId(), pool, 1, 9, "claim", "p", "another-game", "op", win.amount(), win.seedMicros(), AT, win.how(), null, null, next),
        new Win(win.winId(), pool, 1, 9, "claim", "p", "g", "op", win.amount(), 11_000_000, AT, win.how(), null, null, next),
        new Win(win.winId(), pool, 1, 9, "claim", "p", "g", "op", win.amount(), win.seedMicros(), AT.plusMillis(1), win.how(), null, null, next),
        new Win(win.winId(), pool, 1, 9, "claim", "p", "g", "op", win.amount(), win.seedMicros(), AT, Trigger.Kind.RANDOM,
            null, null, next),
        new Win(win.winId(), pool, 1, 9, "claim", "p", "g", "op", win.amount(), win.seedMicros(), AT, win.how(), revealed, null, next),
        new Win(win.winId(), pool, 1, 9, "claim", "p", "g", "op", win.amount(), win.seedMicros(), AT, win.how(), null, null,
            new Win.Reset(next.amount(), 12_000_000, null, null, next.terms(), next.seedFromReserve(), next.operatorFunding(), next.reserve(),
                next.owed(), 0)),
        new Win(win.winId(), pool, 1, 9, "claim", "p", "g", "op", win.amount(), win.seedMicros(), AT, win.how(), null, null,
            new Win.Reset(next.amount(), next.seedMicros(), null, null, next.terms(), Money.ofMicros(4_000_000), Money.ofMicros(6_000_000),
                next.reserve(), next.owed(), 0)),
        new Win(win.winId(), pool, 1, 9, "claim", "p", "g", "op", win.amount(), win.seedMicros(), AT, win.how(), null, null,
            new Win.Reset(next.amount(), next.seedMicros(), null, null, next.terms(), next.seedFromReserve(), new Money(10_000_000, 1),
                next.reserve(), next.owed(), 0)));
    for (Win other : others) {
      for (LedgerBatch bad : List.of(winBatch(List.of(other), List.of()), winBatch(List.of(), List.of(other)))) {
        ExecutionException e = assertThrows(ExecutionException.class, () -> await(ledger.record(bad)), other.toString());
        assertTrue(e.getCause().getMessage().contains(win.winId()), e.getCause().getMessage());
      }
    }
    // The same win again as the ledger gives it back (no next cycle's secret or terms), repeated
    // without its anchor as a member records it: the same record.
    Win read = ledger.findWin(win.winId()).toCompletableFuture().get(10, TimeUnit.SECONDS).orElseThrow();
    await(ledger.record(new LedgerBatch(UUID.randomUUID().toString(), List.of(), List.of(), List.of(), List.of(), List.of(read),
        List.of(), List.of(), List.of(), List.of())));
    try (SimplePg sql = SimplePg.of(url)) {
      assertEquals(1, sql.count("SELECT count(*) FROM wins WHERE pool_key = 'every-column' AND player_id = 'p' AND how = 'CLAIM' "
          + "AND operator_funding_micros = 10000000 AND operator_funding_sub = 0 AND hit_micros IS NULL"));
      assertEquals(1, sql.count("SELECT count(*) FROM pool_events WHERE pool_key = 'every-column'"));
    }
  }

  /**
   * A step finished on a departed member's behalf: a pool event whose operation already holds the
   * same state is taken as recorded, and one whose operation holds another state (a reused
   * operation number) fails the step, nothing of it recorded, rather than the event vanishing.
   */
  @Test
  void aStepFinishedOnBehalfTakesTheSameEventAsRecordedAndFailsOnAnother() throws Exception {
    PoolId pool = new PoolId("j", "recovered-at-4");
    var pause = event(pool, 4, "PAUSED", PoolStatus.PAUSED, 10_000_000);
    await(ledger.record(eventBatch(pause)));
    var transferIn = event(pool, 4, "TRANSFER_IN", PoolStatus.ACTIVE, 12_000_000);
    String clashing = UUID.randomUUID().toString();
    ExecutionException e = assertThrows(ExecutionException.class, () -> await(ledger.recordStepIfAbsent(onBehalf(clashing, transferIn))));
    assertTrue(e.getCause().getMessage().contains("j/recovered-at-4@4"), e.getCause().getMessage());
    assertEquals(false, ledger.stepRecorded(clashing).toCompletableFuture().get(10, TimeUnit.SECONDS), "nothing of the step");
    // The same kind and money, but another part of the state at operation 4: another state too.
    var otherTerms = new PoolTerms(10_000_000, new Rate(2000));
    var mustHit = new MustHit(15_000_000, "00ff", "c0mm1t");
    for (var other : List.of(
        paused(pool, pause.cycleSeedMicros(), null, otherTerms, null, 0, AT),
        paused(pool, pause.cycleSeedMicros(), null, pause.terms(), null, 7, AT),
        paused(pool, pause.cycleSeedMicros(), null, pause.terms(), otherTerms, 0, AT),
        paused(pool, 11_000_000, null, pause.terms(), null, 0, AT),
        paused(pool, pause.cycleSeedMicros(), mustHit, pause.terms(), null, 0, AT))) {
      String step = UUID.randomUUID().toString();
      e = assertThrows(ExecutionException.class, () -> await(ledger.recordStepIfAbsent(onBehalf(step, other))), other.toString());
      assertTrue(e.getCause().getMessage().contains("j/recovered-at-4@4"), e.getCause().getMessage());
      assertEquals(false, ledger.stepRecorded(step).toCompletableFuture().get(10, TimeUnit.SECONDS), "nothing of the step");
    }

    // Recorded later than the member would have: the time is not part of the state.
    var sameLater = paused(pool, pause.cycleSeedMicros(), null, pause.terms(), null, 0, AT.plusSeconds(60));
    String same = UUID.randomUUID().toString();
    assertEquals(true, ledger.recordStepIfAbsent(onBehalf(same, sameLater)).toCompletableFuture().get(10, TimeUnit.SECONDS));
    try (SimplePg sql = SimplePg.of(url)) {
      assertEquals(1, sql.count("SELECT count(*) FROM pool_events WHERE pool_key = 'recovered-at-4'"));
      assertEquals(1, sql.count("SELECT count(*) FROM pool_events WHERE pool_key = 'recovered-at-4' AND kind = 'PAUSED'"));
    }
  }

  /**
   * Two histories of a pool recording the same win at once (a split brain, or a pool rebuilt after
   * both its replicas were lost): the commit that waited for the other to end still compares the win
   * that other recorded under its id, and fails. (The comparison was part of the insert, whose
   * snapshot did not show the row it had waited for, and such a commit went through.)
   */
  @Test
  void aWinRecordedDifferentlyByACommitItWaitedForFailsTheCommit() throws Exception {
    Win template = win(new PoolId("j", "race-template"), 1, 9, "claim", null);
    await(ledger.record(winBatch(List.of(template), List.of())));
    PoolId pool = new PoolId("j", "race");
    Win mine = win(pool, 1, 9, "claim", null);
    String theirs = "INSERT INTO wins SELECT * FROM jsonb_populate_record(NULL::wins, (SELECT to_jsonb(w) || jsonb_build_object("
        + "'win_id', '" + mine.winId() + "', 'pool_key', 'race', 'round_id', 'another-claim') FROM wins w WHERE win_id = '"
        + template.winId() + "'))";
    ExecutionException e = assertThrows(ExecutionException.class, () -> whileAnotherCommitRecords(theirs, winBatch(List.of(mine), List.of())));
    assertTrue(e.getCause().getMessage().contains(mine.winId()), e.getCause().getMessage());
    try (SimplePg sql = SimplePg.of(url)) {
      assertEquals(1, sql.count("SELECT count(*) FROM wins WHERE pool_key = 'race' AND round_id = 'another-claim'"), "the other's win");
      assertEquals(0, sql.count("SELECT count(*) FROM pool_events WHERE pool_key = 'race'"), "nothing of the refused commit");
    }
  }

  /** As above, for a pool event: another state recorded at the same operation by a commit it waited for. */
  @Test
  void aPoolEventRecordedDifferentlyByACommitItWaitedForFailsTheCommit() throws Exception {
    await(ledger.record(eventBatch(event(new PoolId("j", "race-template"), 4, "PAUSED", PoolStatus.PAUSED, 10_000_000))));
    String theirs = "INSERT INTO pool_events SELECT * FROM jsonb_populate_record(NULL::pool_events, (SELECT to_jsonb(e) || "
        + "jsonb_build_object('pool_key', 'race-events') FROM pool_events e WHERE pool_key = 'race-template' AND op_seq = 4))";
    var mine = event(new PoolId("j", "race-events"), 4, "TRANSFER_IN", PoolStatus.ACTIVE, 12_000_000);
    ExecutionException e = assertThrows(ExecutionException.class, () -> whileAnotherCommitRecords(theirs, eventBatch(mine)));
    assertTrue(e.getCause().getMessage().contains("j/race-events@4"), e.getCause().getMessage());
    try (SimplePg sql = SimplePg.of(url)) {
      assertEquals(1, sql.count("SELECT count(*) FROM pool_events WHERE pool_key = 'race-events' AND kind = 'PAUSED'"));
    }
  }

  /**
   * Records {@code batch} while another transaction has run {@code theirs} and not yet committed:
   * the commit waits for it (seen waiting on its lock), which then commits.
   */
  private static void whileAnotherCommitRecords(String theirs, LedgerBatch batch) throws Exception {
    try (SimplePg other = SimplePg.of(url); SimplePg watch = SimplePg.of(url)) {
      other.execute("BEGIN; " + theirs);
      var recording = ledger.record(batch).toCompletableFuture();
      Await.until(() -> watch.waitingOnLocks() > 0, Duration.ofSeconds(10), () -> "the commit waits for the other");
      other.execute("COMMIT");
      recording.get(10, TimeUnit.SECONDS);
    }
  }

  /** A pause at operation 4 of {@code pool} holding 10 with nothing in reserve or owed, with the rest of its state as given. */
  private static LedgerBatch.PoolEvent paused(PoolId pool, long cycleSeed, MustHit mustHit,
      PoolTerms terms, PoolTerms pending, long termsVersion, Instant at) {
    return new LedgerBatch.PoolEvent(pool, 4, "PAUSED", PoolStatus.PAUSED, Money.ofMicros(10_000_000), cycleSeed, 0,
        mustHit, null, Money.ZERO, Money.ZERO, terms, pending, termsVersion, at);
  }

  /** A departed member's step with one pool event, as StepRecovery records it. */
  private static LedgerBatch onBehalf(String stepId, LedgerBatch.PoolEvent event) {
    return eventBatch(event).finishedOnBehalf().forSteps(stepId, List.of(stepId));
  }

  /** A member's own commit of one pool event. */
  private static LedgerBatch eventBatch(LedgerBatch.PoolEvent event) {
    return new LedgerBatch(UUID.randomUUID().toString(), List.of(), List.of(), List.of(), List.of(event), List.of(), List.of(),
        List.of(), List.of(), List.of());
  }

  /** A full-state event of a pool seeded 10 with nothing in reserve or owed, holding {@code micros} after operation {@code op}. */
  private static LedgerBatch.PoolEvent event(PoolId pool, long op, String kind, PoolStatus status, long micros) {
    var terms = new PoolTerms(10_000_000, new Rate(1000));
    return new LedgerBatch.PoolEvent(pool, op, kind, status, Money.ofMicros(micros), 10_000_000, 0, null, null, Money.ZERO, Money.ZERO,
        terms, null, 0, AT);
  }

  @Test
  void aRoundsTriggeredWinsComeBackInTheOrderOfItsShares() throws Exception {
    // A DUPLICATE answer gives the original outcome: a round that set off two pools' triggers gets
    // them back in its shares' order, whatever order the ledger keeps the wins in (win ids sort
    // "mini" after "major", as when a must-hit round also wins the major tier).
    PoolId first = new PoolId("order", "mini");
    PoolId second = new PoolId("order", "major");
    var record = new RoundRecord("two-triggers", "fp", "g", "op", "p", 1_000_000, "EUR", null, AT);
    var shares = List.of(
        new LedgerBatch.Share(first, 1, "op", "two-triggers", 0, Money.ofMicros(5_000), Money.ZERO, Money.ZERO, Money.ofMicros(10_005_000)),
        new LedgerBatch.Share(second, 1, "op", "two-triggers", 1, Money.ofMicros(5_000), Money.ZERO, Money.ZERO, Money.ofMicros(10_005_000)));
    var random = Trigger.Kind.RANDOM;
    List<Win> wins = List.of(win(second, 1, 2, "two-triggers", null, random), win(first, 1, 2, "two-triggers", null, random));
    await(ledger.record(new LedgerBatch(UUID.randomUUID().toString(), List.of(new LedgerBatch.Round(record, RoundStatus.APPLIED, AT)),
        shares, wins, wins.stream().map(LedgerBatch::anchorOf).toList(), List.of(), List.of(), List.of(), List.of(), List.of())));
    var found = ledger.findRounds("op", List.of("two-triggers")).toCompletableFuture().get(10, TimeUnit.SECONDS).get("two-triggers");
    assertEquals(List.of(first, second), found.triggers().stream().map(Win::pool).toList());
  }

  @Test
  void aRepeatedWinIsRecordedIfAbsentWithItsAnchor() throws Exception {
    PoolId pool = new PoolId("j", "w");
    var next = new MustHit(12_345_678, "ab".repeat(16), "c".repeat(64));
    Win win = win(pool, 1, 9, "claim", next);
    var twice = new LedgerBatch(UUID.randomUUID().toString(), List.of(), List.of(), List.of(), List.of(),
        List.of(win), List.of(LedgerBatch.anchorOf(win)), List.of(), List.of(), List.of());
    await(ledger.record(twice));
    await(ledger.record(new LedgerBatch(UUID.randomUUID().toString(), List.of(), List.of(), List.of(), List.of(),
        List.of(win), List.of(LedgerBatch.anchorOf(win)), List.of(), List.of(), List.of())));
    Win read = ledger.findWin(win.winId()).toCompletableFuture().get().orElseThrow();
    assertEquals(win.amount(), read.amount());
    assertEquals(win.next().amount(), read.next().amount());
    assertEquals(win.next().seedMicros(), read.next().seedMicros());
    var rebuilt = ledger.rebuild(pool, new PoolTerms(10_000_000, new Rate(1000)))
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
      for (String statement : List.of("DELETE FROM share_runs", "UPDATE rounds SET share_micros = '{}'", "UPDATE wins SET amount_micros = 0", "TRUNCATE rounds",
          "DELETE FROM ledger_commits", "DELETE FROM pool_events", "UPDATE audit_log SET actor = 'x'")) {
        Exception e = assertThrows(Exception.class, () -> sql.execute(statement), statement);
        assertTrue(e.getMessage().contains("append-only"), e.getMessage());
      }
    }
  }

  @Test
  void aRoundKeepsItsSharesInItsRowAndPoolsRebuildFromTheRunsAcrossAnchors() throws Exception {
    PoolId a = new PoolId("packed", "a"), b = new PoolId("packed", "b");
    var terms = new PoolTerms(10_000_000, new Rate(1000));
    var random = new StrongRandomSource();
    await(ledger.recordCreated(io.jackpot.pool.Pool.created(a, terms, random.next()), AT));
    await(ledger.recordCreated(io.jackpot.pool.Pool.created(b, terms, random.next()), AT));
    // Two commits: round 1 feeds a then b, round 2 only a, round 3 is paused (no shares); then an
    // anchor on a at op 3 and one more share of a at op 4.
    var r1 = new RoundRecord("pk-1", "fp1", "g", "op", "p", 2_000_000, "EUR", null, AT);
    var r2 = new RoundRecord("pk-2", "fp2", "g", "op", "p", 3_000_000, "EUR", null, AT);
    var r3 = new RoundRecord("pk-3", "fp3", "g", "op", "p", 4_000_000, "EUR", null, AT);
    var first = new LedgerBatch(UUID.randomUUID().toString(),
        List.of(new LedgerBatch.Round(r1, RoundStatus.APPLIED, AT), new LedgerBatch.Round(r2, RoundStatus.APPLIED, AT),
            new LedgerBatch.Round(r3, RoundStatus.PAUSED, AT)),
        List.of(new LedgerBatch.Share(a, 1, "op", "pk-1", 0, new Money(2_000, 600_000), Money.ZERO, Money.ZERO, new Money(10_002_000, 600_000)),
            new LedgerBatch.Share(b, 1, "op", "pk-1", 1, new Money(2_000, 900_000), Money.ZERO, Money.ZERO, new Money(10_002_000, 900_000)),
            new LedgerBatch.Share(a, 2, "op", "pk-2", 0, new Money(3_000, 600_000), Money.ofMicros(7), Money.ZERO, new Money(10_006_001, 200_000))),
        List.of(), List.of(), List.of(), List.of(), List.of(), List.of(), List.of());
    await(ledger.record(first));
    var anchor = new LedgerBatch.PoolEvent(a, 3, "PAUSED", PoolStatus.ACTIVE, new Money(10_006_001, 200_000),
        10_000_000, 0, null, null, Money.ofMicros(7), Money.ZERO, terms, null, 0, AT);
    var r4 = new RoundRecord("pk-4", "fp4", "g", "op", "p", 1_000_000, "EUR", null, AT);
    await(ledger.record(new LedgerBatch(UUID.randomUUID().toString(), List.of(new LedgerBatch.Round(r4, RoundStatus.APPLIED, AT)),
        List.of(new LedgerBatch.Share(a, 4, "op", "pk-4", 0, new Money(1_000, 500_000), Money.ZERO, Money.ZERO, new Money(10_007_001, 700_000))),
        List.of(), List.of(anchor), List.of(), List.of(), List.of(), List.of(), List.of())));

    var found = ledger.findRounds("op", List.of("pk-1", "pk-2", "pk-3", "pk-none")).toCompletableFuture().get();
    assertEquals(List.of("pk-1", "pk-2", "pk-3"), found.keySet().stream().sorted().toList());
    var shares1 = found.get("pk-1").shares();
    assertEquals(List.of(a, b), shares1.stream().map(RecordedRound.RecordedShare::pool).toList(), "target order");
    assertEquals(new Money(2_000, 900_000), shares1.get(1).share());
    assertEquals(new Money(10_002_000, 900_000), shares1.get(1).amountAfter());
    assertEquals(List.of(), found.get("pk-3").shares());
    assertEquals(RoundStatus.PAUSED, found.get("pk-3").status());

    var rebuiltA = ledger.rebuild(a, terms).toCompletableFuture().get().orElseThrow();
    assertEquals(new Money(10_007_001, 700_000), rebuiltA.amount(), "anchor at op 3 plus the run after it");
    assertEquals(4, rebuiltA.opSeq());
    assertEquals(Money.ofMicros(7), rebuiltA.reserve());
    var rebuiltB = ledger.rebuild(b, terms).toCompletableFuture().get().orElseThrow();
    assertEquals(new Money(10_002_000, 900_000), rebuiltB.amount());

    try (SimplePg sql = SimplePg.of(url)) {
      assertEquals(2, sql.count("SELECT count(*) FROM share_runs WHERE jackpot_id = 'packed' AND pool_key = 'a'"),
          "ops 1-2 in one run, op 4 in another");
      assertEquals(4, sql.count("SELECT count(*) FROM contributions WHERE jackpot_id = 'packed'"), "the view: one row per share");
      assertEquals(1, sql.count("SELECT position FROM contributions WHERE round_id = 'pk-1' AND pool_key = 'b'"));
    }
    var figures = ledger.figures().toCompletableFuture().get();
    assertEquals(3, figures.flows().get(a).contributionCount());
    assertEquals(new Money(10_007_001, 700_000).plus(Money.ofMicros(7)), figures.balances().get(a));
  }

  /**
   * A commit that lands while a rebuild reads (a new state record at op 3 with shares after it) is
   * seen whole or not at all: not its shares added to the state record before it. The commit holds
   * share_runs locked, so the rebuild's read of the shares waits for it after reading the anchor.
   */
  @Test
  void aRebuildReadsOneSnapshotThoughACommitLandsBetweenItsReads() throws Exception {
    PoolId pool = new PoolId("snapshot", "p");
    var terms = new PoolTerms(10_000_000, new Rate(1000));
    await(ledger.recordCreated(io.jackpot.pool.Pool.created(pool, terms, new StrongRandomSource().next()), AT));
    for (long op = 1; op <= 2; op++) {
      var round = new RoundRecord("snap-" + op, "fp", "g", "op", "p", 1_000_000, "EUR", null, AT);
      await(ledger.record(new LedgerBatch(UUID.randomUUID().toString(), List.of(new LedgerBatch.Round(round, RoundStatus.APPLIED, AT)),
          List.of(new LedgerBatch.Share(pool, op, "op", "snap-" + op, 0, Money.ofMicros(1_000), Money.ZERO, Money.ZERO,
              Money.ofMicros(10_000_000 + op * 1_000))),
          List.of(), List.of(), List.of(), List.of(), List.of(), List.of(), List.of())));
    }
    try (SimplePg commit = SimplePg.of(url); SimplePg watch = SimplePg.of(url)) {
      commit.execute("BEGIN; LOCK TABLE share_runs IN ACCESS EXCLUSIVE MODE;"
          + " INSERT INTO pool_events (jackpot_id, pool_key, op_seq, kind, status, amount_micros, amount_sub, cycle_seed_micros,"
          + " win_seq, reserve_micros, reserve_sub, owed_micros, owed_sub, terms, at) SELECT 'snapshot', 'p', 3, 'WIN', 'ACTIVE',"
          + " 10000000, 0, 10000000, 1, 0, 0, 0, 0, terms, now() FROM pool_events WHERE jackpot_id = 'snapshot' AND op_seq = 0;"
          + " INSERT INTO share_runs VALUES ('snapshot', 'p', 4, 5, 2000, 0, 0, 0, 0, 0)");
      var rebuilding = ledger.rebuild(pool, terms).toCompletableFuture();
      Await.until(() -> watch.waitingOnLocks() > 0,
          Duration.ofSeconds(10), () -> "the rebuild waits for the commit, its anchor read");
      commit.execute("COMMIT");
      var rebuilt = rebuilding.get(10, TimeUnit.SECONDS).orElseThrow();
      assertEquals(2, rebuilt.opSeq(), "the ledger before the commit: the creation and ops 1-2");
      assertEquals(Money.ofMicros(10_002_000), rebuilt.amount());
    }
    var after = ledger.rebuild(pool, terms).toCompletableFuture().get(10, TimeUnit.SECONDS).orElseThrow();
    assertEquals(5, after.opSeq(), "after it: the state record at op 3 and the run 4-5");
    assertEquals(Money.ofMicros(10_002_000), after.amount());
  }

  @Test
  void aRebuiltPoolRemembersTheNewestTermsVersionItTookAcrossAWin() throws Exception {
    PoolId id = new PoolId("versioned", "p");
    var v1 = new PoolTerms(10_000_000, new Rate(1000));
    var v5 = new PoolTerms(25_000_000, new Rate(2000));
    var random = new StrongRandomSource();
    io.jackpot.pool.Pool created = io.jackpot.pool.Pool.created(id, v1, random.next());
    await(ledger.recordCreated(created, AT));
    // Version 5's terms become pending (recorded with their version), then a win puts them in force:
    // the rebuild reads the win's anchor alone.
    var pending = created.apply(new io.jackpot.pool.Pool.Batch("t", 1, "op1", random.next(),
        List.of(new PoolCommand.ChangeTerms("c5", v5, 5))));
    var won = pending.pool().apply(new io.jackpot.pool.Pool.Batch("t", 2, "op2", random.next(),
        List.of(new PoolCommand.Claim("w1", "p", "g", "op", AT))));
    Win win = ((PoolOutcome.Won) won.outcomes().get(0)).win();
    await(ledger.record(new LedgerBatch(UUID.randomUUID().toString(), List.of(), List.of(), List.of(win),
        List.of(LedgerBatch.PoolEvent.of(pending.pool(), "TERMS_PENDING", AT), LedgerBatch.anchorOf(win)),
        List.of(), List.of(), List.of(), List.of(), List.of())));

    var rebuilt = ledger.rebuild(id, v1).toCompletableFuture().get().orElseThrow();
    assertEquals(v5, rebuilt.terms(), "the win's anchor holds the terms it put in force");
    assertEquals(5, rebuilt.termsVersion(), "the version the win's anchor carries on");
    var late = rebuilt.apply(new io.jackpot.pool.Pool.Batch("t", 3, "op3", random.next(),
        List.of(new PoolCommand.ChangeTerms("c4", v1, 4))));
    assertInstanceOf(PoolOutcome.Unchanged.class, late.outcomes().get(0), "version 4 arrives after 5: not taken");
  }

  @Test
  void aJackpotsLatestWinsArePagedNewestFirstWithTiesByWinIdAndNoOtherJackpots() throws Exception {
    String t1 = "2026-11-21T12:00:01.000001Z";
    String t2 = "2026-11-21T12:00:02.000002Z";
    String t3 = "2026-11-21T12:00:03.000003Z";
    // Two wins at one microsecond, twice; and the wins of jackpots whose ids sort just before and after.
    String[][] wins = {{"hof", "a", "1", t1}, {"hof", "b", "1", t2}, {"hof", "a", "2", t2}, {"hof", "b", "2", t3},
        {"hof", "a", "10", t3}, {"ho", "a", "1", t2}, {"hofx", "a", "1", t2}, {"other", "a", "1", t3}};
    StringBuilder rows = new StringBuilder();
    for (String[] w : wins) {
      rows.append(rows.length() == 0 ? "" : ", ").append(String.format(
          "('w-%1$s~%2$s~%3$s', '%1$s', '%2$s', %3$s, %3$s, 'r-%2$s-%3$s', 'p', 'g', 'op', 1, 1, '%4$s', 0, 0, 1, 0, 0, 0, 0, 'CLAIM')",
          (Object[]) w));
    }
    try (SimplePg sql = SimplePg.of(url)) {
      sql.execute("INSERT INTO wins (win_id, jackpot_id, pool_key, sequence, op_seq, round_id, player_id, game_id, operator_id,"
          + " amount_micros, seed_micros, won_at, amount_after_micros, amount_after_sub, seed_after_micros, seed_from_reserve_micros,"
          + " seed_from_reserve_sub, operator_funding_micros, operator_funding_sub, how) VALUES " + rows);
    }
    List<String> paged = new ArrayList<>();
    Ledger.WinCursor before = null;
    List<Win> found;
    do { // on until a page is empty: nothing before the oldest
      found = ledger.findLatestWins("hof", before, 2).toCompletableFuture().get();
      for (Win w : found) {
        paged.add(w.winId());
        before = new Ledger.WinCursor(w.wonAt(), w.winId());
      }
    } while (!found.isEmpty() && paged.size() < 10);
    assertEquals(List.of("w-hof~b~2", "w-hof~a~10", "w-hof~b~1", "w-hof~a~2", "w-hof~a~1"), paged);
    assertEquals(List.of("w-ho~a~1"), ledger.findLatestWins("ho", null, 5).toCompletableFuture().get().stream().map(Win::winId).toList());
  }

  @Test
  void sharesRecordedBeforeVersion3MoveIntoTheirRounds() throws Exception {
    String old = TestPostgres.freshDatabase();
    Pool oldPg = PgBuilder.pool().connectingTo(PgConnectOptions.fromUri(old)).using(vertx).build();
    try (SimplePg sql = SimplePg.of(old)) {
      assertEquals(2, PgSchema.migrate(oldPg, 2).await());
      sql.execute("""
          INSERT INTO rounds VALUES ('old-1', 'fp', 'g', 'op', 'p', 1000000, 'EUR', NULL, 'APPLIED', now(), NULL, NULL),
                                    ('old-2', 'fp', 'g', 'op', 'p', 2000000, 'EUR', NULL, 'PAUSED', now(), NULL, NULL);
          INSERT INTO contributions VALUES
            ('j', 'b', 7, 'old-1', 1, 'g', 'op', 1000000, 30, 1, 0, 0, 0, 0, 500, 2, now()),
            ('j', 'a', 7, 'old-1', 0, 'g', 'op', 1000000, 10, 5, 1, 0, 0, 0, 100, 6, now())""");
      assertEquals(8, PgSchema.migrate(oldPg).await());
      var moved = new PgLedger(oldPg).findRounds("op", List.of("old-1", "old-2")).toCompletableFuture().get();
      assertEquals(List.of(new PoolId("j", "a"), new PoolId("j", "b")),
          moved.get("old-1").shares().stream().map(RecordedRound.RecordedShare::pool).toList());
      assertEquals(new Money(30, 1), moved.get("old-1").shares().get(1).share());
      assertEquals(List.of(), moved.get("old-2").shares());
      assertEquals(2, sql.count("SELECT count(*) FROM share_runs"));
      assertEquals(40, sql.count("SELECT sum(share_micros)::int8 FROM contributions"));
      assertEquals(0, sql.count("SELECT count(*) FROM rounds WHERE applied_at IS NULL"));
      // A later release migrated it further, and this one is started again (a rollback): refused.
      sql.execute("INSERT INTO schema_version (version) VALUES (9)");
      Exception newer = assertThrows(Exception.class, () -> PgSchema.migrate(oldPg).await());
      assertTrue(String.valueOf(newer.getMessage()).contains("newer than this service knows"), String.valueOf(newer));
    } finally {
      oldPg.close().await();
    }
  }

  @Test
  void aShareAtAnOperationAlreadyRecordedIsRefusedAndARunSpanningAnAnchorStopsTheRebuild() throws Exception {
    PoolId pool = new PoolId("guard", "p");
    var terms = new PoolTerms(10_000_000, new Rate(1000));
    await(ledger.recordCreated(io.jackpot.pool.Pool.created(pool, terms, new StrongRandomSource().next()), AT));
    BiFunction<String, Long, LedgerBatch> share = (round, op) -> new LedgerBatch(UUID.randomUUID().toString(),
        List.of(new LedgerBatch.Round(new RoundRecord(round, "fp", "g", "op", "p", 1_000_000, "EUR", null, AT), RoundStatus.APPLIED, AT)),
        List.of(new LedgerBatch.Share(pool, op, "op", round, 0, Money.ofMicros(1_000), Money.ZERO, Money.ZERO, Money.ofMicros(10_000_000 + op * 1_000))),
        List.of(), List.of(), List.of(), List.of(), List.of(), List.of(), List.of());
    await(ledger.record(share.apply("g-1", 1L)));
    await(ledger.record(share.apply("g-2", 2L)));
    var threeInARow = new LedgerBatch(UUID.randomUUID().toString(),
        LongStream.rangeClosed(5, 7).mapToObj(op -> new LedgerBatch.Round(
            new RoundRecord("g-run-" + op, "fp", "g", "op", "p", 1_000_000, "EUR", null, AT), RoundStatus.APPLIED, AT)).toList(),
        LongStream.rangeClosed(5, 7).mapToObj(op -> new LedgerBatch.Share(pool, op, "op", "g-run-" + op, 0,
            Money.ofMicros(1_000), Money.ZERO, Money.ZERO, Money.ofMicros(10_000_000 + op * 1_000))).toList(),
        List.of(), List.of(), List.of(), List.of(), List.of(), List.of(), List.of());
    await(ledger.record(threeInARow));
    ExecutionException twice = assertThrows(ExecutionException.class, () -> await(ledger.record(share.apply("g-other", 6L))),
        "op 6 is inside the run 5-7: neither its first nor its last op, so only the exclusion constraint can see it");
    assertTrue(twice.getCause().getMessage().contains("share_runs_no_overlap"), twice.getCause().getMessage());

    try (SimplePg sql = SimplePg.of(url)) {
      Exception sub = assertThrows(Exception.class, () -> sql.execute(
          "INSERT INTO rounds (round_id, fingerprint, game_id, operator_id, player_id, stake_micros, currency, status, received_at,"
              + " applied_at, share_jackpots, share_pools, share_ops, share_micros, share_subs, reserve_micros, reserve_subs,"
              + " overflow_micros, overflow_subs, amount_micros, amount_subs) VALUES ('g-sub', 'fp', 'g', 'op', 'p', 1, 'EUR',"
              + " 'APPLIED', now(), now(), '{guard}', '{p}', '{9}', '{1}', '{1000000}', '{0}', '{0}', '{0}', '{0}', '{1}', '{0}')"));
      assertTrue(sub.getMessage().contains("rounds_subs_fractional"), sub.getMessage());
      // What a repeated transfer receipt would record: a state record at an operation inside a
      // run of shares (ops 3-4 recorded as one run, the pool's state recorded at op 3).
      sql.execute("INSERT INTO share_runs VALUES ('guard', 'p', 3, 4, 2000, 0, 0, 0, 0, 0)");
      sql.execute("INSERT INTO pool_events (jackpot_id, pool_key, op_seq, kind, status, amount_micros, amount_sub, cycle_seed_micros,"
          + " win_seq, reserve_micros, reserve_sub, owed_micros, owed_sub, terms, at) VALUES ('guard', 'p', 3, 'TRANSFER_IN', 'ACTIVE',"
          + " 10003000, 0, 10000000, 0, 0, 0, 0, 0, '{}', now())");
    }
    ExecutionException refused = assertThrows(ExecutionException.class, () -> ledger.rebuild(pool, terms).toCompletableFuture().get());
    assertTrue(refused.getCause().getMessage().contains("span its state record at op 3"), refused.getCause().getMessage());
  }
}
