package io.jackpot.it.ledger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jackpot.JackpotNode;
import io.jackpot.catalogue.DefaultCatalogue;
import io.jackpot.config.ServiceConfig;
import io.jackpot.it.support.Api;
import io.jackpot.it.support.ScratchDirs;
import io.jackpot.it.support.SimplePg;
import io.jackpot.it.support.TestCertificates;
import io.jackpot.it.support.TestNodes;
import io.jackpot.ledger.DatabaseTls;
import io.jackpot.ledger.pg.PgTls;
import io.vertx.core.Vertx;
import io.vertx.pgclient.PgBuilder;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.PoolOptions;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * TLS to an external PostgreSQL, against a real one that refuses unencrypted connections to its
 * ledger databases ({@code tls}: any TLS client; {@code mtls}: only one presenting a certificate
 * for its user, signed by the CA the server trusts).
 */
class PgTlsIT {
  private static Path dir;
  private static EmbeddedPostgres server;
  private static Path serverCert;
  private static Path otherCert;
  private static Path clientCert;
  private static final Vertx vertx = Vertx.vertx();

  @BeforeAll
  static void startTlsPostgres() throws Exception {
    dir = Files.createTempDirectory("jackpot-pg-tls");
    serverCert = TestCertificates.selfSigned(dir, "server", "db.test", "ip:127.0.0.1");
    otherCert = TestCertificates.selfSigned(dir, "other", "db.test", "ip:127.0.0.1");
    clientCert = TestCertificates.selfSigned(dir, "client", "postgres", null);
    Path hba = dir.resolve("pg_hba.conf");
    // The database "postgres" stays open both ways for the embedded server's own start-up check.
    Files.writeString(hba, String.join("\n",
        "host postgres all 127.0.0.1/32 trust",
        "hostssl tls all 127.0.0.1/32 trust",
        "hostssl mtls all 127.0.0.1/32 cert",
        "host all all 127.0.0.1/32 reject", ""));
    server = EmbeddedPostgres.builder()
        .setDataDirectory(dir.resolve("pg"))
        .setServerConfig("listen_addresses", "127.0.0.1")
        .setServerConfig("ssl", "on")
        .setServerConfig("ssl_cert_file", serverCert.toString())
        .setServerConfig("ssl_key_file", TestCertificates.keyOf(serverCert).toString())
        .setServerConfig("ssl_ca_file", clientCert.toString())
        .setServerConfig("hba_file", hba.toString())
        .setPGStartupWait(Duration.ofSeconds(60))
        .start();
    try (SimplePg admin = new SimplePg(server.getPort(), "postgres")) {
      admin.execute("CREATE DATABASE tls");
      admin.execute("CREATE DATABASE mtls");
    }
  }

  @AfterAll
  static void stop() throws Exception {
    vertx.close().await();
    if (server != null) {
      server.close();
    }
    ScratchDirs.delete(dir);
  }

  private static String url(String host, String database, String sslmode) {
    return "postgresql://postgres@" + host + ":" + server.getPort() + "/" + database + (sslmode == null ? "" : "?sslmode=" + sslmode);
  }

  /** Connects as the service would and asks the server whether this session is encrypted. */
  private static boolean encrypted(String url, DatabaseTls tls) {
    PgConnectOptions options = PgTls.applyTo(tls, PgConnectOptions.fromUri(url));
    Pool pool = PgBuilder.pool().with(new PoolOptions().setMaxSize(1)).connectingTo(options).using(vertx).build();
    try {
      return pool.query("SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()").execute().await()
          .iterator().next().getBoolean(0);
    } finally {
      pool.close().await();
    }
  }

  private static void assertHandshakeRefused(String url, DatabaseTls tls) {
    Exception e = assertThrows(Exception.class, () -> encrypted(url, tls));
    assertTrue(String.valueOf(e.getMessage()).contains("SSL handshake failed"), String.valueOf(e));
  }

