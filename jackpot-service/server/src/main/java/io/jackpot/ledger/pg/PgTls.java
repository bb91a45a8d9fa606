package io.jackpot.ledger.pg;

import static io.jackpot.ledger.DatabaseTls.CA_FILE;
import static io.jackpot.ledger.DatabaseTls.CERT_FILE;

import io.jackpot.ledger.DatabaseTls;
import io.vertx.core.net.ClientSSLOptions;
import io.vertx.core.net.PemKeyCertOptions;
import io.vertx.core.net.PemTrustOptions;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.pgclient.SslMode;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Applies the TLS files ({@link DatabaseTls}) under the URL's {@code sslmode}, with libpq's
 * meanings except the default: {@code disable} here, not {@code prefer}. {@code allow} and
 * {@code prefer} can be forced to plaintext. {@code require} checks the certificate only against a
 * given CA file. {@code verify-ca} requires the CA file; {@code verify-full} also checks the host
 * (use it in production). A client certificate and key (PEM, both or neither) go to a server that
 * asks. Files set under disable, allow or prefer are refused: they would suggest protection that
 * is not there.
 */
public final class PgTls {
  private PgTls() {}

  /**
   * Sets the TLS options the URL's sslmode asks for on {@code options}.
   *
   * @throws IllegalArgumentException for a mode that needs a CA file without one, or files set
   *     under {@code sslmode} disable (or unset), allow or prefer
   */
  public static PgConnectOptions applyTo(DatabaseTls tls, PgConnectOptions options) {
    SslMode mode = options.getSslMode();
    if (mode == SslMode.DISABLE || mode == SslMode.ALLOW || mode == SslMode.PREFER) {
      if (tls.any()) {
        throw new IllegalArgumentException("TLS files are set (" + CA_FILE + ", " + CERT_FILE + ") but JACKPOT_PG_URL's sslmode is "
            + mode.value + (mode == SslMode.DISABLE ? " (or unset)" : ", which falls back to plaintext")
            + ": use ?sslmode=verify-full (or verify-ca, require)");
      }
      if (mode == SslMode.DISABLE) {
        return options;
      }
    }
    ClientSSLOptions ssl = new ClientSSLOptions();
    if (tls.caFile() != null) {
      ssl.setTrustOptions(new PemTrustOptions().addCertPath(tls.caFile().toString()));
    } else if (mode == SslMode.VERIFY_CA || mode == SslMode.VERIFY_FULL) {
      throw new IllegalArgumentException("sslmode=" + mode.value + " checks the server's certificate against "
          + CA_FILE + ", which is not set");
    } else {
      ssl.setTrustAll(true); // libpq's require without a root certificate: encrypted, nobody checked
    }
    if (mode == SslMode.VERIFY_FULL) {
      ssl.setHostnameVerificationAlgorithm("HTTPS");
    }
    if (tls.certFile() != null) {
      ssl.setKeyCertOptions(new PemKeyCertOptions().setCertPath(tls.certFile().toString()).setKeyPath(tls.keyFile().toString()));
    }
    return options.setSslOptions(ssl);
  }

  /**
   * What the log should say about the connection's protection, or null when there is nothing to
   * warn of: every mode below verify-full to a host other than the loopback.
   */
  public static String weakness(PgConnectOptions options) {
    String host = options.getHost().toLowerCase(Locale.ROOT);
    if (host.equals("localhost") || host.matches("127\\.\\d{1,3}\\.\\d{1,3}\\.\\d{1,3}") || host.equals("::1") || host.equals("[::1]")
        || options.isUsingDomainSocket()) {
      return null;
    }
    return switch (options.getSslMode()) {
      case VERIFY_FULL -> null;
      case VERIFY_CA -> "the PostgreSQL server's certificate is checked against the CA but not its name (sslmode=verify-ca);"
          + " use sslmode=verify-full";
      case REQUIRE -> options.getSslOptions().isTrustAll()
          ? "the ledger's traffic is encrypted but the PostgreSQL server's identity is not checked (sslmode=require without "
              + CA_FILE + "); use sslmode=verify-full"
          : "the PostgreSQL server's certificate is checked against the CA but not its name (sslmode=require);"
              + " use sslmode=verify-full";
      case PREFER, ALLOW -> "the ledger's traffic to PostgreSQL may go unencrypted (sslmode=" + options.getSslMode().value
          + " falls back to plaintext, and anyone on the path can make it); use sslmode=verify-full";
      case DISABLE -> "the ledger's traffic to PostgreSQL is not encrypted (sslmode is disable, or unset); use sslmode=verify-full";
    };
  }

  /**
   * Refuses, with a message naming what to do, the URL parameters about TLS that the client would
   * misread: an sslmode it does not know (the client's own error would blame the whole URL), and
   * libpq's file parameters, which it would send to the server as settings (refused at connect).
   * Quotes nothing else of the URL, which may hold a password.
   */
  public static void checkUrlParameters(String url) {
    int query = url.indexOf('?');
    if (query < 0) {
      return;
    }
    for (String pair : url.substring(query + 1).split("&")) {
      int eq = pair.indexOf('=');
      String key = (eq < 0 ? pair : pair.substring(0, eq)).toLowerCase(Locale.ROOT);
      String value = eq < 0 ? "" : pair.substring(eq + 1);
      if (key.equals("sslmode") && Arrays.stream(SslMode.values()).noneMatch(m -> m.value.equals(value))) {
        throw new IllegalArgumentException("JACKPOT_PG_URL's sslmode must be one of disable, allow, prefer, require, verify-ca,"
            + " verify-full; got '" + value + "'");
      }
      if (List.of("sslrootcert", "sslcert", "sslkey", "sslpassword", "sslcrl", "sslcrldir").contains(key)) {
        throw new IllegalArgumentException("JACKPOT_PG_URL's " + key + " is libpq's; name the files in "
            + String.join(", ", DatabaseTls.VARIABLES) + " instead");
      }
    }
  }
}
