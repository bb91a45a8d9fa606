package io.jackpot.it.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jackpot.JackpotNode;
import io.jackpot.catalogue.DefaultCatalogue;
import io.jackpot.config.ServiceConfig;
import io.jackpot.it.support.Api;
import io.jackpot.it.support.Await;
import io.jackpot.it.support.JsonMessages;
import io.jackpot.it.support.RawWebSocket;
import io.jackpot.it.support.TestNodes;
import io.jackpot.it.support.TestPostgres;
import io.jackpot.it.ticker.TickerIT;
import java.io.DataInputStream;
import java.io.InputStream;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Slow and greedy clients, with short bounds: request headers within 1 s, 3 s idle between
 * requests, 4 connections and 2 ticker subscribers per client address.
 */
class SlowClientsIT {
  private static final String CLIENT = "127.0.0.1";
  private static JackpotNode node;

  @BeforeAll
  static void start() throws Exception {
    ServiceConfig config = ServiceConfig.fromEnv(Map.of("JACKPOT_HTTP_HEADER_TIMEOUT_SECONDS", "1", "JACKPOT_HTTP_IDLE_TIMEOUT_SECONDS", "3",
            "JACKPOT_HTTP_MAX_CONNECTIONS_PER_CLIENT", "4", "JACKPOT_TICKER_MAX_SUBSCRIBERS_PER_CLIENT", "2"))
        .withHttpPort(TestNodes.freePort()).withPgUrl(TestPostgres.freshDatabase()).withCluster(TestNodes.ownCluster());
    node = JackpotNode.start(config, Clock.systemUTC(), DefaultCatalogue.create());
  }

  @AfterAll
  static void stop() throws Exception {
    node.close();
  }

  private static Socket connect() throws Exception {
    Socket socket = new Socket(CLIENT, node.httpPort());
    socket.setSoTimeout(10_000);
    return socket;
  }

