package io.jackpot.it.support;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.Key;
import java.security.KeyStore;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Self-signed certificates made with the JDK's own {@code keytool} (so the tests need no openssl),
 * written out as PEM: {@code <name>.crt} and {@code <name>.key} (PKCS#8, mode 0600).
 */
public final class TestCertificates {
  private TestCertificates() {}

  /**
   * A self-signed RSA certificate for {@code commonName}, valid for two days.
   *
   * @param san keytool's SubjectAlternativeName value ({@code ip:127.0.0.1,dns:db}), or null
   */
  public static Path selfSigned(Path dir, String name, String commonName, String san) throws Exception {
    Path store = dir.resolve(name + ".p12");
    List<String> gen = new ArrayList<>(List.of(keytool(), "-genkeypair", "-alias", name, "-keyalg", "RSA", "-keysize", "2048",
        "-dname", "CN=" + commonName, "-validity", "2", "-storetype", "PKCS12", "-keystore", store.toString(),
        "-storepass", "changeit"));
    if (san != null) {
      gen.addAll(List.of("-ext", "SAN=" + san));
    }
    run(gen);
    KeyStore ks = KeyStore.getInstance("PKCS12");
    try (InputStream in = Files.newInputStream(store)) {
      ks.load(in, "changeit".toCharArray());
    }
    Key key = ks.getKey(name, "changeit".toCharArray());
    Path keyFile = dir.resolve(name + ".key");
    Files.writeString(keyFile, pem("PRIVATE KEY", key.getEncoded()));
    Files.setPosixFilePermissions(keyFile, PosixFilePermissions.fromString("rw-------"));
    Path certFile = dir.resolve(name + ".crt");
    Files.writeString(certFile, pem("CERTIFICATE", ks.getCertificate(name).getEncoded()));
    Files.delete(store);
    return certFile;
  }

  public static Path keyOf(Path certFile) {
    String name = certFile.getFileName().toString();
    return certFile.resolveSibling(name.substring(0, name.length() - ".crt".length()) + ".key");
  }

  private static String pem(String type, byte[] der) {
    return "-----BEGIN " + type + "-----\n" + Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII)).encodeToString(der)
        + "\n-----END " + type + "-----\n";
  }

  private static String keytool() {
    return Path.of(System.getProperty("java.home"), "bin", "keytool").toString();
  }

  private static void run(List<String> command) throws Exception {
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
      throw new IllegalStateException("keytool failed: " + out);
    }
  }
}
