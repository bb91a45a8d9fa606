package io.jackpot.paging;

import io.jackpot.error.ErrorCode;
import io.jackpot.error.Rejection;
import io.jackpot.ledger.Ledger;
import io.jackpot.pool.PoolId;
import io.jackpot.pool.Win;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Base64;
import java.util.regex.Pattern;

/**
 * Where the next page of a listing begins, as an opaque text (URL-safe base64): for wins, the last
 * win's time (in microseconds, the ledger's precision) and id; for the audit log, the last entry's
 * id. A client only passes back what a page gave it.
 */
public final class Cursors {
  private static final String WIN = "w:";
  private static final String AUDIT = "a:";

  private Cursors() {}

  public static String of(Win last) {
    long micros = Math.addExact(Math.multiplyExact(last.wonAt().getEpochSecond(), 1_000_000L), last.wonAt().getNano() / 1_000);
    return encode(WIN + micros + ":" + last.winId());
  }

  /** Win ids as Win.idFor writes them; and times the ledger can hold. */
  private static final Pattern WIN_ID = Pattern.compile(
      "w-" + PoolId.ID_RULE + "~" + PoolId.ID_RULE + "~[0-9]{1,19}");
  private static final Instant EARLIEST = Instant.parse("0001-01-01T00:00:00Z");
  private static final Instant LATEST = Instant.parse("9999-12-31T23:59:59Z");

  public static Ledger.WinCursor win(String cursor) {
    String text = decode(cursor, WIN);
    int colon = text.indexOf(':');
    Instant at;
    try {
      long micros = Long.parseLong(text.substring(0, colon));
      at = Instant.ofEpochSecond(Math.floorDiv(micros, 1_000_000L), Math.floorMod(micros, 1_000_000L) * 1_000L);
    } catch (RuntimeException e) {
      throw refused();
    }
    String winId = text.substring(colon + 1);
    if (!WIN_ID.matcher(winId).matches() || at.isBefore(EARLIEST) || at.isAfter(LATEST)) {
      throw refused(); // forged: never reaches the database
    }
    return new Ledger.WinCursor(at, winId);
  }

  public static String ofAudit(long id) {
    return encode(AUDIT + id);
  }

  public static long auditId(String cursor) {
    String id = decode(cursor, AUDIT);
    if (!id.matches("[0-9]{1,19}")) {
      throw refused(); // Long.parseLong takes a sign: "a:-1" or "a:+1" was a page of a forged cursor
    }
    try {
      return Long.parseLong(id);
    } catch (NumberFormatException e) {
      throw refused();
    }
  }

  private static String encode(String text) {
    return Base64.getUrlEncoder().withoutPadding().encodeToString(text.getBytes(StandardCharsets.UTF_8));
  }

  private static String decode(String cursor, String kind) {
    String text;
    try {
      text = new String(Base64.getUrlDecoder().decode(cursor), StandardCharsets.UTF_8);
    } catch (IllegalArgumentException e) {
      throw refused();
    }
    if (!text.startsWith(kind)) {
      throw refused();
    }
    return text.substring(kind.length());
  }

  private static Rejection refused() {
    return Rejection.invalid(ErrorCode.INVALID_FIELD, "after: not the next of a page of this listing");
  }
}
