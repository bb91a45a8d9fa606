package io.jackpot.access.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jackpot.access.Admin;
import io.jackpot.access.Credentials;
import io.vertx.core.json.JsonObject;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class CredentialsTest {
  @Test
  void secretsAreFoundByHashAndNeverKeptInClear() {
    Credentials c = CredentialsLoader.parse(new JsonObject("""
        {"gameKeys": [{"secret": "a-long-game-secret-1", "operator": "op1", "games": ["bewitched"]}],
         "adminTokens": [{"name": "alice", "sha256": "%s", "role": "viewer", "operator": "op1"}]}""".formatted(
        Credentials.sha256("a-long-admin-secret"))), "test");
    assertEquals("op1", c.game("a-long-game-secret-1").orElseThrow().operatorId());
    assertEquals(Admin.Role.VIEWER, c.admin("a-long-admin-secret").orElseThrow().role());
    assertTrue(c.game("a-long-admin-secret").isEmpty());
    assertEquals(Set.of("bewitched"), c.gamesOf("op1"));
  }

  @Test
  void aSecretConfiguredTwiceIsRefused() {
    assertThrows(IllegalArgumentException.class, () -> CredentialsLoader.parse(new JsonObject("""
        {"gameKeys": [{"secret": "same-secret-123456", "operator": "a", "games": ["bewitched"]}],
         "adminTokens": [{"name": "x", "secret": "same-secret-123456", "role": "admin"}]}"""), "test"));
  }

  /** The audit log records a change's token by name: one name must not stand for two powers. */
  @Test
  void aTokenNameTakesOneRoleAndScopeAndMayHaveTwoSecretsWhileRotated() {
    for (String other : new String[] {"\"role\": \"viewer\"", "\"role\": \"admin\", \"operator\": \"op1\""}) {
      String tokens = "{\"adminTokens\": [{\"name\": \"ops-alice\", \"secret\": \"a-long-admin-secret\", \"role\": \"admin\"},"
          + " {\"name\": \"ops-alice\", \"secret\": \"another-admin-secret\", " + other + "}]}";
      var e = assertThrows(IllegalArgumentException.class, () -> CredentialsLoader.parse(new JsonObject(tokens), "test"),
          tokens);
      assertTrue(e.getMessage().contains("adminTokens[1].name ops-alice"), e.getMessage());
    }
    Credentials rotated = CredentialsLoader.parse(new JsonObject("""
        {"adminTokens": [{"name": "ops-alice", "secret": "a-long-admin-secret", "role": "admin", "operator": "op1"},
                         {"name": "ops-alice", "secret": "another-admin-secret", "role": "admin", "operator": "op1"}]}"""), "test");
    assertTrue(rotated.admin("a-long-admin-secret").isPresent(), "the first secret is known");
    assertEquals(rotated.admin("a-long-admin-secret"), rotated.admin("another-admin-secret"));
  }

  /** A misspelt "operator" would have made a token scoped to one operator a network token over all of them. */
  @Test
  void unknownOrBlankFieldsAreRefused() {
    for (String admin : new String[] {"{\"name\": \"x\", \"secret\": \"a-long-admin-secret\", \"role\": \"admin\", \"Operator\": \"op1\"}",
        "{\"name\": \"x\", \"secret\": \"a-long-admin-secret\", \"role\": \"admin\", \"operator\": \" \"}",
        "{\"name\": \"x\", \"secret\": \"a-long-admin-secret\", \"role\": \"admin\", \"operator\": 7}",
        // the name every audited change records: PostgreSQL refuses a NUL, terminals run an escape
        "{\"name\": \"x\\u0000\", \"secret\": \"a-long-admin-secret\", \"role\": \"admin\"}",
        "{\"name\": \"x\\u001b[2J\", \"secret\": \"a-long-admin-secret\", \"role\": \"admin\"}"}) {
      var e = assertThrows(IllegalArgumentException.class, () -> CredentialsLoader.parse(
          new JsonObject("{\"adminTokens\": [" + admin + "]}"), "test"), admin);
      assertTrue(e.getMessage().contains("adminTokens[0]"), e.getMessage());
    }
    assertThrows(IllegalArgumentException.class, () -> CredentialsLoader.parse(new JsonObject("""
        {"gameKeys": [{"secret": "a-long-game-secret", "operator": "a", "games": ["bewitched"], "game": "x"}]}"""), "test"));
  }

  /** Operator and game ids follow the rule of every id: a jackpot's owner must be able to name the operator. */
  @Test
  void operatorAndGameIdsMustBeIds() {
    for (String key : new String[] {
        "{\"secret\": \"a-long-game-secret\", \"operator\": \"Acme Casino\", \"games\": [\"bewitched\"]}",
        "{\"secret\": \"a-long-game-secret\", \"operator\": \"acme/eu\", \"games\": [\"bewitched\"]}",
        "{\"secret\": \"a-long-game-secret\", \"operator\": \"acme\", \"games\": [\"Bewitched\"]}",
        "{\"secret\": \"a-long-game-secret\", \"operator\": \"acme\", \"games\": [7]}"}) {
      var e = assertThrows(IllegalArgumentException.class, () -> CredentialsLoader.parse(
          new JsonObject("{\"gameKeys\": [" + key + "]}"), "test"), key);
      assertTrue(e.getMessage().contains("gameKeys[0]") && e.getMessage().contains("must be an id"), e.getMessage());
    }
    var e = assertThrows(IllegalArgumentException.class, () -> CredentialsLoader.parse(new JsonObject(
        "{\"adminTokens\": [{\"name\": \"x\", \"secret\": \"a-long-admin-secret\", \"role\": \"admin\", \"operator\": \"Acme\"}]}"),
        "test"));
    assertTrue(e.getMessage().contains("adminTokens[0].operator"), e.getMessage());
    assertEquals(1, CredentialsLoader.parse(new JsonObject("""
        {"gameKeys": [{"secret": "a-long-game-secret", "operator": "acme.eu-1", "games": ["bewitched"]}]}"""), "test").gameKeys());
  }

  @Test
  void productionRefusesTheDevCredentialsAndTheDevSecrets() throws Exception {
    assertThrows(IllegalArgumentException.class, () -> CredentialsLoader.fromEnvironment(Map.of("JACKPOT_PROFILE", "production"), Set.of()));
    String json = "{\"adminTokens\": [{\"name\": \"x\", \"secret\": \"dev-viewer-token\", \"role\": \"viewer\"}]}";
    assertThrows(IllegalArgumentException.class,
        () -> CredentialsLoader.fromEnvironment(Map.of("JACKPOT_PROFILE", "production", "JACKPOT_CREDENTIALS", json), Set.of()));
    assertTrue(CredentialsLoader.fromEnvironment(Map.of(), Set.of("bewitched")).isDev());
    IllegalArgumentException typo = assertThrows(IllegalArgumentException.class,
        () -> CredentialsLoader.fromEnvironment(Map.of("JACKPOT_PROFILE", "prod"), Set.of("bewitched")));
    assertTrue(typo.getMessage().contains("JACKPOT_PROFILE"), "a typo never means dev: " + typo.getMessage());
  }
}
