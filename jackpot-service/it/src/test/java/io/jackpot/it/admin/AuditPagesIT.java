package io.jackpot.it.admin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.jackpot.it.support.AdminCalls;
import io.jackpot.it.support.Api;
import io.jackpot.it.support.Await;
import io.jackpot.it.support.OneNode;
import io.jackpot.it.support.SimplePg;
import io.vertx.core.json.JsonObject;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * GET /v1/admin/audit's pages bounded by bytes. A node of its own: its large entries would push
 * other tests' entries off the first page of their database's log.
 */
public class AuditPagesIT extends OneNode {
  /**
   * Audit pages end once their entries' before and after JSON pass 4 MiB (large definitions make
   * entries of tens of kilobytes): five entries of 1.5 MB come as three, then two.
   */
  @Test
  void aPageEndsOnceItsEntriesPassFourMebibytes() {
    insertFiveLargeEntries(pgUrl, "2001-01-01");
    String window = "/v1/admin/audit?from=2001-01-01T00:00:00Z&to=2001-01-02T00:00:00Z";
    JsonObject first = AdminCalls.callAt(node.httpPort(), "GET", window, "dev-viewer-token").json();
    JsonObject second = AdminCalls.callAt(node.httpPort(), "GET", window + "&after=" + first.getString("next"), "dev-viewer-token").json();
    assertEquals(List.of("large-1", "large-2", "large-3"), targets(first), "within 4 MiB, and the entry that passes it");
    assertEquals(List.of("large-4", "large-5"), targets(second));
    assertNull(second.getValue("next"));
    assertEquals(750_000, second.getJsonArray("entries").getJsonObject(1).getJsonObject("after").getString("pad").length());
  }

  /**
   * A page of audit entries or of wins is read one at a time per member and kind (they share the
   * three long-read connections with pool rebuilds): while one waits on its table (locked here),
   * another of the same kind is refused 503 BUSY at once, one of the other kind is served, and the
   * next after the first is served.
   */
  @Test
  void aPageWhileAnotherOfItsKindIsReadIsRefusedBusy() throws Exception {
    for (String[] kind : List.of(new String[] {"audit_log", "/v1/admin/audit", "/v1/admin/wins"},
        new String[] {"wins", "/v1/admin/wins", "/v1/admin/audit"})) {
      String table = kind[0], page = kind[1], other = kind[2];
      try (SimplePg holder = SimplePg.of(pgUrl); SimplePg sql = SimplePg.of(pgUrl)) {
        holder.execute("BEGIN; LOCK TABLE " + table + " IN ACCESS EXCLUSIVE MODE");
        var first = CompletableFuture.supplyAsync(
            () -> AdminCalls.callAt(node.httpPort(), "GET", page, "dev-viewer-token"));
        Await.until(() -> sql.waitingOnLocks() >= 1, Duration.ofSeconds(10), () -> "the first page waits on " + table);
        Api.Reply second = AdminCalls.callAt(node.httpPort(), "GET", page, "dev-viewer-token");
        assertEquals(503, second.status(), second.body());
        assertEquals("BUSY", second.errorCode());
        assertEquals(200, AdminCalls.callAt(node.httpPort(), "GET", other, "dev-viewer-token").status(), "the other kind is served");
        holder.execute("COMMIT");
        assertEquals(200, first.get(30, TimeUnit.SECONDS).status());
      }
      assertEquals(200, AdminCalls.callAt(node.httpPort(), "GET", page, "dev-viewer-token").status(), "the next after it is served");
    }
  }

  private static List<String> targets(JsonObject page) {
    return page.getJsonArray("entries").stream().map(e -> ((JsonObject) e).getString("target")).toList();
  }

  /** Audit entries large-1 … large-5 on {@code day}, a second apart, each with 1.5 MB of before and after JSON. */
  public static void insertFiveLargeEntries(String pgUrl, String day) {
    try (SimplePg sql = SimplePg.of(pgUrl)) {
      sql.execute("INSERT INTO audit_log (at, actor, owner, action, target, before, after)"
          + " SELECT timestamptz '" + day + "T00:00:00Z' + i * interval '1 second', 'test', NULL, 'test.large', 'large-' || i,"
          + " jsonb_build_object('pad', repeat('b', 750000)), jsonb_build_object('pad', repeat('a', 750000))"
          + " FROM generate_series(1, 5) AS i");
    }
  }
}
