package io.jackpot.it.cluster;

import static io.jackpot.it.support.Api.batch;
import static io.jackpot.it.support.Api.contribution;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jackpot.it.support.Api;
import io.jackpot.it.support.ScratchDirs;
import io.jackpot.it.support.ServiceProcess;
import io.jackpot.it.support.TestNodes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Operators alert on warnings: a first start, a clean stop and a start again on the same ledger log
 * nothing at WARN or above (a warning there would be read as trouble every time a member rolls).
 */
class StartLogIT {
  /** A line of the service's text log at WARN or ERROR (its own PostgreSQL's output has other forms). */
  private static final String KEY = "start-log-key-0123456789";
  private static final String CREDENTIALS = """
      {"gameKeys": [{"operator": "op-a", "games": ["bewitched"], "secret": "%s"}],
       "adminTokens": [{"name": "ops", "role": "admin", "secret": "start-log-token-0123456789"}]}""".formatted(KEY);
  private static final Pattern WARNING = Pattern.compile("^\\d{4}-\\d\\d-\\d\\dT\\S+ (WARN|ERROR) ");

  @Test
  void aStartAStopAndARestartLogNoWarning() throws Exception {
    Path data = ScratchDirs.create("jackpot-start-log");
    int http = TestNodes.freePort();
    try {
      for (int start = 0; start < 2; start++) {
        // Configured credentials: a start with the development ones warns, rightly.
        Process p = ServiceProcess.launch(data, http, List.of(), Map.of("JACKPOT_HZ_PORT", Integer.toString(TestNodes.freePort()),
            "JACKPOT_CLUSTER_NAME", "start-log-" + UUID.randomUUID(), "JACKPOT_CREDENTIALS", CREDENTIALS));
        try {
          Api api = KillRestartIT.ready(p, http);
          Api.Reply r = api.post("/v1/contributions", batch(contribution("LOG-" + start, "bewitched", "1.00", "0.10")), "application/json", KEY);
          assertEquals(200, r.status(), r.body());
        } finally {
          p.destroy(); // SIGTERM: the clean stop
          assertTrue(p.waitFor(60, TimeUnit.SECONDS), "a SIGTERM stops the service");
        }
      }
      List<String> log = Files.readAllLines(data.resolve("service.log"));
      assertTrue(log.stream().anyMatch(l -> l.contains("ledger schema at version")), "the service's own log was read");
      assertEquals(List.of(), log.stream().filter(l -> WARNING.matcher(l).find()).toList());
    } finally {
      ScratchDirs.delete(data);
    }
  }
}
