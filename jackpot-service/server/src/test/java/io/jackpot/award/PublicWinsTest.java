package io.jackpot.award;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.jackpot.award.http.WinJson;
import io.vertx.core.json.JsonObject;
import org.junit.jupiter.api.Test;

class PublicWinsTest {
  @Test
  void anonymousLeavesOutThePlayerAndTheRoundOnly() {
    JsonObject win = new JsonObject().put("winId", "w").put("playerId", "p").put("roundId", "r").put("gameId", "g").put("amount", "1");
    assertEquals(win.copy(), WinJson.shown(win.copy(), PublicWins.FULL));
    assertEquals(new JsonObject().put("winId", "w").put("gameId", "g").put("amount", "1"), WinJson.shown(win.copy(), PublicWins.ANONYMOUS));
  }
}
