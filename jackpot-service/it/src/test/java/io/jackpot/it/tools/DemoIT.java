package io.jackpot.it.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jackpot.JackpotNode;
import io.jackpot.it.contribution.SdkIT;
import io.jackpot.it.support.Await;
import io.jackpot.it.support.OneNode;
import io.jackpot.it.support.SimplePg;
import io.jackpot.it.support.TestNodes;
import io.jackpot.it.support.TestPostgres;
import io.jackpot.sim.DemoPlayers;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The simulated players of the four seed games, through the SDK, against the real service. */
class DemoIT {
  @Test
  void everySimulatedRoundIsRecordedOnceAndTheGamesWinJackpots() throws Exception {
    String pg = TestPostgres.freshDatabase();
    JackpotNode node = SdkIT.start(pg, TestNodes.freePort());
    try {
      DemoPlayers demo = DemoPlayers.start("http://127.0.0.1:" + node.httpPort(), "dev-game-key", 2, Duration.ofMillis(5), 40, 42);
      try {
        Await.until(() -> demo.counts().applied() >= 800 && demo.counts().wins() >= 3, Duration.ofSeconds(60),
            () -> "the demo plays and wins: " + demo.counts());
      } finally {
        demo.close();
      }
      // Closing delivered every round the players had started.
      DemoPlayers.Counts counts = demo.counts();
      assertEquals(0, counts.refused(), "every simulated bet is valid for its game: " + counts);
      assertEquals(0, counts.failed(), counts.toString());
      try (SimplePg sql = SimplePg.of(pg)) {
        assertEquals(counts.rounds(), sql.count("SELECT count(*) FROM rounds WHERE round_id LIKE 'DEMO-%'"), "every round once");
        for (String game : new String[] {"bewitched", "dont-eat-the-candy", "creepy-candy", "cluster-bear-sweet-wins"}) {
          assertTrue(sql.count("SELECT count(*) FROM rounds WHERE game_id = '" + game + "'") > 0, game + " played");
        }
        assertTrue(sql.count("SELECT count(*) FROM wins WHERE round_id LIKE 'DEMO-%'") >= 3, "jackpots won");
      }
      OneNode.assertBalanced(node.httpPort());
    } finally {
      node.close();
    }
  }
}
