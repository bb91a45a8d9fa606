package io.jackpot.award;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jackpot.award.http.WinJson;
import io.vertx.core.json.JsonObject;
import org.junit.jupiter.api.Test;

class PublicWinsTest {
  @Test
  void fullUnlessSaidOtherwiseAndATypoRefusesTheStart() {
    assertEquals(PublicWins.FULL, PublicWins.parse("V", null));
    assertEquals(PublicWins.FULL, PublicWins.parse("V", " "));
    assertEquals(PublicWins.ANONYMOUS, PublicWins.parse("V", "Anonymous"));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> PublicWins.parse("JACKPOT_PUBLIC_WINS", "anon"));
    assertTrue(e.getMessage().startsWith("JACKPOT_PUBLIC_WINS"), e.getMessage());
  }

  @Test
  void anonymousLeavesOutThePlayerAndTheRoundOnly() {
    JsonObject win = new JsonObject().put("winId", "w").put("playerId", "p").put("roundId", "r").put("gameId", "g").put("amount", "1");
    assertEquals(win.copy(), WinJson.shown(win.copy(), PublicWins.FULL));
    assertEquals(new JsonObject().put("winId", "w").put("gameId", "g").put("amount", "1"), WinJson.shown(win.copy(), PublicWins.ANONYMOUS));
  }
}
