package io.jackpot.access;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.Map;
import java.util.Optional;

/**
 * Game keys, held only as SHA-256 hashes: a presented secret is hashed and looked up, so the
 * comparison never runs over the secret itself and no secret is kept in memory.
 */
public final class GameKeys {
  public static final String DEV_GAME_KEY = "dev-game-key";

  private final Map<String, Caller> byHash = new HashMap<>();

  public GameKeys add(String secret, Caller caller) {
    byHash.put(hash(secret), caller);
    return this;
  }

  public Optional<Caller> find(String secret) {
    return secret == null || secret.isEmpty() ? Optional.empty() : Optional.ofNullable(byHash.get(hash(secret)));
  }

  static String hash(String secret) {
    try {
      byte[] digest = MessageDigest.getInstance("SHA-256").digest(secret.getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(digest);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
