package io.jackpot.sdk.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jackpot.sdk.Win;
import java.math.BigDecimal;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/** The ticker's messages are read as JSON: API.md's spaced examples work as well as the service's compact text. */
class TickerListenerTest {
  private final List<Win> heard = new CopyOnWriteArrayList<>();
  private final TickerListener ticker = new TickerListener(null, null, null, List.of(heard::add), () -> false);

  @Test
  void readsSpacedMessagesInAnyKeyOrder() {
    ticker.handle("{\"type\": \"update\", \"pools\": [{\"jackpotId\": \"candy\", \"poolKey\": \"mini\", \"amount\": \"10.5\"}]}");
    assertFalse(ticker.subscribed().toCompletableFuture().isDone(), "an update is not the snapshot");
    ticker.handle("{ \"jackpots\": [], \"type\" : \"snapshot\" }");
    assertTrue(ticker.subscribed().toCompletableFuture().isDone());
    ticker.handle("""
        {"winId": "w-1", "jackpotId": "bewitched", "poolKey": "cv-0.10", "sequence": 17, "roundId": "r-1",
         "playerId": "p-42", "amount": "1234.567800", "currency": "EUR", "amountInCurrency": "1234.56",
         "wonAt": "2026-11-21T13:45:01.123Z", "trigger": "CLAIM", "type": "win"}""");
    assertEquals(1, heard.size());
    assertEquals("w-1", heard.get(0).winId());
    assertEquals(new BigDecimal("1234.567800"), heard.get(0).amount());
  }

  @Test
  void ignoresWhatItCannotRead() {
    ticker.handle("not json");
    ticker.handle("{\"type\": \"win\", \"winId\": \"w-2\"}"); // no amount: not a win it can report
    ticker.handle("{\"note\": \"mentions \\\"type\\\":\\\"win\\\" in a string\"}");
    assertTrue(heard.isEmpty());
  }
}
