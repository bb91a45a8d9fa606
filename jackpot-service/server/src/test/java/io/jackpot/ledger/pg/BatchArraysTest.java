package io.jackpot.ledger.pg;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.jackpot.ledger.LedgerBatch;
import io.jackpot.ledger.RoundRecord;
import io.jackpot.ledger.RoundStatus;
import io.jackpot.money.Money;
import io.jackpot.pool.PoolId;
import io.vertx.sqlclient.Tuple;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;

class BatchArraysTest {
  static final Instant AT = Instant.parse("2026-11-21T12:00:00.123456Z");
  static final PoolId MINI = new PoolId("candy", "mini"), MAJOR = new PoolId("candy", "major"), BW = new PoolId("bw", "cv-0.50");

  static LedgerBatch.Round round(String id, RoundStatus status) {
    return round("op", id, status);
  }

  static LedgerBatch.Round round(String operator, String id, RoundStatus status) {
    return new LedgerBatch.Round(new RoundRecord(id, "fp", "g", operator, "p", 1_000_000, "EUR", null, AT), status, AT);
  }

  static LedgerBatch.Share share(PoolId pool, long op, String round, int position) {
    return share(pool, op, "op", round, position);
  }

  static LedgerBatch.Share share(PoolId pool, long op, String operator, String round, int position) {
    return new LedgerBatch.Share(pool, op, operator, round, position, new Money(op, 1), Money.ZERO, Money.ZERO, Money.ofMicros(op * 10));
  }

  @Test
  void eachRoundPointsAtItsOwnSharesInTheFlatArrays() {
    Tuple t = BatchArrays.rounds(List.of(round("r1", RoundStatus.APPLIED), round("r2", RoundStatus.PAUSED), round("r3", RoundStatus.APPLIED)),
        List.of(share(MINI, 7, "r1", 0), share(MAJOR, 3, "r1", 2), share(BW, 9, "r3", 0)));
    assertArrayEquals(new String[] {"candy candy", "", "bw"}, (String[]) t.getValue(13));
    assertArrayEquals(new String[] {"mini major", "", "cv-0.50"}, (String[]) t.getValue(14));
    assertArrayEquals(new Integer[] {1, 3, 3}, (Integer[]) t.getValue(15), "first");
    assertArrayEquals(new Integer[] {2, 2, 3}, (Integer[]) t.getValue(16), "last: r2's slice is empty");
    assertArrayEquals(new Long[] {7L, 3L, 9L}, (Long[]) t.getValue(17));
    assertEquals(26, t.size());
    assertEquals(AT.atOffset(ZoneOffset.UTC), ((OffsetDateTime[]) t.getValue(12))[0]);
  }

  @Test
  void twoOperatorsRoundsOfOneIdSideBySideEachKeepTheirOwnShares() {
    // Round ids are each operator's own: one commit may hold operator a's "r1" and then b's "r1".
    Tuple t = BatchArrays.rounds(List.of(round("a", "r1", RoundStatus.APPLIED), round("b", "r1", RoundStatus.APPLIED)),
        List.of(share(MINI, 1, "a", "r1", 0), share(MINI, 2, "b", "r1", 0), share(MAJOR, 1, "b", "r1", 1)));
    assertArrayEquals(new Integer[] {1, 2}, (Integer[]) t.getValue(15), "first");
    assertArrayEquals(new Integer[] {1, 3}, (Integer[]) t.getValue(16), "last");
    assertArrayEquals(new String[] {"mini", "mini major"}, (String[]) t.getValue(14));
  }

  @Test
  void aShareAwayFromItsRoundOrOutOfPositionOrderIsRefused() {
    IllegalArgumentException away = assertThrows(IllegalArgumentException.class, () -> BatchArrays.rounds(
        List.of(round("r1", RoundStatus.APPLIED), round("r2", RoundStatus.APPLIED)), List.of(share(MINI, 1, "r2", 0), share(MINI, 2, "r1", 0))));
    assertEquals("share of round r1 is not next to its round", away.getMessage());
    IllegalArgumentException order = assertThrows(IllegalArgumentException.class, () -> BatchArrays.rounds(List.of(round("r1", RoundStatus.APPLIED)),
        List.of(share(MAJOR, 1, "r1", 1), share(MINI, 2, "r1", 0))));
    assertEquals("round r1: shares out of position order", order.getMessage());
  }
}
