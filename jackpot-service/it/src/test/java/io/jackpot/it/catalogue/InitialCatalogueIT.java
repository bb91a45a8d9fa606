package io.jackpot.it.catalogue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jackpot.JackpotNode;
import io.jackpot.access.Credentials;
import io.jackpot.catalogue.JackpotDefinition;
import io.jackpot.catalogue.http.CatalogueFile;
import io.jackpot.config.ServiceConfig;
import io.jackpot.game.Games;
import io.jackpot.it.support.AdminCalls;
import io.jackpot.it.support.Api;
import io.jackpot.it.support.ScratchDirs;
import io.jackpot.it.support.ServiceProcess;
import io.jackpot.it.support.SimplePg;
import io.jackpot.it.support.TestNodes;
import io.jackpot.it.support.TestPostgres;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;
import org.junit.jupiter.api.Assertions;
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
      Api.Reply defined = AdminCalls.callAt(node.httpPort(), "PUT", "/v1/admin/jackpots/spooky", "dev-admin-token",
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
    }, Credentials.dev(Games.ids()));
    try {
      assertEquals(2, new Api(again.httpPort()).get("/v1/jackpots").json().getJsonArray("jackpots").size());
    } finally {
      again.close();
    }
  }

  /**
   * Two members that both found the ledger fresh (each holds its catalogue until the other has read
   * it too) save each jackpot once between them: one version and one audit entry per jackpot.
   */
  @Test
  void membersSeedingAFreshLedgerTogetherSaveEachJackpotOnce() throws Exception {
    String pgUrl = TestPostgres.freshDatabase();
    CyclicBarrier bothFoundItFresh = new CyclicBarrier(2);
    Supplier<List<JackpotDefinition>> initial = () -> {
      try {
        bothFoundItFresh.await(60, TimeUnit.SECONDS);
      } catch (Exception e) {
        throw new IllegalStateException(e);
      }
      return CatalogueFile.load("default").all();
    };
    ExecutorService starts = Executors.newFixedThreadPool(2);
    List<Future<JackpotNode>> nodes = new ArrayList<>();
    try {
      for (int i = 0; i < 2; i++) {
        // Two clusters of one: each member finds the shared map empty and goes to the ledger.
        ServiceConfig config = ServiceConfig.fromEnv(Map.of()).withHttpPort(TestNodes.freePort()).withPgUrl(pgUrl)
            .withCluster(TestNodes.ownCluster());
        nodes.add(starts.submit(() -> JackpotNode.start(config, Clock.systemUTC(), initial,
            Credentials.dev(Games.ids()))));
      }
      for (var node : nodes) {
        node.get(120, TimeUnit.SECONDS);
      }
      try (SimplePg sql = SimplePg.of(pgUrl)) {
        assertEquals(2, sql.count("SELECT count(*) FROM jackpot_definitions"), "bewitched and candy, one version each");
        assertEquals(2, sql.count("SELECT count(*) FROM audit_log WHERE action = 'jackpot.define'"));
      }
    } finally {
      for (var node : nodes) {
        try {
          node.get(120, TimeUnit.SECONDS).close();
        } catch (ExecutionException failedToStart) {
          // nothing to close: a failed start closes what it opened
        } catch (TimeoutException stillStarting) {
          node.cancel(true); // the assertion above has failed already; the others are still closed
        }
      }
      starts.shutdownNow();
    }
  }

  /**
   * A first start that fails while saving its catalogue keeps none of it (one transaction), so the
   * next start finds the ledger fresh and saves the whole catalogue, each jackpot once.
   */
  @Test
  void aFirstStartThatFailsSavingItsCatalogueLeavesTheLedgerFreshForTheNext() throws Exception {
    String pgUrl = TestPostgres.freshDatabase();
    ServiceConfig config = ServiceConfig.fromEnv(Map.of()).withHttpPort(TestNodes.freePort()).withPgUrl(pgUrl)
        .withCluster(TestNodes.ownCluster());
    JackpotNode.start(config, Clock.systemUTC(), CatalogueFile.load("none")).close(); // the schema, no definition
    List<JackpotDefinition> catalogue = CatalogueFile.load("default").all();
    String last = catalogue.get(catalogue.size() - 1).id();
    try (SimplePg sql = SimplePg.of(pgUrl)) {
      // The last jackpot of the file cannot be saved: those before it must not be kept either.
      sql.execute("CREATE FUNCTION it_refuse_last() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF NEW.id = '" + last
          + "' THEN RAISE EXCEPTION 'it: the save of % fails', NEW.id; END IF; RETURN NEW; END $$");
      sql.execute("CREATE TRIGGER it_refuse_last BEFORE INSERT ON jackpot_definitions FOR EACH ROW EXECUTE FUNCTION it_refuse_last()");
    }
    Exception failed = Assertions.assertThrows(Exception.class,
        () -> JackpotNode.start(config.withCluster(TestNodes.ownCluster()), Clock.systemUTC(), CatalogueFile.load("default")).close());
    assertTrue(String.valueOf(failed.getMessage()).contains("the save of " + last + " fails"), failed.toString());
    try (SimplePg sql = SimplePg.of(pgUrl)) {
      assertEquals(0, sql.count("SELECT count(*) FROM jackpot_definitions"), "nothing of the failed start's catalogue is kept");
      assertEquals(0, sql.count("SELECT count(*) FROM audit_log WHERE action = 'jackpot.define'"));
      sql.execute("DROP TRIGGER it_refuse_last ON jackpot_definitions");
    }
    JackpotNode again = JackpotNode.start(config.withCluster(TestNodes.ownCluster()), Clock.systemUTC(), CatalogueFile.load("default"));
    try (SimplePg sql = SimplePg.of(pgUrl)) {
      assertEquals(catalogue.size(), new Api(again.httpPort()).get("/v1/jackpots").json().getJsonArray("jackpots").size());
      assertEquals(catalogue.size(), sql.count("SELECT count(*) FROM jackpot_definitions WHERE version = 1"));
      assertEquals(catalogue.size(), sql.count("SELECT count(*) FROM audit_log WHERE action = 'jackpot.define'"));
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
      // A cluster of its own: with the defaults it could join a developer's scripts/cluster, find
      // definitions there, never read the file and run on as a member of it.
      p = ServiceProcess.launch(data, TestNodes.freePort(), List.of(), Map.of("JACKPOT_INITIAL_CATALOGUE", file.toString(),
          "JACKPOT_CLUSTER_NAME", "it-catalogue-" + UUID.randomUUID(), "JACKPOT_HZ_PORT", Integer.toString(TestNodes.freePort())));
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
