package io.jackpot.ledger;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.util.List;
import java.util.Map;

/**
 * The files for TLS to an external PostgreSQL, as the environment names them; what they mean
 * depends on the URL's {@code sslmode} (see ledger.pg.PgTls, which applies them).
 *
 * @param caFile PEM certificates the server's must chain to, or null
 * @param certFile the service's own certificate (PEM), or null
 * @param keyFile its private key (PEM, PKCS#8 or PKCS#1), or null
 */
public record DatabaseTls(Path caFile, Path certFile, Path keyFile) {
  public static final String CA_FILE = "JACKPOT_PG_CA_FILE";
  public static final String CERT_FILE = "JACKPOT_PG_CLIENT_CERT_FILE";
  public static final String KEY_FILE = "JACKPOT_PG_CLIENT_KEY_FILE";
  public static final List<String> VARIABLES = List.of(CA_FILE, CERT_FILE, KEY_FILE);
  public static final DatabaseTls NONE = new DatabaseTls(null, null, null);

  /**
   * Reads the three variables; each file must be readable, the CA file must hold at least one
   * certificate, and the client's certificate and key come together.
   */
  public static DatabaseTls fromEnv(Map<String, String> env) {
    DatabaseTls tls = new DatabaseTls(file(env, CA_FILE), file(env, CERT_FILE), file(env, KEY_FILE));
    if ((tls.certFile == null) != (tls.keyFile == null)) {
      throw new IllegalArgumentException(CERT_FILE + " and " + KEY_FILE + " go together: set both or neither");
    }
    if (tls.caFile != null) {
      requireCertificates(tls.caFile);
    }
    if (tls.certFile != null) {
      requireCertificates(tls.certFile);
    }
    return tls;
  }

  /** Whether any file is set. */
  public boolean any() {
    return caFile != null || certFile != null;
  }

  private static Path file(Map<String, String> env, String name) {
    String raw = env.get(name);
    if (raw == null || raw.isBlank()) {
      return null;
    }
    Path path = Path.of(raw.trim());
    if (!Files.isRegularFile(path) || !Files.isReadable(path)) {
      throw new IllegalArgumentException(name + " names no readable file: " + path);
    }
    return path;
  }

  private static void requireCertificates(Path path) {
    try (InputStream in = Files.newInputStream(path)) {
      if (CertificateFactory.getInstance("X.509").generateCertificates(in).isEmpty()) {
        throw new IllegalArgumentException(path + " holds no PEM certificate");
      }
    } catch (IOException | CertificateException e) {
      throw new IllegalArgumentException(path + " holds no readable PEM certificate: " + e.getMessage(), e);
    }
  }
}
