package io.jackpot.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.vertx.core.json.JsonObject;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * GET /v1/admin/audit's pages bounded by bytes. A node of its own: its large entries would push
 * other tests' entries off the first page of their database's log.
 */
class AuditPagesIT extends OneNode {
  /**
   * Audit pages end once their entries' before and after JSON pass 4 MiB (large definitions make
   * entries of tens of kilobytes): five entries of 1.5 MB come as three, then two.
   */
  @Test
  void aPageEndsOnceItsEntriesPassFourMebibytes() {
    insertFiveLargeEntries(pgUrl, "2001-01-01");
    String window = "/v1/admin/audit?from=2001-01-01T00:00:00Z&to=2001-01-02T00:00:00Z";
    JsonObject first = AdminIT.callAt(node.httpPort(), "GET", window, "dev-viewer-token").json();
    JsonObject second = AdminIT.callAt(node.httpPort(), "GET", window + "&after=" + first.getString("next"), "dev-viewer-token").json();
    assertEquals(List.of("large-1", "large-2", "large-3"), targets(first), "within 4 MiB, and the entry that passes it");
    assertEquals(List.of("large-4", "large-5"), targets(second));
    assertNull(second.getValue("next"));
    assertEquals(750_000, second.getJsonArray("entries").getJsonObject(1).getJsonObject("after").getString("pad").length());
  }

  private static List<String> targets(JsonObject page) {
    return page.getJsonArray("entries").stream().map(e -> ((JsonObject) e).getString("target")).toList();
  }

  /** Audit entries large-1 … large-5 on {@code day}, a second apart, each with 1.5 MB of before and after JSON. */
  static void insertFiveLargeEntries(String pgUrl, String day) {
    try (SimplePg sql = SimplePg.of(pgUrl)) {
      sql.execute("INSERT INTO audit_log (at, actor, owner, action, target, before, after)"
          + " SELECT timestamptz '" + day + "T00:00:00Z' + i * interval '1 second', 'test', NULL, 'test.large', 'large-' || i,"
          + " jsonb_build_object('pad', repeat('b', 750000)), jsonb_build_object('pad', repeat('a', 750000))"
          + " FROM generate_series(1, 5) AS i");
    }
  }
}
