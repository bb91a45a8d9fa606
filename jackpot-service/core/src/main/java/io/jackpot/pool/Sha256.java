package io.jackpot.pool;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/** SHA-256 with one digest per thread (a fresh {@code MessageDigest} per call costs a provider lookup). */
public final class Sha256 {
  private static final ThreadLocal<MessageDigest> DIGEST = ThreadLocal.withInitial(() -> {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java platform has SHA-256", e);
    }
  });

  private Sha256() {}

  public static byte[] of(byte[] input) {
    return DIGEST.get().digest(input);
  }
}
