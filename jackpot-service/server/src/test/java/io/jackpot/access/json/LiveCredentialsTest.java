package io.jackpot.access.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jackpot.access.Credentials;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LiveCredentialsTest {
  @TempDir
  Path dir;

  static String file(String gameKey, String adminToken) {
    return """
        {"gameKeys": [{"operator": "op-a", "games": ["bewitched"], "secret": "%s"}],
         "adminTokens": [{"name": "ops", "role": "admin", "secret": "%s"}]}""".formatted(gameKey, adminToken);
  }

  private LiveCredentials live(Path file, String... more) throws Exception {
    Map<String, String> env = new HashMap<>(Map.of("JACKPOT_CREDENTIALS_FILE", file.toString()));
    for (int i = 0; i < more.length; i += 2) {
      env.put(more[i], more[i + 1]);
    }
    return LiveCredentials.load(env, Set.of("bewitched"));
  }

  @Test
  void aChangedFileReplacesTheCredentialsWhole() throws Exception {
    Path f = Files.writeString(dir.resolve("credentials.json"), file("key-1-0123456789ab", "token-1-0123456789ab"));
    LiveCredentials live = live(f);
    assertEquals(LiveCredentials.DEFAULT_RELOAD_SECONDS, live.reloadSeconds());
    assertTrue(live.get().game("key-1-0123456789ab").isPresent());
    assertFalse(live.reload(), "the same content: nothing to do");

    Files.writeString(f, file("key-2-0123456789ab", "token-2-0123456789ab"));
    assertTrue(live.reload());
    assertTrue(live.get().game("key-1-0123456789ab").isEmpty(), "the old key is revoked");
    assertTrue(live.get().admin("token-1-0123456789ab").isEmpty(), "the old token is revoked");
    assertEquals("op-a", live.get().game("key-2-0123456789ab").orElseThrow().operatorId());
    assertTrue(live.get().admin("token-2-0123456789ab").isPresent());
  }

  @Test
  void aFileThatFailsTheChecksLeavesTheCredentialsInForce() throws Exception {
    Path f = Files.writeString(dir.resolve("credentials.json"), file("key-1-0123456789ab", "token-1-0123456789ab"));
    LiveCredentials live = live(f, "JACKPOT_PROFILE", "production");
    Credentials before = live.get();

    Files.writeString(f, "{\"gameKeys\": [");
    assertFalse(live.reload(), "not JSON");
    Files.writeString(f, file("key-2-0123456789ab", "token-2-0123456789ab").replace("\"secret\": \"key-2-0123456789ab\"",
        "\"sha256\": \"" + Credentials.sha256(Credentials.DEV_GAME_KEY) + "\""));
    assertFalse(live.reload(), "a public dev secret in production");
    Files.writeString(f, "{\"gameKeys\": []}");
    assertFalse(live.reload(), "no keys at all");
    Files.writeString(f, "{\"gameKeys\": \"x\"}");
    assertFalse(live.reload(), "a field of the wrong type");
    Files.write(f, file("key-4-0123456789ab", "token-4-0123456789ab").replace("key-4", "key-\u00e9").getBytes(
        StandardCharsets.ISO_8859_1));
    assertFalse(live.reload(), "not UTF-8: a secret would be hashed into a key nobody holds");
    Files.delete(f);
    assertFalse(live.reload(), "gone");
    assertEquals(before, live.get(), "the credentials in force stay");

    Files.writeString(f, file("key-3-0123456789ab", "token-3-0123456789ab"));
    assertTrue(live.reload(), "a good file again is taken");
    assertTrue(live.get().game("key-3-0123456789ab").isPresent());
  }

  @Test
  void aFileOfTheWrongShapeRefusesTheStartWithAReason() throws Exception {
    Path f = Files.writeString(dir.resolve("credentials.json"), "{\"gameKeys\": \"x\"}");
    var e = assertThrows(IllegalArgumentException.class, () -> live(f));
    assertTrue(e.getMessage().contains("wrong type"), e.getMessage());
    Files.writeString(f, "not json");
    e = assertThrows(IllegalArgumentException.class, () -> live(f));
    assertTrue(e.getMessage().contains("not a JSON object"), e.getMessage());
  }

  @Test
  void credentialsFromTheEnvironmentOrTheDevOnesDoNotChange() throws Exception {
    LiveCredentials inline = LiveCredentials.load(Map.of("JACKPOT_CREDENTIALS", file("key-1-0123456789ab", "token-1-0123456789ab")), Set.of("bewitched"));
    assertEquals(0, inline.reloadSeconds());
    assertFalse(inline.reload());
    LiveCredentials dev = LiveCredentials.load(Map.of(), Set.of("bewitched"));
    assertTrue(dev.get().isDev());
    assertEquals(0, dev.reloadSeconds());
  }

  @Test
  void aFileThatCannotBeReadOrTwoSourcesRefuseTheStartNamingTheVariable() throws Exception {
    Path missing = dir.resolve("absent.json");
    var e = assertThrows(IllegalArgumentException.class,
        () -> LiveCredentials.load(Map.of("JACKPOT_CREDENTIALS_FILE", missing.toString()), Set.of("bewitched")));
    assertTrue(e.getMessage().startsWith("JACKPOT_CREDENTIALS_FILE: cannot read " + missing), e.getMessage());
    Path f = Files.writeString(dir.resolve("credentials.json"), file("key-1-0123456789ab", "token-1-0123456789ab"));
    e = assertThrows(IllegalArgumentException.class, () -> LiveCredentials.load(Map.of("JACKPOT_CREDENTIALS_FILE", f.toString(),
        "JACKPOT_CREDENTIALS", file("key-2-0123456789ab", "token-2-0123456789ab")), Set.of("bewitched")));
    assertTrue(e.getMessage().contains("JACKPOT_CREDENTIALS_FILE and JACKPOT_CREDENTIALS are both set"), e.getMessage());
  }

  @Test
  void theReloadPeriodIsASettingWithinBounds() throws Exception {
    Path f = Files.writeString(dir.resolve("credentials.json"), file("key-1-0123456789ab", "token-1-0123456789ab"));
    assertEquals(0, live(f, "JACKPOT_CREDENTIALS_RELOAD_SECONDS", "0").reloadSeconds(), "0: never");
    assertEquals(2, live(f, "JACKPOT_CREDENTIALS_RELOAD_SECONDS", "2").reloadSeconds());
    var e = assertThrows(IllegalArgumentException.class, () -> live(f, "JACKPOT_CREDENTIALS_RELOAD_SECONDS", "soon"));
    assertTrue(e.getMessage().contains("JACKPOT_CREDENTIALS_RELOAD_SECONDS"), e.getMessage());
  }
}
