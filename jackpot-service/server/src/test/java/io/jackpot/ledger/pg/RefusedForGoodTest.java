package io.jackpot.ledger.pg;

import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.jackpot.ledger.LedgerRefusal;
import io.vertx.pgclient.PgException;
import org.junit.jupiter.api.Test;

class RefusedForGoodTest {
  @Test
  void constraintAndDataErrorsAreRefusalsForGoodAndTheRestIsRetried() {
    assertInstanceOf(LedgerRefusal.class, PgLedgerWriter.refusedForGood(new PgException("duplicate key", "ERROR", "23505", null)));
    assertInstanceOf(LedgerRefusal.class, PgLedgerWriter.refusedForGood(new PgException("check violated", "ERROR", "23514", null)));
    assertInstanceOf(LedgerRefusal.class, PgLedgerWriter.refusedForGood(new PgException("bigint out of range", "ERROR", "22003", null)));
    PgException serialization = new PgException("could not serialize", "ERROR", "40001", null);
    assertSame(serialization, PgLedgerWriter.refusedForGood(serialization));
    PgException shutdown = new PgException("terminating connection", "FATAL", "57P01", null);
    assertSame(shutdown, PgLedgerWriter.refusedForGood(shutdown));
    IllegalStateException reset = new IllegalStateException("connection reset");
    assertSame(reset, PgLedgerWriter.refusedForGood(reset));
  }
}