  private static DatabaseTls trusting(Path ca) {
    return new DatabaseTls(ca, null, null);
  }

  @Test
  void theServerRefusesAPlainConnection() {
    Exception e = assertThrows(Exception.class, () -> encrypted(url("127.0.0.1", "tls", null), DatabaseTls.NONE));
    assertTrue(e.getMessage().contains("no encryption") || e.getMessage().contains("pg_hba.conf"), e.getMessage());
  }

  @Test
  void verifyFullConnectsEncryptedToTheServerItsCaVouchesFor() {
    assertTrue(encrypted(url("127.0.0.1", "tls", "verify-full"), trusting(serverCert)));
  }

  @Test
  void verifyFullRefusesAServerItsCaDoesNotVouchFor() {
    assertHandshakeRefused(url("127.0.0.1", "tls", "verify-full"), trusting(otherCert));
  }

  @Test
  void verifyFullChecksTheNameVerifyCaDoesNot() {
    // The server's certificate names 127.0.0.1 only; "localhost" reaches the same server.
    assertHandshakeRefused(url("localhost", "tls", "verify-full"), trusting(serverCert));
    assertTrue(encrypted(url("localhost", "tls", "verify-ca"), trusting(serverCert)));
  }

  @Test
  void requireWithoutACaEncryptsButChecksNobody() {
    assertTrue(encrypted(url("127.0.0.1", "tls", "require"), DatabaseTls.NONE));
    // With a CA it checks the chain, as libpq does.
    assertHandshakeRefused(url("127.0.0.1", "tls", "require"), trusting(otherCert));
  }

  @Test
  void aServerThatAsksForACertificateGetsTheClients() {
    DatabaseTls withClient = new DatabaseTls(serverCert, clientCert, TestCertificates.keyOf(clientCert));
    assertTrue(encrypted(url("127.0.0.1", "mtls", "verify-full"), withClient));
    Exception e = assertThrows(Exception.class, () -> encrypted(url("127.0.0.1", "mtls", "verify-full"), trusting(serverCert)));
    assertTrue(e.getMessage().contains("certificate"), e.getMessage());
  }

  @Test
  void theServiceRecordsItsLedgerOverVerifiedTlsWithAClientCertificate() throws Exception {
    Map<String, String> env = new HashMap<>();
    env.put("JACKPOT_PG_URL", url("127.0.0.1", "mtls", "verify-full"));
    env.put(DatabaseTls.CA_FILE, serverCert.toString());
    env.put(DatabaseTls.CERT_FILE, clientCert.toString());
    env.put(DatabaseTls.KEY_FILE, TestCertificates.keyOf(clientCert).toString());
    int http = TestNodes.freePort();
    ServiceConfig config = ServiceConfig.fromEnv(env).withHttpPort(http).withCluster(TestNodes.ownCluster());
    try (JackpotNode node = JackpotNode.start(config, Clock.systemUTC(), DefaultCatalogue.create())) {
      Api.Reply r = new Api(http).post("/v1/contributions",
          Api.batch(Api.contribution("BW-20261122-080000-000001", "bewitched", "2.00", "0.10")));
      assertEquals(200, r.status(), r.body());
      assertEquals("APPLIED", Api.results(r).getJsonObject(0).getString("status"));
    }
    DatabaseTls withClient = new DatabaseTls(serverCert, clientCert, TestCertificates.keyOf(clientCert));
    Pool pool = PgBuilder.pool().connectingTo(PgTls.applyTo(withClient, PgConnectOptions.fromUri(url("127.0.0.1", "mtls", "verify-full"))))
        .using(vertx).build();
    try {
      long rounds = pool.query("SELECT count(*) FROM rounds WHERE round_id = 'BW-20261122-080000-000001'").execute().await()
          .iterator().next().getLong(0);
      assertEquals(1, rounds);
    } finally {
      pool.close().await();
    }
  }
}
