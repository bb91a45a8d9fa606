package io.jackpot.it.admin;

import static io.jackpot.it.support.Api.batch;
import static io.jackpot.it.support.Api.contribution;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jackpot.it.support.Api;
import io.jackpot.it.support.Await;
import io.jackpot.it.support.OneNode;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** {@code /metrics}: Prometheus text with Vert.x's, the JVM's and the service's own meters, moving with the traffic. */
class MetricsIT extends OneNode {
  @Test
  void theServicesOwnMetersFollowWhatItRecorded() throws Exception {
    String before = scrape();
    double roundsBefore = value(before, "jackpot_rounds_recorded_total");
    double sharesBefore = value(before, "jackpot_shares_recorded_total");
    for (int i = 0; i < 3; i++) {
      assertEquals(200, api.post("/v1/contributions", batch(contribution("MET-" + i, "bewitched", "2.00", "0.10"),
          contribution("MET-C-" + i, "dont-eat-the-candy", "1.00", null))).status());
    }
    assertEquals(200, api.post("/v1/wins", Api.claim("MET-WIN", "bewitched", "cv-0.10")).status());
    Api.Reply reply = api.get("/metrics");
    assertEquals(200, reply.status());
    String text = reply.body();
    assertEquals(roundsBefore + 6, value(text, "jackpot_rounds_recorded_total"), 0.0, "six rounds recorded");
    assertEquals(sharesBefore + 3 + 3 * 4, value(text, "jackpot_shares_recorded_total"), 0.0, "bewitched 1 share, candy 4 tiers each");
    assertEquals(1.0, value(text, "jackpot_wins_total{jackpot=\"bewitched\",pool=\"cv-0.10\",trigger=\"CLAIM\"}"), 0.0);
    assertEquals(200.03, value(text, "jackpot_wins_paid_total{jackpot=\"bewitched\",pool=\"cv-0.10\",trigger=\"CLAIM\"}"), 1e-9);
    assertTrue(value(text, "jackpot_ledger_commit_seconds_count") >= 4, "one commit at least per request");
    assertTrue(value(text, "jackpot_sequencer_apply_commands_count") >= 4);
    assertEquals(1.0, value(text, "jackpot_cluster_members"), 0.0);
    assertEquals(0.0, value(text, "jackpot_recovery_steps_unfinished"), 0.0, "the gauge is exported (0: no member departed)");
    assertTrue(text.contains("vertx_http_server_requests_total"), "Vert.x's HTTP server metrics");
    assertTrue(text.contains("jvm_memory_used_bytes"), "JVM metrics");
    // The pool gauge follows the ticker's reads (every 250 ms): the reseeded pool shows its seed.
    Await.until(() -> scrape().lines().anyMatch(l -> l.equals("jackpot_pool_amount{currency=\"EUR\",jackpot=\"bewitched\",pool=\"cv-0.10\"} 200.0")),
        Duration.ofSeconds(10), () -> "the pool gauge shows the reseeded pool");
  }

  private static String scrape() {
    return api.get("/metrics").body();
  }

  /** The value of the sample whose name and labels start the line exactly as given. */
  private static double value(String text, String sample) {
    return Api.metric(text, sample + " ").orElseThrow(
        () -> new AssertionError("no sample " + sample + " in:\n" + text.lines().filter(l -> l.startsWith("jackpot")).toList()));
  }
}
