package io.jackpot.sdk.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jackpot.sdk.Win;
import java.io.IOException;
import java.math.BigDecimal;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/** The ticker's messages are read as JSON: docs/api.md's spaced examples work as well as the service's compact text. */
class TickerListenerTest {
  private final List<Win> heard = new CopyOnWriteArrayList<>();
  private final TickerListener ticker = new TickerListener(null, null, null, null, List.of(heard::add), () -> false);

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

  /** Reconnecting backs off from about 1 s to at most 30 s, spread out, and heeds an upgrade's Retry-After. */
  @Test
  void reconnectsBackOffWithJitterAndHeedRetryAfter() {
    assertEquals(500, TickerListener.reconnectWait(1, -1, 0.0));
    assertEquals(1_000, TickerListener.reconnectWait(1, -1, 1.0));
    assertEquals(4_000, TickerListener.reconnectWait(3, -1, 1.0));
    assertEquals(15_000, TickerListener.reconnectWait(20, -1, 0.0), "capped, still spread between half and all of 30 s");
    assertEquals(30_000, TickerListener.reconnectWait(20, -1, 1.0));
    assertEquals(7_000, TickerListener.reconnectWait(1, 7_000, 0.0), "never sooner than the service asked");
    assertEquals(-1, RetryAfter.ofUpgrade(new IOException("connection refused")));
  }

  /**
   * An endpoint that takes the connection and never answers the upgrade (a frozen member whose
   * kernel still accepts): the attempt is given up after its connect timeout and another follows.
   * Without that limit the first attempt waited for ever, and no win was told again.
   */
  @Test
  void anUpgradeNeverAnsweredIsGivenUpAndTriedAgain() throws Exception {
    try (ServerSocket silent = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
      var accepted = new LinkedBlockingQueue<Socket>();
      var held = new CopyOnWriteArrayList<Socket>(); // all of them, to close at the end
      Thread acceptor = new Thread(() -> {
        try {
          while (true) {
            Socket s = silent.accept(); // held open, never answered
            held.add(s);
            accepted.add(s);
          }
        } catch (IOException closed) {
          // the test is over
        }
      });
      acceptor.setDaemon(true);
      acceptor.start();
      var scheduler = Executors.newSingleThreadScheduledExecutor();
      var closed = new AtomicBoolean();
      TickerListener listener = new TickerListener(HttpClient.newHttpClient(), Duration.ofMillis(300),
          new Endpoints(List.of(URI.create("http://127.0.0.1:" + silent.getLocalPort()))), scheduler, List.of(heard::add),
          closed::get);
      try {
        listener.connect();
        assertTrue(accepted.poll(10, TimeUnit.SECONDS) != null, "the first attempt connected");
        // The first attempt times out after 300 ms; the next follows after a backoff of 0.5–1 s.
        assertTrue(accepted.poll(10, TimeUnit.SECONDS) != null, "a second attempt followed the unanswered one");
        assertFalse(listener.subscribed().toCompletableFuture().isDone());
      } finally {
        closed.set(true);
        scheduler.shutdownNow();
        for (Socket s : held) {
          s.close();
        }
      }
    }
  }

  @Test
  void ignoresWhatItCannotRead() {
    ticker.handle("not json");
    ticker.handle("{\"type\": \"win\", \"winId\": \"w-2\"}"); // no amount: not a win it can report
    ticker.handle("{\"note\": \"mentions \\\"type\\\":\\\"win\\\" in a string\"}");
    assertTrue(heard.isEmpty());
  }

  private static String pool(String key, String lastWinId) {
    String lastWin = lastWinId == null ? "null" : """
        {"winId": "%s", "jackpotId": "candy", "poolKey": "%s", "sequence": %s, "roundId": "r-%s", "playerId": "p",
         "amount": "12.000000", "currency": "EUR", "amountInCurrency": "12.00", "wonAt": "2026-11-21T13:45:01.123Z",
         "trigger": "RANDOM"}""".formatted(lastWinId, key, lastWinId.substring(lastWinId.lastIndexOf('/') + 1), lastWinId);
    return "{\"key\": \"" + key + "\", \"amount\": \"10\", \"lastWin\": " + lastWin + "}";
  }

