package io.jackpot.it.award;

import static io.jackpot.it.support.Api.batch;
import static io.jackpot.it.support.Api.contribution;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jackpot.it.support.AdminCalls;
import io.jackpot.it.support.Api;
import io.jackpot.it.support.OneNode;
import io.jackpot.pool.MustHit;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Timed drops on a live service with 10-second windows and contributions flowing: each drop comes
 * at or after its secret time, within one contribution's gap of its window's end, and proves the
 * commitment published before its cycle's first contribution.
 */
class TimedDropIT extends OneNode {
  static final String TOKEN = "dev-admin-token";

  /** A jackpot fed by Creepy Candy with a must-drop pool of {@code window} and a must-hit pool. */
  static JsonObject definition(String id, String window) {
    return new JsonObject().put("name", "Drops " + id).put("currency", "EUR").put("owner", "demo")
        .put("games", new JsonArray().add("creepy-candy")).put("routing", "ALL")
        .put("pools", new JsonArray()
            .add(new JsonObject().put("key", "tick").put("name", "Tick").put("seed", "10.00").put("rate", "0.01")
                .put("trigger", new JsonObject().put("type", "MUST_DROP_BY").put("every", window)))
            .add(new JsonObject().put("key", "epic").put("name", "Epic").put("seed", "100.00").put("rate", "0.001")
                .put("ceiling", "500.00").put("trigger", new JsonObject().put("type", "MUST_HIT_BY"))));
  }

  /** What the test saw before sending one contribution, and what came of it. */
  record Sent(JsonObject poolBefore, Instant sentAt, Instant answeredAt, JsonObject win) {}

  @Test
  void dropsComeAfterTheirTimeBeforeTheirWindowEndsAndProveTheirCommitment() {
    int port = node.httpPort();
    Api.Reply defined = AdminCalls.callAt(port, "PUT", "/v1/admin/jackpots/drops-it", TOKEN, definition("drops-it", "PT10S").encode());
    assertEquals(200, defined.status(), defined.body());
    JsonObject created = api.pool("drops-it", "tick");
    assertEquals("MUST_DROP_BY", created.getJsonObject("trigger").getString("type"));
    assertEquals("PT10S", created.getJsonObject("trigger").getString("every"));
    assertNotNull(created.getString("progress"));

    List<Sent> sent = new ArrayList<>();
    Instant end = Instant.now().plusSeconds(32);
    int i = 0;
    while (Instant.now().isBefore(end)) {
      JsonObject before = api.pool("drops-it", "tick");
      Instant at = Instant.now();
      JsonObject result = Api.results(api.post("/v1/contributions", batch(contribution("TD-" + i++, "creepy-candy", "1.00", null))))
          .getJsonObject(0);
      assertEquals("APPLIED", result.getString("status"), result.encode());
      JsonObject win = result.getJsonArray("triggers").stream().map(JsonObject.class::cast)
          .filter(t -> "drops-it".equals(t.getString("jackpotId")) && "tick".equals(t.getString("poolKey"))).findFirst().orElse(null);
      sent.add(new Sent(before, at, Instant.now(), win));
    }

    // The longest a drop may wait: from one contribution's sending to the next one's answer.
    Duration gap = Duration.ZERO;
    for (int k = 1; k < sent.size(); k++) {
      Duration g = Duration.between(sent.get(k - 1).sentAt(), sent.get(k).answeredAt());
      gap = g.compareTo(gap) > 0 ? g : gap;
    }
    int drops = 0;
    int cycleStart = 0;
    long latestAfterDropAt = 0;
    for (int k = 0; k < sent.size(); k++) {
      JsonObject win = sent.get(k).win();
      if (win == null) {
        continue;
      }
      drops++;
      assertEquals("MUST_DROP_BY", win.getString("trigger"), win.encode());
      Instant dropAt = Instant.parse(win.getString("dropAt"));
      Instant dropBy = Instant.parse(win.getString("dropBy"));
      Instant wonAt = Instant.parse(win.getString("wonAt"));
      assertTrue(!wonAt.isBefore(dropAt), "never before its drop time: " + win.encode());
      latestAfterDropAt = Math.max(latestAfterDropAt, Duration.between(dropAt, wonAt).toMillis());
      assertTrue(!wonAt.isAfter(dropBy.plus(gap)), "at most one gap (" + gap + ") after its window's end: " + win.encode());
      assertTrue(!dropAt.isBefore(dropBy.minusSeconds(10)) && dropAt.isBefore(dropBy), "in its window: " + win.encode());
      assertEquals(0, dropBy.toEpochMilli() % 10_000, "windows are aligned to 10 s since the epoch");
      assertTrue(MustHit.verify(win.getString("dropAt"), win.getString("salt"), win.getString("commitment")), win.encode());
      // The pool as read before the cycle's first contribution showed this very commitment.
      JsonObject published = sent.get(cycleStart).poolBefore().getJsonObject("trigger");
      assertEquals(win.getString("commitment"), published.getString("commitment"), "published before play");
      assertEquals(win.getString("dropBy"), published.getString("dropBy"));
      cycleStart = k + 1;
    }
    assertTrue(drops >= 2, "32 s of play over 10-second windows drops at least twice: " + drops);
    System.out.printf("timed drops: %d drops in %d contributions; each won at most %d ms after its drop time (largest gap %d ms)%n",
        drops, sent.size(), latestAfterDropAt, gap.toMillis());
    // A drop time is reached only by contributions, each of which drew the next cycle in the next window.
    JsonObject after = api.pool("drops-it", "tick");
    assertTrue(Instant.parse(after.getJsonObject("trigger").getString("dropBy")).isAfter(Instant.now().minusSeconds(10)));
    assertBalanced(port);
  }
}
