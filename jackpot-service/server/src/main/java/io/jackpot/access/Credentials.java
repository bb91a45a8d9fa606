package io.jackpot.access;

import io.jackpot.game.Caller;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

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

  /** The dev credentials of docs/api.md, for when nothing else is configured. */
  public static Credentials dev(Set<String> allGames) {
    return new Credentials(true)
        .withGameKeyHash(sha256(DEV_GAME_KEY), new Caller("demo", allGames))
        .withAdminHash(sha256(DEV_ADMIN_TOKEN), new Admin("dev-admin", Admin.Role.ADMIN, null))
        .withAdminHash(sha256(DEV_VIEWER_TOKEN), new Admin("dev-viewer", Admin.Role.VIEWER, null));
  }

  public static Credentials configured() {
    return new Credentials(false);
  }

  /** Each secret may be one key only: a hash given twice, or as both a game key and a token, is refused. */
  public Credentials withGameKeyHash(String sha256Hex, Caller caller) {
    unique(sha256Hex);
    games.put(sha256Hex.toLowerCase(), caller);
    return this;
  }

  public Credentials withAdminHash(String sha256Hex, Admin admin) {
    unique(sha256Hex);
    admins.put(sha256Hex.toLowerCase(), admin);
    return this;
  }

  private void unique(String hash) {
    if (games.containsKey(hash.toLowerCase()) || admins.containsKey(hash.toLowerCase())) {
      throw new IllegalArgumentException("a secret is configured twice (hash " + hash.substring(0, 8) + "…)");
    }
  }

  /** Whether any configured secret is one of the publicly known dev secrets. */
  public boolean usesDevSecrets() {
    return Stream.of(DEV_GAME_KEY, DEV_ADMIN_TOKEN, DEV_VIEWER_TOKEN)
        .map(Credentials::sha256).anyMatch(h -> games.containsKey(h) || admins.containsKey(h));
  }

  /** The operators whose game keys speak for {@code gameId}. */
  public Set<String> operatorsOf(String gameId) {
    Set<String> out = new TreeSet<>();
    games.values().stream().filter(c -> c.games().contains(gameId)).forEach(c -> out.add(c.operatorId()));
    return out;
  }

  /** The games an operator's game keys speak for. */
  public Set<String> gamesOf(String operatorId) {
    Set<String> out = new TreeSet<>();
    games.values().stream().filter(c -> c.operatorId().equals(operatorId)).forEach(c -> out.addAll(c.games()));
    return out;
  }

  public boolean isDev() {
    return dev;
  }

  public Optional<Caller> game(String secret) {
    return blank(secret) ? Optional.empty() : gameByHash(sha256(secret));
  }

  public Optional<Admin> admin(String secret) {
    return blank(secret) ? Optional.empty() : adminByHash(sha256(secret));
  }

  /** The caller of a game key given by its hash ({@link #sha256}, lower-case hex). */
  public Optional<Caller> gameByHash(String sha256Hex) {
    return Optional.ofNullable(games.get(sha256Hex));
  }

  /** The admin of a token given by its hash ({@link #sha256}, lower-case hex). */
  public Optional<Admin> adminByHash(String sha256Hex) {
    return Optional.ofNullable(admins.get(sha256Hex));
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