  /** Milliseconds until the member closes {@code socket} (end of stream or reset), reading and dropping what it sends; fails after 10 s. */
  private static long millisUntilClosed(Socket socket, long since) throws Exception {
    InputStream in = socket.getInputStream();
    try {
      while (in.read() >= 0) {
        // an answer before the close, if any
      }
    } catch (SocketTimeoutException e) {
      throw new AssertionError("still open after 10 s");
    } catch (SocketException reset) {
      // closed with unread data: a reset
    }
    return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - since);
  }

  /** Sends a GET of {@code path} on {@code socket} and reads its answer whole: status line, lower-case headers, body. */
  private static String get(Socket socket, String path) throws Exception {
    socket.getOutputStream().write(("GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
    socket.getOutputStream().flush();
    DataInputStream in = new DataInputStream(socket.getInputStream());
    StringBuilder answer = new StringBuilder(RawWebSocket.readLine(in)).append('\n');
    int length = 0;
    for (String line = RawWebSocket.readLine(in); !line.isEmpty(); line = RawWebSocket.readLine(in)) {
      String header = line.toLowerCase(Locale.ROOT);
      answer.append(header).append('\n');
      if (header.startsWith("content-length:")) {
        length = Integer.parseInt(header.substring("content-length:".length()).trim());
      }
    }
    return answer.append('\n').append(new String(in.readNBytes(length), StandardCharsets.UTF_8)).toString();
  }

  private static void noConnectionsLeft() throws InterruptedException {
    Await.until(() -> node.connectionGuard().openFrom(CLIENT) == 0, Duration.ofSeconds(10),
        () -> "connections of other tests closed, " + node.connectionGuard().openFrom(CLIENT) + " left");
  }

  @Test
  void aHalfSentRequestLineIsClosedWithinTheHeaderBound() throws Exception {
    try (Socket socket = connect()) {
      socket.getOutputStream().write("GET /health/li".getBytes(StandardCharsets.US_ASCII));
      socket.getOutputStream().flush();
      long millis = millisUntilClosed(socket, System.nanoTime());
      assertTrue(millis < 3_000, "closed after " + millis + " ms");
    }
  }

  @Test
  void headersTrickledInAreClosedWithinTheHeaderBoundOfTheirFirstBytes() throws Exception {
    try (Socket socket = connect()) {
      long start = System.nanoTime();
      var out = socket.getOutputStream();
      out.write("GET /health/live HTTP/1.1\r\n".getBytes(StandardCharsets.US_ASCII));
      out.flush();
      // A header line every 300 ms: never idle, never done.
      long closedAt = 0;
      for (int i = 0; i < 30 && closedAt == 0; i++) {
        try {
          out.write(("X-Slow-" + i + ": 1\r\n").getBytes(StandardCharsets.US_ASCII));
          out.flush();
        } catch (SocketException closed) {
          closedAt = System.nanoTime();
          break;
        }
        socket.setSoTimeout(300);
        try {
          if (socket.getInputStream().read() < 0) {
            closedAt = System.nanoTime();
          }
        } catch (SocketTimeoutException stillOpen) {
          // the pace of the trickle
        } catch (SocketException reset) {
          closedAt = System.nanoTime();
        }
      }
      assertTrue(closedAt != 0, "still open after 9 s of trickled headers");
      long millis = TimeUnit.NANOSECONDS.toMillis(closedAt - start);
      assertTrue(millis < 3_000, "closed after " + millis + " ms");
    }
  }

  @Test
  void aConnectionThatSendsNothingIsClosedWithinTheHeaderBound() throws Exception {
    try (Socket socket = connect()) {
      long millis = millisUntilClosed(socket, System.nanoTime());
      assertTrue(millis < 3_000, "closed after " + millis + " ms");
    }
  }

  @Test
  void anIdleKeepAliveConnectionIsClosedAfterTheIdleBoundNotTheHeaderBound() throws Exception {
    try (Socket socket = connect()) {
      assertTrue(get(socket, "/health/live").startsWith("HTTP/1.1 200"));
      long answered = System.nanoTime();
      assertTrue(get(socket, "/health/live").startsWith("HTTP/1.1 200"), "kept alive");
      long millis = millisUntilClosed(socket, System.nanoTime());
      assertTrue(millis >= 2_000 && millis < 6_000, "closed " + millis + " ms after its last answer (idle bound 3 s)");
      assertTrue(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - answered) >= 2_000);
    }
  }

  @Test
  void anHttp2ConnectionByUpgradeOutlivesTheHeaderBound() throws Exception {
    // The SDK's HTTP_2 transport: the JDK client upgrades (h2c) and then keeps one connection.
    HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_2).build();
    HttpRequest get = HttpRequest.newBuilder(
        URI.create("http://127.0.0.1:" + node.httpPort() + "/health/live")).timeout(Duration.ofSeconds(10)).build();
    var upgraded = http.send(get, HttpResponse.BodyHandlers.ofString());
    assertEquals(200, upgraded.statusCode());
    var second = http.send(get, HttpResponse.BodyHandlers.ofString());
    assertEquals(HttpClient.Version.HTTP_2, second.version());
    int open = node.connectionGuard().openFrom(CLIENT);
    // Past the header bound (1 s) and within the idle bound (3 s): the same connection still serves.
    TimeUnit.MILLISECONDS.sleep(1_500); // time passing is what is tested, not a wait for anything
    var later = http.send(get, HttpResponse.BodyHandlers.ofString());
    assertEquals(200, later.statusCode());
    assertEquals(HttpClient.Version.HTTP_2, later.version());
    assertEquals(open, node.connectionGuard().openFrom(CLIENT), "no new connection");
  }

  @Test
  void theConnectionPastAClientsBoundIsAnswered429AndClosed() throws Exception {
    noConnectionsLeft();
    List<Socket> held = new ArrayList<>();
    try {
      for (int i = 0; i < 4; i++) {
        Socket s = connect();
        held.add(s);
        assertTrue(get(s, "/health/live").startsWith("HTTP/1.1 200"), "connection " + (i + 1));
      }
      try (Socket fifth = connect()) {
        String answer = get(fifth, "/health/live");
        assertTrue(answer.startsWith("HTTP/1.1 429"), answer);
        assertTrue(answer.contains("connection: close\n"), answer);
        assertTrue(answer.contains("retry-after: 1\n"), answer);
        assertTrue(answer.contains("\"TOO_MANY_CONNECTIONS\""), answer);
        millisUntilClosed(fifth, System.nanoTime());
      }
      held.remove(0).close();
      Await.until(() -> node.connectionGuard().openFrom(CLIENT) == 3, Duration.ofSeconds(10), () -> "a place freed");
      try (Socket again = connect()) {
        assertTrue(get(again, "/health/live").startsWith("HTTP/1.1 200"), "served once a place is free");
      }
    } finally {
      for (Socket s : held) {
        s.close();
      }
    }
  }

  @Test
  void theTickerSubscriberPastAClientsBoundIsRefused429AndTheIdleBoundLeavesSubscribersOpen() throws Exception {
    noConnectionsLeft();
    try (TickerIT.Subscription one = TickerIT.Subscription.open(node, "");
        TickerIT.Subscription two = TickerIT.Subscription.open(node, "?jackpots=candy")) {
      assertEquals("snapshot", two.snapshot().getString("type"));
      String refused = RawWebSocket.answer(node.httpPort(), "/v1/ticker", "Upgrade: websocket\r\nConnection: Upgrade\r\n"
          + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n");
      assertTrue(refused.startsWith("HTTP/1.1 429"), refused);
      assertTrue(refused.contains("retry-after: 1\n"), refused);
      assertTrue(refused.contains("\"TICKER_CLIENT_FULL\""), refused);
      assertEquals(2, node.tickerHub().size(), "the refused connect was never registered");
      JsonMessages stream = new JsonMessages(m -> { });
      WebSocket ws = HttpClient.newHttpClient().newWebSocketBuilder()
          .header("Authorization", "Bearer " + Api.GAME_KEY)
          .buildAsync(URI.create("ws://127.0.0.1:" + node.httpPort() + "/v1/contributions/stream"), stream)
          .get(10, TimeUnit.SECONDS);
      // Nothing passes on them (no pool moves; pings every 30 s) for longer than the idle bound: still open.
      assertThrows(TimeoutException.class, () -> one.listener().closed.get(5, TimeUnit.SECONDS));
      assertFalse(two.listener().closed.isDone());
      assertFalse(stream.closed.isDone(), "the contribution stream too");
      assertEquals(2, node.tickerHub().size());
      ws.sendClose(WebSocket.NORMAL_CLOSURE, "done").get(10, TimeUnit.SECONDS);
    }
  }
}
