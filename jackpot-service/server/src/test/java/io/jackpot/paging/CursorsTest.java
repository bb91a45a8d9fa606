package io.jackpot.paging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.jackpot.error.ErrorCode;
import io.jackpot.error.Rejection;
import io.jackpot.ledger.Ledger;
import io.jackpot.money.Money;
import io.jackpot.pool.PoolId;
import io.jackpot.pool.Trigger;
import io.jackpot.pool.Win;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Base64;
import org.junit.jupiter.api.Test;

class CursorsTest {
  @Test
  void aWinCursorGivesBackTheWinsPlaceToTheMicrosecond() {
    PoolId pool = new PoolId("candy", "mini");
    for (Instant at : new Instant[] {Instant.parse("2026-11-21T13:45:01.123456789Z"), Instant.parse("1969-12-31T23:59:59.999999Z"),
        Instant.EPOCH}) {
      Win win = new Win(Win.idFor(pool, 7), pool, 7, 9, "r", "p", "g", "op", Money.ofMicros(1), 1, at, Trigger.Kind.CLAIM, null, null, null);
      Instant micros = Instant.ofEpochSecond(at.getEpochSecond(), at.getNano() / 1_000 * 1_000);
      assertEquals(new Ledger.WinCursor(micros, win.winId()), Cursors.win(Cursors.of(win)));
    }
  }

  @Test
  void anAuditCursorGivesBackTheEntrysId() {
    assertEquals(42L, Cursors.auditId(Cursors.ofAudit(42)));
  }

  @Test
  void anythingElseIsRefusedAsABadField() {
    for (String bad : new String[] {"", "%%%", "bm90LWEtY3Vyc29y", Cursors.ofAudit(3)}) {
      Rejection r = assertThrows(Rejection.class, () -> Cursors.win(bad), bad);
      assertEquals(ErrorCode.INVALID_FIELD, r.code());
    }
    assertThrows(Rejection.class, () -> Cursors.auditId("dzoxOmNhbmR5L21pbmkvMQ"));
    for (String signed : new String[] {"a:-1", "a:+1", "a:-0", "a:\u0661"}) {
      String cursor = Base64.getUrlEncoder().withoutPadding().encodeToString(signed.getBytes(StandardCharsets.UTF_8));
      assertEquals(ErrorCode.INVALID_FIELD, assertThrows(Rejection.class, () -> Cursors.auditId(cursor), signed).code(), "an audit id is digits only");
    }
    // Forged ones never reach the database (where they would be a 500): odd ids, times it cannot hold.
    Base64.Encoder b64 = Base64.getUrlEncoder().withoutPadding();
    for (String forged : new String[] {"w:1:w-candy~mini~1\u0000", "w:1:x", "w:-300000000000000000:w-candy~mini~1", "w:1:"}) {
      String cursor = b64.encodeToString(forged.getBytes(StandardCharsets.UTF_8));
      assertThrows(Rejection.class, () -> Cursors.win(cursor), forged);
    }
  }
}
