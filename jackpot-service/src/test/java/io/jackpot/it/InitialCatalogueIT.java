package io.jackpot.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jackpot.JackpotNode;
import io.jackpot.config.ServiceConfig;
import io.jackpot.jackpot.http.CatalogueFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** JACKPOT_INITIAL_CATALOGUE: what a fresh ledger starts with, and a start refused for a bad file. */
class InitialCatalogueIT {
  @Test
  void aFreshLedgerStartedWithNoneHasNoJackpotsUntilAnOperatorDefinesOne() throws Exception {
    ServiceConfig config = ServiceConfig.fromEnv(Map.of()).withHttpPort(TestNodes.freePort())
        .withPgUrl(TestPostgres.freshDatabase()).withCluster(TestNodes.ownCluster());
    JackpotNode node = JackpotNode.start(config, Clock.systemUTC(), CatalogueFile.load("none"));
    try {
      Api api = new Api(node.httpPort());
      assertEquals(0, api.get("/v1/jackpots").json().getJsonArray("jackpots").size());
      Api.Reply defined = AdminIT.callAt(node.httpPort(), "PUT", "/v1/admin/jackpots/spooky", "dev-admin-token",
          DefinitionsIT.spooky().encode());
      assertEquals(200, defined.status(), defined.body());
      assertEquals(1, api.get("/v1/jackpots").json().getJsonArray("jackpots").size());
    } finally {
      node.close();
    }
  }

  /** Once the ledger holds definitions the setting is not read: a file edited or removed since cannot stop a restart. */
  @Test
  void aLedgerWithDefinitionsDoesNotReadTheInitialCatalogue() throws Exception {
    ServiceConfig config = ServiceConfig.fromEnv(Map.of()).withHttpPort(TestNodes.freePort())
        .withPgUrl(TestPostgres.freshDatabase()).withCluster(TestNodes.ownCluster());
    JackpotNode.start(config, Clock.systemUTC(), CatalogueFile.load("default")).close();
    JackpotNode again = JackpotNode.start(config.withCluster(TestNodes.ownCluster()), Clock.systemUTC(), () -> {
      throw new IllegalArgumentException("JACKPOT_INITIAL_CATALOGUE: read although the ledger holds definitions");
    }, io.jackpot.access.Credentials.dev(io.jackpot.game.Games.ids()));
    try {
      assertEquals(2, new Api(again.httpPort()).get("/v1/jackpots").json().getJsonArray("jackpots").size());
    } finally {
      again.close();
    }
  }

  @Test
  void aBadCatalogueFileRefusesTheStartNamingTheProblem() throws Exception {
    Path data = Files.createTempDirectory("jackpot-catalogue");
    Process p = null;
    try {
      Path file = data.resolve("catalogue.json");
      Files.writeString(file, "{\"jackpots\": [{\"id\": \"x\", \"name\": \"X\"}]}");
      p = ServiceProcess.launch(data, TestNodes.freePort(), List.of(), Map.of("JACKPOT_INITIAL_CATALOGUE", file.toString()));
      assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the start is refused, not left running");
      assertEquals(2, p.exitValue(), "bad configuration");
      String log = Files.readString(data.resolve("service.log"));
      assertTrue(log.contains("JACKPOT_INITIAL_CATALOGUE") && log.contains("jackpots[0] (x)"), log);
    } finally {
      if (p != null && p.isAlive()) {
        p.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
      }
      ScratchDirs.delete(data);
    }
  }
}