  private static String snapshot(String... pools) {
    return "{\"type\": \"snapshot\", \"jackpots\": [{\"id\": \"candy\", \"pools\": [" + String.join(",", pools) + "]}]}";
  }

  /** A win made while the ticker was reconnecting is told from the next snapshot, once. */
  @Test
  void aWinMissedWhileReconnectingIsToldFromTheNextSnapshot() {
    ticker.handle(snapshot(pool("mini", "candy/mini/1"), pool("major", null)));
    assertTrue(heard.isEmpty(), "what was won before the game subscribed is not news");
    // The connection drops; meanwhile mini and major are won. The next connection's snapshot:
    ticker.handle(snapshot(pool("mini", "candy/mini/2"), pool("major", "candy/major/1"), pool("new", "candy/new/1")));
    assertEquals(List.of("candy/mini/2", "candy/major/1"), heard.stream().map(Win::winId).toList(),
        "the pools' last wins it had not heard of (not the pool it never saw)");
    // The same win again, as a message right after the snapshot, and in a later snapshot: told once.
    ticker.handle(snapshot(pool("mini", "candy/mini/2"), pool("major", "candy/major/1"), pool("new", "candy/new/1")));
    ticker.handle("""
        {"type": "win", "winId": "candy/mini/2", "jackpotId": "candy", "poolKey": "mini", "sequence": 2, "roundId": "r-2",
         "playerId": "p", "amount": "12.000000", "currency": "EUR", "amountInCurrency": "12.00",
         "wonAt": "2026-11-21T13:45:01.123Z", "trigger": "RANDOM"}""");
    assertEquals(2, heard.size(), "each win told once: " + heard);
    // A late message of an older win (from a connection that has since dropped) is told, but does
    // not make the pool's newer win news again.
    ticker.handle("""
        {"type": "win", "winId": "candy/mini/0", "jackpotId": "candy", "poolKey": "mini", "sequence": 0, "roundId": "r-0",
         "playerId": "p", "amount": "12.000000", "currency": "EUR", "amountInCurrency": "12.00",
         "wonAt": "2026-11-21T13:45:01.123Z", "trigger": "RANDOM"}""");
    // Over a thousand wins of another pool later (the ids told are remembered within a bound):
    for (int i = 1; i <= 1100; i++) {
      ticker.handle("""
          {"type": "win", "winId": "candy/other/%d", "jackpotId": "candy", "poolKey": "other", "sequence": %d, "roundId": "r",
           "playerId": "p", "amount": "1.000000", "currency": "EUR", "amountInCurrency": "1.00",
           "wonAt": "2026-11-21T13:45:01.123Z", "trigger": "RANDOM"}""".formatted(i, i));
    }
    assertEquals(3 + 1100, heard.size());
    ticker.handle(snapshot(pool("mini", "candy/mini/2"), pool("major", "candy/major/1"), pool("new", "candy/new/1")));
    assertEquals(3 + 1100, heard.size(), "nothing new in the pools' last wins");
  }

  /** A listener of the game's that throws, even an Error of its own (an AssertionError), does not keep the win from the next. */
  @Test
  void aListenerThrowingAnErrorDoesNotKeepTheWinFromTheNext() {
    List<Win> second = new CopyOnWriteArrayList<>();
    TickerListener twoListeners = new TickerListener(null, null, null, null, List.of(
        w -> {
          throw new AssertionError("the game's own check failed");
        }, second::add), () -> false);
    twoListeners.handle(snapshot(pool("mini", null)));
    twoListeners.handle("""
        {"type": "win", "winId": "candy/mini/1", "jackpotId": "candy", "poolKey": "mini", "sequence": 1, "roundId": "r-1",
         "playerId": "p", "amount": "12.000000", "currency": "EUR", "amountInCurrency": "12.00",
         "wonAt": "2026-11-21T13:45:01.123Z", "trigger": "RANDOM"}""");
    assertEquals(List.of("candy/mini/1"), second.stream().map(Win::winId).toList());
  }
}
