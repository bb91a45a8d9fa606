package io.jackpot.it.cluster;

import static io.jackpot.it.support.Api.batch;
import static io.jackpot.it.support.Api.contribution;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jackpot.it.support.AdminCalls;
import io.jackpot.it.support.Api;
import io.jackpot.it.support.OneNode;
import io.jackpot.it.support.ScratchDirs;
import io.jackpot.it.support.ServiceProcess;
import io.jackpot.it.support.TestNodes;
import io.vertx.core.json.JsonObject;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The service as a separate process on its own provisioned PostgreSQL: killed with -9 right after
 * acknowledged writes, started again on the same data directory, every pool is as it was.
 */
class KillRestartIT {
  @Test
  void killMinusNineLosesNothingAcknowledged() throws Exception {
    Path data = ScratchDirs.create("jackpot-kill");
    int http = TestNodes.freePort();
    Process first = launch(data, http);
    String before;
    try {
      Api api = ready(first, http);
      for (int b = 0; b < 10; b++) {
        List<String> items = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
          items.add(contribution("KILL-" + b + "-" + i, i % 2 == 0 ? "bewitched" : "creepy-candy", "1.50", i % 2 == 0 ? "0.10" : null));
        }
        assertEquals(200, api.post("/v1/contributions", batch(items.toArray(String[]::new))).status());
      }
      assertEquals(200, api.post("/v1/wins", Api.claim("KILL-WIN", "bewitched", "cv-0.10")).status());
      assertEquals(200, api.post("/v1/contributions", batch(contribution("KILL-LAST", "bewitched", "3.00", "0.10"))).status());
      before = api.get("/v1/jackpots").body();
    } finally {
      first.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
    }
    Process second = launch(data, http);
    try {
      Api api = ready(second, http);
      assertEquals(before, api.get("/v1/jackpots").body());
      assertTrue(api.amount("bewitched", "cv-0.10").startsWith("200.015"), api.amount("bewitched", "cv-0.10"));
      OneNode.assertBalanced(http);
    } finally {
      second.destroy();
      assertTrue(second.waitFor(60, TimeUnit.SECONDS), "a SIGTERM stops the service");
    }
  }

  @Test
  void aPausedPoolStaysPausedThroughKillMinusNineAndResumesWithTheSameAmount() throws Exception {
    Path data = ScratchDirs.create("jackpot-pause-kill");
    int http = TestNodes.freePort();
    String paused;
    Process first = launch(data, http);
    try {
      Api api = ready(first, http);
      // Stakes at 0.6% of 0.37 leave no sub-micro rest; the rate of minor does: check to the digit.
      for (int i = 0; i < 7; i++) {
        assertEquals(200, api.post("/v1/contributions", batch(contribution("PK-" + i, "dont-eat-the-candy", "0.37", null))).status());
      }
      assertEquals(200, AdminCalls.callAt(http, "POST", "/v1/admin/jackpots/candy/pools/minor/pause", "dev-admin-token").status());
      paused = api.amount("candy", "minor");
      assertEquals("PAUSED", api.pool("candy", "minor").getString("state"));
    } finally {
      first.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
    }
    Process second = launch(data, http);
    try {
      Api api = ready(second, http);
      assertEquals("PAUSED", api.pool("candy", "minor").getString("state"), "still paused after kill -9");
      assertEquals(paused, api.amount("candy", "minor"));
      var result = Api.results(api.post("/v1/contributions", batch(contribution("PK-AFTER", "dont-eat-the-candy", "1.00", null))));
      assertTrue(result.getJsonObject(0).getJsonArray("contributions").stream()
          .noneMatch(c -> "minor".equals(((JsonObject) c).getString("poolKey"))));
      var resumed = AdminCalls.callAt(http, "POST", "/v1/admin/jackpots/candy/pools/minor/resume", "dev-admin-token").json();
      assertEquals("ACTIVE", resumed.getString("state"));
      assertEquals(paused, resumed.getString("amount"), "resumed with the very amount it was paused with");
      OneNode.assertBalanced(http);
    } finally {
      second.destroy();
      assertTrue(second.waitFor(60, TimeUnit.SECONDS));
    }
  }

  static Process launch(Path data, int http) throws Exception {
    return ServiceProcess.launch(data, http, List.of(), Map.of("JACKPOT_HZ_PORT", Integer.toString(TestNodes.freePort()),
        "JACKPOT_CLUSTER_NAME", "kill-" + UUID.randomUUID()));
  }

  /** The API of a launched service, once it is ready. */
  static Api ready(Process p, int http) throws Exception {
    ServiceProcess.awaitReady(http, p, Duration.ofSeconds(90));
    return new Api(http);
  }
}
