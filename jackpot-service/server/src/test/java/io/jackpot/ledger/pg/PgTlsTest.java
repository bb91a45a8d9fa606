package io.jackpot.ledger.pg;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jackpot.ledger.DatabaseTls;
import io.vertx.pgclient.PgConnectOptions;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** What each sslmode makes of the TLS files, and which refuse the start (PgTlsIT connects for real; DatabaseTlsTest reads the files). */
class PgTlsTest {
  private static final Path CA = Path.of("ca.crt");

  private static PgConnectOptions url(String host, String sslmode) {
    return PgConnectOptions.fromUri("postgresql://app@" + host + ":5432/ledger" + (sslmode == null ? "" : "?sslmode=" + sslmode));
  }

  @Test
  void verifyFullChecksTheChainAndTheName() {
    PgConnectOptions o = PgTls.applyTo(new DatabaseTls(CA, null, null), url("db", "verify-full"));
    assertEquals("HTTPS", o.getSslOptions().getHostnameVerificationAlgorithm());
    assertFalse(o.getSslOptions().isTrustAll());
    assertTrue(o.getSslOptions().getTrustOptions() != null);
    assertNull(PgTls.weakness(o));
  }

  @Test
  void verifyCaChecksTheChainOnly() {
    PgConnectOptions o = PgTls.applyTo(new DatabaseTls(CA, null, null), url("db", "verify-ca"));
    assertNull(o.getSslOptions().getHostnameVerificationAlgorithm());
    assertTrue(o.getSslOptions().getTrustOptions() != null);
    assertTrue(PgTls.weakness(o).contains("not its name"), PgTls.weakness(o));
  }

  @Test
  void theVerifyingModesNeedACaFile() {
    for (String mode : new String[] {"verify-ca", "verify-full"}) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> PgTls.applyTo(DatabaseTls.NONE, url("db", mode)));
      assertTrue(e.getMessage().contains(DatabaseTls.CA_FILE), e.getMessage());
    }
  }

  @Test
  void requireWithoutACaEncryptsAndSaysThatNobodyIsChecked() {
    PgConnectOptions o = PgTls.applyTo(DatabaseTls.NONE, url("db", "require"));
    assertTrue(o.getSslOptions().isTrustAll());
    assertTrue(PgTls.weakness(o).contains("identity is not checked"), PgTls.weakness(o));
    PgConnectOptions withCa = PgTls.applyTo(new DatabaseTls(CA, null, null), url("db", "require"));
    assertFalse(withCa.getSslOptions().isTrustAll());
  }

  @Test
  void filesUnderDisableAreRefusedRatherThanIgnored() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> PgTls.applyTo(new DatabaseTls(CA, null, null), url("db", null)));
    assertTrue(e.getMessage().contains("sslmode"), e.getMessage());
    assertTrue(PgTls.weakness(PgTls.applyTo(DatabaseTls.NONE, url("db", null))).contains("not encrypted"));
  }

  @Test
  void theLoopbackIsNotWarnedAbout() {
    assertNull(PgTls.weakness(PgTls.applyTo(DatabaseTls.NONE, url("127.0.0.1", null))));
    assertNull(PgTls.weakness(PgTls.applyTo(DatabaseTls.NONE, url("localhost", null))));
  }

  @Test
  void aClientCertificateIsPresentedWithItsKey() {
    PgConnectOptions o = PgTls.applyTo(new DatabaseTls(CA, Path.of("me.crt"), Path.of("me.key")), url("db", "verify-full"));
    assertTrue(o.getSslOptions().getKeyCertOptions() != null);
  }

  @Test
  void allowAndPreferFallBackToPlaintextSoTheyTakeNoFilesAndAreWarnedAbout() {
    for (String mode : new String[] {"allow", "prefer"}) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> PgTls.applyTo(new DatabaseTls(CA, null, null), url("db", mode)));
      assertTrue(e.getMessage().contains("falls back to plaintext"), e.getMessage());
      assertTrue(PgTls.weakness(PgTls.applyTo(DatabaseTls.NONE, url("db", mode))).contains("may go unencrypted"));
    }
  }

  @Test
  void aHostThatOnlyStartsLikeTheLoopbackIsWarnedAbout() {
    assertTrue(PgTls.weakness(PgTls.applyTo(DatabaseTls.NONE, url("127.db.example.com", null))) != null);
    assertNull(PgTls.weakness(PgTls.applyTo(DatabaseTls.NONE, url("127.0.0.2", null))));
  }

  @Test
  void urlParametersTheClientWouldMisreadAreNamed() {
    IllegalArgumentException typo = assertThrows(IllegalArgumentException.class,
        () -> PgTls.checkUrlParameters("postgresql://app:s3cret@db/ledger?sslmode=verify_full"));
    assertTrue(typo.getMessage().contains("verify-full") && typo.getMessage().contains("'verify_full'"), typo.getMessage());
    assertFalse(typo.getMessage().contains("s3cret"));
    IllegalArgumentException libpq = assertThrows(IllegalArgumentException.class,
        () -> PgTls.checkUrlParameters("postgresql://db/ledger?sslmode=verify-full&sslrootcert=/etc/ca.pem"));
    assertTrue(libpq.getMessage().contains(DatabaseTls.CA_FILE), libpq.getMessage());
    PgTls.checkUrlParameters("postgresql://db/ledger?sslmode=verify-full&application_name=jackpot");
    PgTls.checkUrlParameters("postgresql://db/ledger");
  }
}
