package io.jackpot.it.tools;

import static io.jackpot.it.support.Api.batch;
import static io.jackpot.it.support.Api.contribution;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jackpot.cli.JackpotctlAccess;
import io.jackpot.it.catalogue.DefinitionsIT;
import io.jackpot.it.support.AdminCalls;
import io.jackpot.it.support.Await;
import io.jackpot.it.support.OneNode;
import io.jackpot.it.support.SimplePg;
import io.vertx.core.json.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** jackpotctl against a live member: readable tables, and the same errors the API gives. */
class JackpotctlIT extends OneNode {
  String ctl(String... args) throws Exception {
    return JackpotctlAccess.run("http://127.0.0.1:" + node.httpPort(), "dev-admin-token", List.of(args));
  }

  /**
   * A listing refused 503 BUSY (another page of wins being read on the member, waiting here on its
   * locked table) is sent again after Retry-After until it is served, saying so on its notes.
   */
  @Test
  void aListingTheMemberIsTooBusyForIsSentAgainUntilServed() throws Exception {
    var notes = new LinkedBlockingQueue<String>();
    try (SimplePg holder = SimplePg.of(pgUrl); SimplePg sql = SimplePg.of(pgUrl)) {
      holder.execute("BEGIN; LOCK TABLE wins IN ACCESS EXCLUSIVE MODE");
      var first = CompletableFuture.supplyAsync(
          () -> AdminCalls.callAt(node.httpPort(), "GET", "/v1/admin/wins", "dev-viewer-token"));
      Await.until(() -> sql.waitingOnLocks() >= 1, Duration.ofSeconds(10), () -> "the first page waits on wins");
      var listing = CompletableFuture.supplyAsync(() -> {
        try {
          return JackpotctlAccess.run("http://127.0.0.1:" + node.httpPort(), "dev-admin-token", List.of("wins"), notes::add);
        } catch (Exception e) {
          throw new CompletionException(e);
        }
      });
      String note = notes.poll(10, TimeUnit.SECONDS);
      assertTrue(note != null && note.contains("busy"), "refused BUSY and waiting: " + note);
      holder.execute("COMMIT");
      assertEquals(200, first.get(30, TimeUnit.SECONDS).status());
      assertTrue(listing.get(30, TimeUnit.SECONDS).startsWith("WON"), "the table, once served");
    }
  }

  @Test
  void listsPausesResumesAndReconciles() throws Exception {
    api.post("/v1/contributions", batch(contribution("CTL-1", "bewitched", "2.00", "0.10")));
    String list = ctl("list");
    assertTrue(list.lines().anyMatch(l -> l.matches("bewitched\\s+cv-0\\.10\\s+ACTIVE\\s+200\\.010000\\s+200\\.000000\\s+0\\s+CLAIM.*")), list);
    assertEquals(16, list.lines().count(), "header, rule and 14 pools");
    assertTrue(ctl("pause", "bewitched", "cv-0.10").contains("PAUSED"));
    assertTrue(ctl("resume", "bewitched", "cv-0.10").contains("ACTIVE"));
    String wholeJackpot = ctl("pause", "candy");
    assertEquals(4, wholeJackpot.lines().filter(l -> l.matches("candy\\s+\\S+\\s+PAUSED\\s+.*true")).count(), wholeJackpot);
    assertEquals(4, ctl("resume", "candy").lines().filter(l -> l.matches("candy\\s+\\S+\\s+ACTIVE\\s+.*true")).count());
    String round = ctl("round", "CTL-1", "--operator", "demo");
    assertTrue(round.contains("\"roundId\" : \"CTL-1\"") && round.contains("\"poolKey\" : \"cv-0.10\""), round);
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

    // A running pool's changed terms wait for its next win; the listing shows every one of them.
    Path definition = Files.createTempFile("spooky", ".json");
    definition.toFile().deleteOnExit();
    JsonObject spooky = DefinitionsIT.spooky();
    Files.writeString(definition, spooky.encode());
    ctl("define", "ctl-spooky", definition.toString());
    spooky.getJsonArray("pools").getJsonObject(1).put("seed", "120.00").put("ceiling", "250.00").put("reserveRate", "0.001");
    Files.writeString(definition, spooky.encode());
    ctl("define", "ctl-spooky", definition.toString());
    String pending = ctl("list").lines().filter(l -> l.startsWith("ctl-spooky")).reduce("", (a, b) -> a + b + "\n");
    assertTrue(pending.contains("seed 120.000000, rate 0.005, reserve 0.001, ceiling 250.000000, MUST_HIT_BY"), pending);
    assertTrue(pending.lines().anyMatch(l -> l.matches("ctl-spooky\\s+small\\s+ACTIVE.*\\s+CLAIM\\s+-\\s+-")), "no pending change: " + pending);
  }
}
