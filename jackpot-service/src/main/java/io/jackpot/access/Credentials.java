package io.jackpot.access;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.Map;
import java.util.Optional;

/**
 * The secrets the service accepts, held only as SHA-256 hashes. A presented secret is hashed and
 * the hash looked up: what is compared is never the secret, so comparison time tells an attacker
 * nothing about it, and a memory dump holds no secret.
 */
public final class Credentials {
  public static final String DEV_GAME_KEY = "dev-game-key";
  public static final String DEV_ADMIN_TOKEN = "dev-admin-token";
  public static final String DEV_VIEWER_TOKEN = "dev-viewer-token";

  private final Map<String, Caller> games = new HashMap<>();
  private final Map<String, Admin> admins = new HashMap<>();
  private final boolean dev;

  private Credentials(boolean dev) {
    this.dev = dev;
  }

  /** The dev credentials of API.md, for when nothing else is configured. */
  public static Credentials dev(java.util.Set<String> allGames) {
    return new Credentials(true)
        .withGameKeyHash(sha256(DEV_GAME_KEY), new Caller("demo", allGames))
        .withAdminHash(sha256(DEV_ADMIN_TOKEN), new Admin("dev-admin", Admin.Role.ADMIN, null))
        .withAdminHash(sha256(DEV_VIEWER_TOKEN), new Admin("dev-viewer", Admin.Role.VIEWER, null));
  }

  public static Credentials configured() {
    return new Credentials(false);
  }

  public Credentials withGameKeyHash(String sha256Hex, Caller caller) {
    games.put(sha256Hex.toLowerCase(), caller);
    return this;
  }

  public Credentials withAdminHash(String sha256Hex, Admin admin) {
    admins.put(sha256Hex.toLowerCase(), admin);
    return this;
  }

  public boolean isDev() {
    return dev;
  }

  public Optional<Caller> game(String secret) {
    return blank(secret) ? Optional.empty() : Optional.ofNullable(games.get(sha256(secret)));
  }

  public Optional<Admin> admin(String secret) {
    return blank(secret) ? Optional.empty() : Optional.ofNullable(admins.get(sha256(secret)));
  }

  public int gameKeys() {
    return games.size();
  }

  public int adminTokens() {
    return admins.size();
  }

  private static boolean blank(String s) {
    return s == null || s.isEmpty();
  }

  public static String sha256(String secret) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(secret.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
