package io.jackpot.it.catalogue;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.jackpot.JackpotNode;
import io.jackpot.access.Credentials;
import io.jackpot.it.support.AdminCalls;
import io.jackpot.it.support.Api;
import io.jackpot.it.support.SimplePg;
import io.jackpot.it.support.TestNodes;
import io.jackpot.it.support.TestPostgres;
import org.junit.jupiter.api.Test;

/**
 * A jackpot defined on one member a moment ago can be won there before another member has heard of
 * its definition. That member's reads of the win (the admin's list of wins, a game's look-up by win
 * id) cannot show its amount in the jackpot's currency yet: they are refused 503 POOL_NOT_LOADED
 * (retry shortly), not 500 as a failure of the service. The state is made exactly by recording the
 * win in the member's ledger under a jackpot its catalogue does not hold.
 */
class UnheardJackpotIT {

  @Test
  void readsOfAWinOfAJackpotThisMemberHasNotHeardOfAreRefused503NotFailed() throws Exception {
    String pgUrl = TestPostgres.freshDatabase();
    try (JackpotNode node = TestNodes.start(pgUrl, TestNodes.ownCluster()); SimplePg pg = SimplePg.of(pgUrl)) {
      pg.execute("""
          INSERT INTO wins (win_id, jackpot_id, pool_key, sequence, op_seq, round_id, player_id, game_id, operator_id,
                            amount_micros, seed_micros, won_at, amount_after_micros, amount_after_sub, seed_after_micros,
                            seed_from_reserve_micros, seed_from_reserve_sub, operator_funding_micros, operator_funding_sub, how)
          VALUES ('win-unheard-1', 'defined-elsewhere', 'main', 1, 7, 'round-unheard-1', 'p1', 'bewitched', 'demo',
                  250000000, 200000000, now(), 200000000, 0, 200000000, 0, 0, 200000000, 0, 'CLAIM')""");

      Api.Reply list = AdminCalls.callAt(node.httpPort(), "GET", "/v1/admin/wins", Credentials.DEV_VIEWER_TOKEN);
      assertEquals(503, list.status(), list.body());
      assertEquals("POOL_NOT_LOADED", list.errorCode(), list.body());

      Api.Reply one = new Api(node.httpPort()).get("/v1/wins/win-unheard-1");
      assertEquals(503, one.status(), one.body());
      assertEquals("POOL_NOT_LOADED", one.errorCode(), one.body());
    }
  }
}
