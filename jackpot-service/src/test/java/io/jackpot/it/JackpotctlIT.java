package io.jackpot.it;

import static io.jackpot.it.Api.batch;
import static io.jackpot.it.Api.contribution;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jackpot.cli.JackpotctlAccess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** jackpotctl against a live member: readable tables, and the same errors the API gives. */
class JackpotctlIT extends OneNode {
  String ctl(String... args) throws Exception {
    return JackpotctlAccess.run("http://127.0.0.1:" + node.httpPort(), "dev-admin-token", List.of(args));
  }

  @Test
  void listsPausesResumesAndReconciles() throws Exception {
    api.post("/v1/contributions", batch(contribution("CTL-1", "bewitched", "2.00", "0.10")));
    String list = ctl("list");
    assertTrue(list.lines().anyMatch(l -> l.matches("bewitched\\s+cv-0\\.10\\s+ACTIVE\\s+200\\.010000\\s+200\\.000000\\s+0\\s+CLAIM.*")), list);
    assertEquals(16, list.lines().count(), "header, rule and 14 pools");
    assertTrue(ctl("pause", "bewitched", "cv-0.10").contains("PAUSED"));
    assertTrue(ctl("resume", "bewitched", "cv-0.10").contains("ACTIVE"));
    String audit = ctl("audit");
    assertTrue(audit.contains("pool.pause") && audit.contains("pool.resume"), audit);
    assertTrue(ctl("reconcile").endsWith("BALANCED\n"));
    Path rates = Files.createTempFile("rates", ".json");
    rates.toFile().deleteOnExit();
    Files.writeString(rates, "{\"base\": \"EUR\", \"rates\": {\"GBP\": \"0.85\"}}");
    assertTrue(ctl("fx", rates.toString()).contains("0.85"));
    var error = assertThrows(RuntimeException.class, () -> ctl("pause", "bewitched", "cv-0.03"));
    assertTrue(error.getMessage().contains("404 UNKNOWN_POOL"), error.getMessage());
    assertThrows(IllegalArgumentException.class, () -> ctl("discontinue", "bewitched", "cv-0.10", "--reason", "x"));
  }
}
