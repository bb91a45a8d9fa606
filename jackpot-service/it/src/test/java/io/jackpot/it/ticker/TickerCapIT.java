package io.jackpot.it.ticker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.jackpot.JackpotNode;
import io.jackpot.catalogue.DefaultCatalogue;
import io.jackpot.config.ServiceConfig;
import io.jackpot.it.support.TestNodes;
import io.jackpot.it.support.TestPostgres;
import java.net.http.WebSocketHandshakeException;
import java.time.Clock;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;

/**
 * A member takes at most JACKPOT_TICKER_MAX_SUBSCRIBERS ticker subscribers: every connect reads the
 * followed pools on the partition threads that apply the contributions, and a subscriber holds a
 * connection. The next is refused 503 (Retry-After) before the upgrade, until one leaves.
 */
class TickerCapIT {

  @Test
  void aMemberHoldingItsMostSubscribersRefusesTheNext503UntilOneLeaves() throws Exception {
    ServiceConfig config = ServiceConfig.fromEnv(Map.of("JACKPOT_TICKER_MAX_SUBSCRIBERS", "2")).withHttpPort(TestNodes.freePort())
        .withPgUrl(TestPostgres.freshDatabase()).withCluster(TestNodes.ownCluster());
    try (JackpotNode node = JackpotNode.start(config, Clock.systemUTC(), DefaultCatalogue.create());
        TickerIT.Subscription one = TickerIT.Subscription.open(node, "")) {
      TickerIT.Subscription two = TickerIT.Subscription.open(node, "?jackpots=candy");
      CompletionException refused = assertThrows(CompletionException.class, () -> TickerIT.connect(node, "", new TickerIT.Listener()));
      WebSocketHandshakeException handshake = assertInstanceOf(WebSocketHandshakeException.class, refused.getCause());
      assertEquals(503, handshake.getResponse().statusCode());
      assertEquals(Optional.of("1"), handshake.getResponse().headers().firstValue("Retry-After"));
      assertEquals(2, node.tickerHub().size(), "the refused connect was never registered");
      two.close(); // returns once the member let it go
      try (TickerIT.Subscription three = TickerIT.Subscription.open(node, "")) {
        assertEquals("snapshot", three.snapshot().getString("type"));
      }
    }
  }
}
