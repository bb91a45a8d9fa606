package io.jackpot.ledger.pg;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jackpot.config.ServiceConfig;
import io.vertx.pgclient.PgConnectOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What each sslmode makes of the TLS files, and which settings refuse the start (PgTlsIT connects for real). */
class PgTlsTest {
  private static final Path CA = Path.of("ca.crt");

  private static PgConnectOptions url(String host, String sslmode) {
    return PgConnectOptions.fromUri("postgresql://app@" + host + ":5432/ledger" + (sslmode == null ? "" : "?sslmode=" + sslmode));
  }

  @Test
  void verifyFullChecksTheChainAndTheName() {
    PgConnectOptions o = new PgTls(CA, null, null).applyTo(url("db", "verify-full"));
    assertEquals("HTTPS", o.getSslOptions().getHostnameVerificationAlgorithm());
    assertFalse(o.getSslOptions().isTrustAll());
    assertTrue(o.getSslOptions().getTrustOptions() != null);
    assertNull(PgTls.weakness(o));
  }

  @Test
  void verifyCaChecksTheChainOnly() {
    PgConnectOptions o = new PgTls(CA, null, null).applyTo(url("db", "verify-ca"));
    assertNull(o.getSslOptions().getHostnameVerificationAlgorithm());
    assertTrue(o.getSslOptions().getTrustOptions() != null);
    assertTrue(PgTls.weakness(o).contains("not its name"), PgTls.weakness(o));
  }

  @Test
  void theVerifyingModesNeedACaFile() {
    for (String mode : new String[] {"verify-ca", "verify-full"}) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> PgTls.NONE.applyTo(url("db", mode)));
      assertTrue(e.getMessage().contains(PgTls.CA_FILE), e.getMessage());
    }
  }

  @Test
  void requireWithoutACaEncryptsAndSaysThatNobodyIsChecked() {
    PgConnectOptions o = PgTls.NONE.applyTo(url("db", "require"));
    assertTrue(o.getSslOptions().isTrustAll());
    assertTrue(PgTls.weakness(o).contains("identity is not checked"), PgTls.weakness(o));
    PgConnectOptions withCa = new PgTls(CA, null, null).applyTo(url("db", "require"));
    assertFalse(withCa.getSslOptions().isTrustAll());
  }

  @Test
  void filesUnderDisableAreRefusedRatherThanIgnored() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new PgTls(CA, null, null).applyTo(url("db", null)));
    assertTrue(e.getMessage().contains("sslmode"), e.getMessage());
    assertTrue(PgTls.weakness(PgTls.NONE.applyTo(url("db", null))).contains("not encrypted"));
  }

  @Test
  void theLoopbackIsNotWarnedAbout() {
    assertNull(PgTls.weakness(PgTls.NONE.applyTo(url("127.0.0.1", null))));
    assertNull(PgTls.weakness(PgTls.NONE.applyTo(url("localhost", null))));
  }

  @Test
  void aClientCertificateIsPresentedWithItsKey() {
    PgConnectOptions o = new PgTls(CA, Path.of("me.crt"), Path.of("me.key")).applyTo(url("db", "verify-full"));
    assertTrue(o.getSslOptions().getKeyCertOptions() != null);
  }

  @Test
  void badFilesAreNamedAtStart(@TempDir Path dir) throws Exception {
    IllegalArgumentException missing = assertThrows(IllegalArgumentException.class,
        () -> PgTls.fromEnv(Map.of(PgTls.CA_FILE, dir.resolve("nope.crt").toString())));
    assertTrue(missing.getMessage().startsWith(PgTls.CA_FILE), missing.getMessage());
    Path notPem = Files.writeString(dir.resolve("ca.crt"), "hello");
    IllegalArgumentException garbage = assertThrows(IllegalArgumentException.class,
        () -> PgTls.fromEnv(Map.of(PgTls.CA_FILE, notPem.toString())));
    assertTrue(garbage.getMessage().contains("PEM certificate"), garbage.getMessage());
    Path key = Files.writeString(dir.resolve("me.key"), "key");
    IllegalArgumentException alone = assertThrows(IllegalArgumentException.class, () -> PgTls.fromEnv(Map.of(PgTls.KEY_FILE, key.toString())));
    assertTrue(alone.getMessage().contains("set both or neither"), alone.getMessage());
  }

  @Test
  void tlsFilesWithoutAnExternalDatabaseRefuseTheStart(@TempDir Path dir) throws Exception {
    Path key = Files.writeString(dir.resolve("me.key"), "key");
    Path cert = Files.writeString(dir.resolve("me.crt"), "cert");
    // Checked before the files' contents: the local PostgreSQL would silently ignore them.
    Map<String, String> env = Map.of(PgTls.CERT_FILE, cert.toString(), PgTls.KEY_FILE, key.toString());
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ServiceConfig.fromEnv(env));
    assertTrue(e.getMessage().contains("JACKPOT_PG_URL"), e.getMessage());
  }

  @Test
  void allowAndPreferFallBackToPlaintextSoTheyTakeNoFilesAndAreWarnedAbout() {
    for (String mode : new String[] {"allow", "prefer"}) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new PgTls(CA, null, null).applyTo(url("db", mode)));
      assertTrue(e.getMessage().contains("falls back to plaintext"), e.getMessage());
      assertTrue(PgTls.weakness(PgTls.NONE.applyTo(url("db", mode))).contains("may go unencrypted"));
    }
  }

  @Test
  void aHostThatOnlyStartsLikeTheLoopbackIsWarnedAbout() {
    assertTrue(PgTls.weakness(PgTls.NONE.applyTo(url("127.db.example.com", null))) != null);
    assertNull(PgTls.weakness(PgTls.NONE.applyTo(url("127.0.0.2", null))));
  }

  @Test
  void urlParametersTheClientWouldMisreadAreNamed() {
    IllegalArgumentException typo = assertThrows(IllegalArgumentException.class,
        () -> PgTls.checkUrlParameters("postgresql://app:s3cret@db/ledger?sslmode=verify_full"));
    assertTrue(typo.getMessage().contains("verify-full") && typo.getMessage().contains("'verify_full'"), typo.getMessage());
    assertFalse(typo.getMessage().contains("s3cret"));
    IllegalArgumentException libpq = assertThrows(IllegalArgumentException.class,
        () -> PgTls.checkUrlParameters("postgresql://db/ledger?sslmode=verify-full&sslrootcert=/etc/ca.pem"));
    assertTrue(libpq.getMessage().contains(PgTls.CA_FILE), libpq.getMessage());
    PgTls.checkUrlParameters("postgresql://db/ledger?sslmode=verify-full&application_name=jackpot");
    PgTls.checkUrlParameters("postgresql://db/ledger");
  }
}
