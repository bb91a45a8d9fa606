package io.jackpot.ledger;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jackpot.config.ServiceConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which TLS files the environment may name, checked at start (PgTlsTest: what each sslmode makes of them). */
class DatabaseTlsTest {
  @Test
  void badFilesAreNamedAtStart(@TempDir Path dir) throws Exception {
    IllegalArgumentException missing = assertThrows(IllegalArgumentException.class,
        () -> DatabaseTls.fromEnv(Map.of(DatabaseTls.CA_FILE, dir.resolve("nope.crt").toString())));
    assertTrue(missing.getMessage().startsWith(DatabaseTls.CA_FILE), missing.getMessage());
    Path notPem = Files.writeString(dir.resolve("ca.crt"), "hello");
    IllegalArgumentException garbage = assertThrows(IllegalArgumentException.class,
        () -> DatabaseTls.fromEnv(Map.of(DatabaseTls.CA_FILE, notPem.toString())));
    assertTrue(garbage.getMessage().contains("PEM certificate"), garbage.getMessage());
    Path key = Files.writeString(dir.resolve("me.key"), "key");
    IllegalArgumentException alone = assertThrows(IllegalArgumentException.class, () -> DatabaseTls.fromEnv(Map.of(DatabaseTls.KEY_FILE, key.toString())));
    assertTrue(alone.getMessage().contains("set both or neither"), alone.getMessage());
  }

  @Test
  void tlsFilesWithoutAnExternalDatabaseRefuseTheStart(@TempDir Path dir) throws Exception {
    Path key = Files.writeString(dir.resolve("me.key"), "key");
    Path cert = Files.writeString(dir.resolve("me.crt"), "cert");
    // Checked before the files' contents: the local PostgreSQL would silently ignore them.
    Map<String, String> env = Map.of(DatabaseTls.CERT_FILE, cert.toString(), DatabaseTls.KEY_FILE, key.toString());
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ServiceConfig.fromEnv(env));
    assertTrue(e.getMessage().contains("JACKPOT_PG_URL"), e.getMessage());
  }
}
