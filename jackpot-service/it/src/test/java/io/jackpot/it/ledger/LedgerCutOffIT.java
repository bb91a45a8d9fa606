package io.jackpot.it.ledger;

import static io.jackpot.it.support.Api.batch;
import static io.jackpot.it.support.Api.contribution;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jackpot.JackpotNode;
import io.jackpot.catalogue.DefaultCatalogue;
import io.jackpot.config.ServiceConfig;
import io.jackpot.it.support.AdminCalls;
import io.jackpot.it.support.Api;
import io.jackpot.it.support.FreezingProxy;
import io.jackpot.it.support.SimplePg;
import io.jackpot.it.support.TestNodes;
import io.jackpot.it.support.TestPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A commit's connection is cut without a reset mid-commit (see FreezingProxy). The member gives it
 * up after JACKPOT_PG_TIMEOUT_SECONDS, and the database ends the transaction after as long, releasing
 * its locks. The retry then records the round once. Without these limits the game would wait as
 * long as the kernel retransmits (~15 minutes).
 */
class LedgerCutOffIT {
  static final int TIMEOUT_SECONDS = 2;

  @Test
  void aCommitWhoseConnectionIsCutOffIsRetriedOnAnotherAndRecordedOnce() throws Exception {
    String url = TestPostgres.freshDatabase();
    try (FreezingProxy proxy = new FreezingProxy(port(url))) {
      JackpotNode node = startBehind(proxy, url);
      try {
        Api api = new Api(node.httpPort());
        Api.Reply warm = api.post("/v1/contributions", batch(contribution("CUT-WARM-" + UUID.randomUUID(), "bewitched", "1.00", "0.10")));
        assertEquals("APPLIED", Api.results(warm).getJsonObject(0).getString("status"), warm.body());

        String round = "CUT-" + UUID.randomUUID();
        proxy.freezeTransactionAt(round);
        long start = System.nanoTime();
        Api.Reply cut = api.post("/v1/contributions", batch(contribution(round, "bewitched", "1.00", "0.10")));
        double seconds = (System.nanoTime() - start) / 1e9;

        assertEquals(1, proxy.frozen(), "the commit's connection was cut off");
        assertEquals(200, cut.status(), cut.body());
        assertEquals("APPLIED", Api.results(cut).getJsonObject(0).getString("status"), cut.body());
        assertTrue(seconds >= TIMEOUT_SECONDS, "answered after the connection was given up, not before: " + seconds + " s");
        try (SimplePg ledger = SimplePg.of(url)) {
          assertEquals(1, ledger.count("SELECT count(*) FROM rounds WHERE round_id = $1", round), "recorded once");
          assertEquals(0, ledger.count("SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()"
              + " AND state LIKE 'idle in transaction%' AND state_change < now() - interval '1 second'"),
              "the abandoned transaction was ended");
        }
        // the pools as applied (once) equal the ledger
        Api.Reply reconciliation = AdminCalls.callAt(node.httpPort(), "GET", "/v1/admin/reconciliation", "dev-viewer-token");
        assertTrue(reconciliation.json().getBoolean("balanced"), reconciliation.body());
        Api.Reply again = api.post("/v1/contributions", batch(contribution(round, "bewitched", "1.00", "0.10")));
        assertEquals("DUPLICATE", Api.results(again).getJsonObject(0).getString("status"), again.body());
      } finally {
        proxy.close(); // first: a member still waiting on a frozen connection would wait for ever to close it
        node.close();
      }
    }
  }

  /**
   * The database goes silent and the member is stopped: it must still leave its cluster (its pools
   * move to the other members) rather than wait for ever for the server to close the ledger's
   * connections, as the client's own close does, or for a connection still in PostgreSQL's
   * start-up exchange, which cannot be cut.
   */
  @Test
  void aMemberStopsWhileItsDatabaseIsSilent() throws Exception {
    String url = TestPostgres.freshDatabase();
    try (FreezingProxy proxy = new FreezingProxy(port(url))) {
      JackpotNode node = startBehind(proxy, url);
      Api.Reply reconciliation = AdminCalls.callAt(node.httpPort(), "GET", "/v1/admin/reconciliation", "dev-viewer-token");
      assertTrue(reconciliation.json().getBoolean("balanced"), reconciliation.body()); // the unlimited pool's connections are open
      proxy.freezeAll();
      // Reads on the limited pool: more than it keeps idle, so that it opens connections, which the
      // silent server leaves in their start-up exchange. Each read fails after the limit.
      Api api = new Api(node.httpPort());
      List<CompletableFuture<Api.Reply>> reads = new ArrayList<>();
      for (int i = 0; i < 9; i++) {
        reads.add(CompletableFuture.supplyAsync(() -> api.get("/v1/wins/" + UUID.randomUUID())));
      }
      for (CompletableFuture<Api.Reply> read : reads) {
        assertEquals(503, read.get(30, TimeUnit.SECONDS).status(), "the database does not answer");
      }
      assertTrue(proxy.openedSinceFreezingAll() > 0, "a connection was being opened when the member stopped");
      CompletableFuture<Void> stopped = CompletableFuture.runAsync(() -> {
        try {
          node.close();
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      });
      try {
        // Its own waits: 5 s for the database to close the connections, 1 s after cutting them,
        // 5 s for Vert.x (which, left alone, waited about a minute for the connections still opening).
        stopped.get(30, TimeUnit.SECONDS);
      } finally {
        proxy.close(); // lets a member that waits for ever finish stopping
        stopped.get(60, TimeUnit.SECONDS);
      }
    }
  }

  private static int port(String url) {
    return Integer.parseInt(url.replaceAll("^.*:(\\d+)/[^/]*$", "$1"));
  }

  /** A member of a cluster of its own whose database is reached through {@code proxy}, with a short time limit. */
  private static JackpotNode startBehind(FreezingProxy proxy, String url) throws Exception {
    ServiceConfig config = ServiceConfig.fromEnv(Map.of("JACKPOT_PG_TIMEOUT_SECONDS", Integer.toString(TIMEOUT_SECONDS)))
        .withHttpPort(TestNodes.freePort()).withPgUrl(url.replace(":" + port(url) + "/", ":" + proxy.port() + "/"))
        .withCluster(TestNodes.ownCluster());
    return JackpotNode.start(config, Clock.systemUTC(), DefaultCatalogue.create());
  }
}
