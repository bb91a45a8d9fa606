package io.jackpot.pool;

import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;

/** Entropy from the JDK's NIST SP 800-90A DRBG (SHA-256 Hash_DRBG), seeded by the operating system. */
public final class StrongRandomSource implements RandomSource {
  private final SecureRandom random;

  public StrongRandomSource() {
    try {
      random = SecureRandom.getInstance("DRBG");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("no DRBG SecureRandom in this JDK", e);
    }
  }

  @Override
  public Entropy next() {
    byte[] bits = new byte[32];
    synchronized (random) {
      random.nextBytes(bits);
    }
    return Entropy.of(bits);
  }
}
