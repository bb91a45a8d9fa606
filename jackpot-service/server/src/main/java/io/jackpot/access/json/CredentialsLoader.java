package io.jackpot.access.json;

import io.jackpot.access.Admin;
import io.jackpot.access.Credentials;
import io.jackpot.config.env.Profile;
import io.jackpot.game.Caller;
import io.jackpot.http.JsonFields;
import io.jackpot.pool.PoolId;
import io.vertx.core.json.DecodeException;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Parses and checks the credentials JSON of {@code JACKPOT_CREDENTIALS_FILE} or
 * {@code JACKPOT_CREDENTIALS}; {@link LiveCredentials#load} is the entry point (format: docs/admin.md).
 * Each entry gives {@code sha256} (the file then holds no secret) or {@code secret} (hashed at once).
 * Without either, the dev credentials of docs/api.md apply; {@code JACKPOT_PROFILE=production}
 * refuses them.
 */
public final class CredentialsLoader {
  private static final Logger log = LoggerFactory.getLogger(CredentialsLoader.class);

  private CredentialsLoader() {}

  /**
   * The credentials of JACKPOT_CREDENTIALS, or the dev ones when none are configured (refused in
   * production). A JACKPOT_CREDENTIALS_FILE is read, and followed, by {@link LiveCredentials#load}.
   */
  static Credentials fromEnvironment(Map<String, String> env, Set<String> allGames) {
    String inline = env.get("JACKPOT_CREDENTIALS");
    boolean production = production(env);
    if (inline != null && !inline.isBlank()) {
      return logged(checked(parse(json(inline, "JACKPOT_CREDENTIALS"), "JACKPOT_CREDENTIALS"), production), "JACKPOT_CREDENTIALS");
    }
    if (production) {
      throw new IllegalArgumentException("JACKPOT_PROFILE=production needs JACKPOT_CREDENTIALS_FILE or JACKPOT_CREDENTIALS:"
          + " the dev credentials are refused in production");
    }
    log.warn("no credentials configured: using the DEV credentials (dev-game-key, dev-admin-token, dev-viewer-token)");
    return Credentials.dev(allGames);
  }

  /** Whether JACKPOT_PROFILE is production; refused unless it is dev or production. */
  static boolean production(Map<String, String> env) {
    return Profile.fromEnv(env) == Profile.PRODUCTION;
  }


  /** The credentials of a JACKPOT_CREDENTIALS_FILE's content, with every check of the start. */
  static Credentials fromFile(byte[] content, boolean production) {
    String text;
    try {
      text = StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(content)).toString();
    } catch (CharacterCodingException e) {
      // A secret with a byte replaced would be hashed into a key nobody holds, silently.
      throw new IllegalArgumentException("JACKPOT_CREDENTIALS_FILE is not UTF-8 text");
    }
    return checked(parse(json(text, "JACKPOT_CREDENTIALS_FILE"), "JACKPOT_CREDENTIALS_FILE"), production);
  }

  private static JsonObject json(String text, String source) {
    try {
      return new JsonObject(text);
    } catch (DecodeException e) {
      throw new IllegalArgumentException(source + " is not a JSON object: " + e.getMessage());
    }
  }

  private static Credentials checked(Credentials configured, boolean production) {
    if (production && configured.usesDevSecrets()) {
      throw new IllegalArgumentException("JACKPOT_PROFILE=production: a configured secret is one of the public dev secrets");
    }
    return configured;
  }

  static Credentials parse(JsonObject json, String source) {
    try {
      return parseEntries(json, source);
    } catch (ClassCastException e) {
      // a field of another JSON type than the format's ("gameKeys": "x")
      throw new IllegalArgumentException(source + " does not follow the format (docs/admin.md): a field has the wrong type");
    }
  }

  private static Credentials parseEntries(JsonObject json, String source) {
    Credentials c = Credentials.configured();
    addGameKeys(c, json.getJsonArray("gameKeys", new JsonArray()), source);
    addAdminTokens(c, json.getJsonArray("adminTokens", new JsonArray()), source);
    if (c.gameKeys() + c.adminTokens() == 0) {
      throw new IllegalArgumentException(source + " holds no game keys and no admin tokens");
    }
    return c;
  }

  private static void addGameKeys(Credentials c, JsonArray games, String source) {
    for (int i = 0; i < games.size(); i++) {
      JsonObject g = games.getJsonObject(i);
      String where = source + ": gameKeys[" + i + "]";
      onlyKeys(g, where, "operator", "games", "sha256", "secret");
      Set<String> linked = new HashSet<>();
      g.getJsonArray("games", new JsonArray()).forEach(x -> linked.add(id(x, where + ".games[]")));
      if (linked.isEmpty()) {
        throw new IllegalArgumentException(where + ".games must list at least one game");
      }
      c.withGameKeyHash(hash(g, where), new Caller(id(required(g, "operator", where), where + ".operator"), linked));
    }
  }

  private static void addAdminTokens(Credentials c, JsonArray admins, String source) {
    Map<String, Admin> byName = new HashMap<>();
    for (int i = 0; i < admins.size(); i++) {
      JsonObject a = admins.getJsonObject(i);
      String where = source + ": adminTokens[" + i + "]";
      Admin admin = admin(a, where);
      // The audit log tells tokens apart by name alone: one name, one role and scope. Two secrets
      // under one name (a token being rotated) stay allowed.
      Admin named = byName.putIfAbsent(admin.name(), admin);
      if (named != null && !named.equals(admin)) {
        throw new IllegalArgumentException(where + ".name " + admin.name() + " is the name of another token with another role or operator:"
            + " the audit log would not tell them apart");
      }
      c.withAdminHash(hash(a, where), admin);
    }
  }

  private static Admin admin(JsonObject a, String where) {
    // A misspelt "operator" would make a scoped token a network one, over every operator.
    onlyKeys(a, where, "name", "role", "operator", "sha256", "secret");
    Object scope = a.getValue("operator");
    if (scope != null) {
      id(scope, where + ".operator"); // leave it out for a network token
    }
    Admin.Role role;
    try {
      role = Admin.Role.valueOf(required(a, "role", where).toUpperCase());
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(where + ".role must be admin or viewer");
    }
    String name = required(a, "name", where);
    // Every audited change records it: shown in operators' terminals, and PostgreSQL refuses a NUL.
    if (!JsonFields.isPrintable(name)) {
      throw new IllegalArgumentException(where + ".name must be 1–128 printable ASCII characters");
    }
    return new Admin(name, role, a.getString("operator"));
  }

  /** Said once, at start (a reload says what it replaced): how many keys and tokens {@code source} holds. */
  static Credentials logged(Credentials c, String source) {
    log.info("credentials from {}: {} game keys, {} admin tokens", source, c.gameKeys(), c.adminTokens());
    return c;
  }

  /**
   * An operator or game id, which follows the rule of every id ({@link PoolId#ID_RULE}): an
   * operator id must be one a jackpot's owner can name, and a game id one a contribution can send.
   */
  private static String id(Object value, String where) {
    if (!(value instanceof String s) || !PoolId.isId(s)) {
      throw new IllegalArgumentException(where + " must be an id (" + PoolId.ID_RULE + "), got " + value);
    }
    return s;
  }

  private static void onlyKeys(JsonObject entry, String where, String... known) {
    Set<String> unknown = new TreeSet<>(entry.fieldNames());
    unknown.removeAll(Set.of(known));
    if (!unknown.isEmpty()) {
      throw new IllegalArgumentException(where + " has unknown fields " + unknown + "; known: " + String.join(", ", known));
    }
  }

  private static String hash(JsonObject entry, String where) {
    String hash = entry.getString("sha256");
    if (hash != null) {
      if (!hash.matches("[0-9a-fA-F]{64}")) {
        throw new IllegalArgumentException(where + ".sha256 must be 64 hex digits");
      }
      return hash;
    }
    String secret = entry.getString("secret");
    if (secret == null || secret.length() < 16) {
      throw new IllegalArgumentException(where + " needs sha256, or a secret of at least 16 characters");
    }
    return Credentials.sha256(secret);
  }

  private static String required(JsonObject entry, String field, String where) {
    String v = entry.getString(field);
    if (v == null || v.isBlank()) {
      throw new IllegalArgumentException(where + "." + field + " is required");
    }
    return v;
  }
}
