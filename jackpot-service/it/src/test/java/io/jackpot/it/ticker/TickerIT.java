package io.jackpot.it.ticker;

import static io.jackpot.it.support.Api.batch;
import static io.jackpot.it.support.Api.contribution;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.hazelcast.nio.serialization.HazelcastSerializationException;
import io.jackpot.JackpotNode;
import io.jackpot.catalogue.DefaultCatalogue;
import io.jackpot.cluster.ClusterSettings;
import io.jackpot.config.ServiceConfig;
import io.jackpot.it.support.AdminCalls;
import io.jackpot.it.support.Api;
import io.jackpot.it.support.Await;
import io.jackpot.it.support.JsonMessages;
import io.jackpot.it.support.OneNode;
import io.jackpot.it.support.RawWebSocket;
import io.jackpot.it.support.TestNodes;
import io.jackpot.it.support.TestPostgres;
import io.jackpot.ticker.TickerSettings;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.io.InputStream;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.net.Socket;
import java.net.SocketException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;

/** The ticker with two members: what happens through one is seen by subscribers of the other. */
public class TickerIT {
  static JackpotNode a;
  static JackpotNode b;
  static Api viaA;

  @BeforeAll
  static void start() throws Exception {
    String pg = TestPostgres.freshDatabase();
    int portA = TestNodes.freePort();
    int portB = TestNodes.freePort();
    String name = "ticker-" + UUID.randomUUID();
    List<String> members = List.of("127.0.0.1:" + portA, "127.0.0.1:" + portB);
    // a: small buffers, pings rare (for the slow-consumer test); b: pings every second.
    a = node(pg, new ClusterSettings(name, portA, members, "127.0.0.1", 600),
        new TickerSettings(Duration.ofMillis(100), Duration.ofMillis(100), 16 * 1024, Duration.ofMinutes(10), 8 * 1024,
            TickerSettings.DEFAULT_MAX_SUBSCRIBERS));
    b = node(pg, new ClusterSettings(name, portB, members, "127.0.0.1", 600),
        new TickerSettings(Duration.ofMillis(100), Duration.ofMillis(100), 256 * 1024, Duration.ofSeconds(1), 0,
            TickerSettings.DEFAULT_MAX_SUBSCRIBERS));
    viaA = new Api(a.httpPort());
  }

  static JackpotNode node(String pg, ClusterSettings cluster, TickerSettings ticker) throws Exception {
    ServiceConfig config = ServiceConfig.fromEnv(Map.of()).withHttpPort(TestNodes.freePort()).withPgUrl(pg)
        .withCluster(cluster).withTicker(ticker);
    return JackpotNode.start(config, Clock.systemUTC(), DefaultCatalogue.create());
  }

  @AfterAll
  static void stop() throws Exception {
    try {
      OneNode.assertBalanced(a.httpPort());
      OneNode.assertBalanced(b.httpPort());
    } finally {
      b.close();
      a.close();
    }
  }

  /** A JDK WebSocket client that queues every text message it receives. */
  public static final class Listener extends JsonMessages {
    final BlockingQueue<JsonObject> messages;

    public Listener() {
      this(new LinkedBlockingQueue<>());
    }

    private Listener(BlockingQueue<JsonObject> messages) {
      super(messages::add);
      this.messages = messages;
    }

    public JsonObject await(Predicate<JsonObject> what, Duration within) throws InterruptedException {
      long end = System.nanoTime() + within.toNanos();
      for (long left = within.toNanos(); left > 0; left = end - System.nanoTime()) {
        JsonObject m = messages.poll(left, TimeUnit.NANOSECONDS);
        if (m != null && what.test(m)) {
          return m;
        }
      }
      return null;
    }
  }

  public static WebSocket connect(JackpotNode node, String query, Listener listener) {
    return HttpClient.newHttpClient().newWebSocketBuilder()
        .buildAsync(URI.create("ws://127.0.0.1:" + node.httpPort() + "/v1/ticker" + query), listener).join();
  }

  /** A JDK ticker client on {@code node}, its first message (the snapshot) in; closing it waits until the member let it go. */
  public record Subscription(JackpotNode node, int before, Listener listener, WebSocket ws, JsonObject snapshot) implements AutoCloseable {
    public static Subscription open(JackpotNode node, String query) throws InterruptedException {
      int before = node.tickerHub().size();
      Listener listener = new Listener();
      WebSocket ws = connect(node, query, listener);
      return new Subscription(node, before, listener, ws, listener.await(m -> true, Duration.ofSeconds(10)));
    }

    /** Gone from the member before another test counts its subscribers. */
    @Override
    public void close() throws InterruptedException {
      ws.sendClose(WebSocket.NORMAL_CLOSURE, "done").join();
      awaitTrue(() -> node.tickerHub().size() == before, "a closed connection leaves nothing behind");
    }
  }

  static boolean hasPool(JsonObject update, String pool, String amount) {
    return "update".equals(update.getString("type")) && update.getJsonArray("pools").stream()
        .map(JsonObject.class::cast)
        .anyMatch(p -> p.getString("poolKey").equals(pool) && (amount == null || p.getString("amount").equals(amount)));
  }

  /** A member deserialises from its peers only the classes the service uses (HazelcastConfigs' filter). */
  @Test
  void aPeerCannotMakeAMemberDeserialiseAForeignClass() {
    var foreign = b.hazelcast().<String, Object>getMap("filter-check");
    a.hazelcast().<String, Object>getMap("filter-check").put("gadget", new AssertionFailedError("not ours"));
    Assertions.assertThrows(HazelcastSerializationException.class,
        () -> foreign.get("gadget"));
    a.hazelcast().getMap("filter-check").put("ours", List.of("fine"));
    assertEquals(List.of("fine"), foreign.get("ours"));
    a.hazelcast().getMap("filter-check").destroy();
  }

  /** docs/api.md: one update per interval, whatever the number of jackpots followed; a jackpot named twice is followed once. */
  @Test
  void changesInSeveralJackpotsComeInOneUpdate() throws Exception {
    try (Subscription sub = Subscription.open(b, "?jackpots=bewitched,candy,bewitched")) {
      Listener listener = sub.listener();
      assertEquals(List.of("bewitched", "candy"), sub.snapshot().getJsonArray("jackpots").stream()
          .map(j -> ((JsonObject) j).getString("id")).toList());
      // The two pools change in one commit, but not at one instant: a sample may fall between them,
      // so a few tries; the old one-message-per-jackpot ticker never sends both in one.
      Set<String> both = Set.of("bewitched", "candy");
      Set<String> seen = Set.of();
      for (int attempt = 0; attempt < 5 && !seen.equals(both); attempt++) {
        assertEquals(200, viaA.post("/v1/contributions", batch(contribution("TICK-BOTH-B" + attempt, "bewitched", "2.00", "0.50"),
            contribution("TICK-BOTH-C" + attempt, "creepy-candy", "3.00", null))).status());
        String bewitched = viaA.amount("bewitched", "cv-0.50");
        JsonObject update = listener.await(m -> hasPool(m, "cv-0.50", bewitched), Duration.ofSeconds(10));
        assertNotNull(update, "an update with " + bewitched + " for cv-0.50");
        seen = update.getJsonArray("pools").stream().map(p -> ((JsonObject) p).getString("jackpotId"))
            .collect(Collectors.toSet());
      }
      assertEquals(both, seen);
    }
  }

  /**
   * A ticker open for long shows amounts at the exchange rate in force, not the one when it
   * connected, and one that follows all jackpots also follows those defined after it connected.
   */
  @Test
  void aLongOpenTickerFollowsNewRatesAndNewJackpots() throws Exception {
    Api viaB = new Api(b.httpPort());
    setRates("0.85");
    awaitTrue(() -> viaB.get("/v1/jackpots?currency=GBP").status() == 200, "the rate reached the other member");
    try (Subscription sub = Subscription.open(b, "?currency=GBP")) {
      Listener listener = sub.listener();
      assertEquals("snapshot", sub.snapshot().getString("type"));

      setRates("0.5");
      awaitTrue(() -> {
        JsonObject p = viaB.get("/v1/jackpots/bewitched/pools/cv-1.00?currency=GBP").json();
        return halved(p.getString("amount")).equals(p.getString("amountInCurrency"));
      }, "the new rate reached the other member");
      JsonObject definition = new JsonObject().put("name", "Late").put("currency", "EUR").put("owner", "demo")
          .put("games", new JsonArray().add("creepy-candy")).put("routing", "ALL")
          .put("pools", new JsonArray().add(new JsonObject().put("key", "only").put("name", "Only")
              .put("seed", "1.00").put("rate", "0.01").put("trigger", new JsonObject().put("type", "CLAIM"))));
      assertEquals(200, AdminCalls.callAt(a.httpPort(), "PUT", "/v1/admin/jackpots/late", "dev-admin-token", definition.encode()).status());
      awaitTrue(() -> viaB.get("/v1/jackpots/late").status() == 200, "the new jackpot reached the other member");

      assertEquals(200, viaA.post("/v1/contributions", batch(contribution("TICK-LATE-1", "bewitched", "10.00", "1.00"),
          contribution("TICK-LATE-2", "creepy-candy", "5.00", null))).status());
      String bewitched = viaA.amount("bewitched", "cv-1.00");
      String late = viaA.amount("late", "only");
      // Both may come in one update or in two.
      JsonObject[] seen = new JsonObject[2];
      listener.await(m -> {
        for (Object o : "update".equals(m.getString("type")) ? m.getJsonArray("pools") : new JsonArray()) {
          JsonObject p = (JsonObject) o;
          if (p.getString("poolKey").equals("cv-1.00") && p.getString("amount").equals(bewitched)) {
            seen[0] = p;
          } else if (p.getString("poolKey").equals("only") && p.getString("amount").equals(late)) {
            seen[1] = p;
          }
        }
        return seen[0] != null && seen[1] != null;
      }, Duration.ofSeconds(10));
      assertNotNull(seen[0], "an update with " + bewitched + " for cv-1.00");
      assertEquals(halved(bewitched), seen[0].getString("amountInCurrency"), "at the rate in force");
      assertNotNull(seen[1], "the jackpot defined after it connected");
    }
  }

  private static String halved(String amount) {
    return new BigDecimal(amount).multiply(new BigDecimal("0.5")).setScale(2, RoundingMode.DOWN).toPlainString();
  }

  private static void setRates(String gbp) {
    JsonObject rates = new JsonObject().put("base", "EUR").put("rates", new JsonObject().put("GBP", gbp));
    assertEquals(200, AdminCalls.callAt(a.httpPort(), "PUT", "/v1/admin/fx-rates", "dev-admin-token", rates.encode()).status());
  }

  @Test
  void aSubscriberOfOneMemberSeesContributionsAndWinsMadeThroughTheOther() throws Exception {
    try (Subscription sub = Subscription.open(b, "?jackpots=bewitched&currency=EUR")) {
      Listener listener = sub.listener();
      JsonObject snapshot = sub.snapshot();
      assertEquals("snapshot", snapshot.getString("type"));
      assertEquals(1, snapshot.getJsonArray("jackpots").size());
      assertEquals("bewitched", snapshot.getJsonArray("jackpots").getJsonObject(0).getString("id"));

      assertEquals(200, viaA.post("/v1/contributions", batch(contribution("TICK-1", "bewitched", "2.00", "0.05"))).status());
      String expected = viaA.amount("bewitched", "cv-0.05");
      JsonObject update = listener.await(m -> hasPool(m, "cv-0.05", expected), Duration.ofSeconds(10));
      assertNotNull(update, "update with " + expected + " for cv-0.05 reached the other member's subscriber");
      JsonObject pool = update.getJsonArray("pools").getJsonObject(0);
      assertEquals(pool.getString("amount").substring(0, pool.getString("amount").length() - 4), pool.getString("amountInCurrency"));

      Instant claimed = Instant.now();
      String winId = viaA.post("/v1/wins", Api.claim("TICK-W", "bewitched", "cv-0.05")).json().getString("winId");
      JsonObject win = listener.await(m -> "win".equals(m.getString("type")), Duration.ofSeconds(10));
      assertNotNull(win);
      assertEquals(winId, win.getString("winId"));
      assertTrue(Duration.between(claimed, Instant.now()).toMillis() < 5_000, "a win is announced within seconds");
    }
  }

  @Test
  void aSubscriberThatDoesNotReadIsDroppedWithoutHoldingUpTheOthers() throws Exception {
    int before = a.tickerHub().size();
    long droppedBefore = a.tickerHub().dropped();
    Listener fast = new Listener();
    WebSocket ws = connect(a, "", fast);
    fast.await(m -> "snapshot".equals(m.getString("type")), Duration.ofSeconds(10));
    try (Socket slow = stalledSubscriber(a)) {
      awaitTrue(() -> a.tickerHub().size() == before + 2, "both subscribed");
      long connections = webSocketConnections(a);
      int round = 0;
      Instant deadline = Instant.now().plusSeconds(60);
      while (a.tickerHub().dropped() == droppedBefore && Instant.now().isBefore(deadline)) {
        // Keep every pool moving so updates keep coming.
        StringBuilder items = new StringBuilder();
        for (String coin : List.of("0.01", "0.02", "0.05", "0.10", "0.20", "0.50", "1.00", "2.00", "5.00", "10.00")) {
          items.append(items.length() == 0 ? "" : ",").append(contribution("SLOW-" + round + "-" + coin, "bewitched", coin, coin));
        }
        viaA.post("/v1/contributions", batch(items.toString(), contribution("SLOW-C-" + round, "creepy-candy", "1.00", null)));
        round++;
        String expected = viaA.amount("bewitched", "cv-10.00");
        assertNotNull(fast.await(m -> hasPool(m, "cv-10.00", expected), Duration.ofSeconds(5)),
            "the reading subscriber keeps getting updates on time");
      }
      assertEquals(droppedBefore + 1, a.tickerHub().dropped(), "the stalled subscriber was dropped");
      awaitTrue(() -> a.tickerHub().size() == before + 1, "only the reading subscriber is left");
      // Its close frame waits behind what it never reads: the connection itself is cut (10 s later),
      // with a reset (a close that waited for the data would end with the frame and a FIN instead).
      awaitTrue(() -> webSocketConnections(a) <= connections - 1, "the stalled subscriber's connection is gone");
      slow.setSoTimeout(20_000);
      Assertions.assertThrows(SocketException.class, () -> {
        while (slow.getInputStream().read(new byte[65_536]) >= 0) {
          // what it had received before the reset, if the kernel still hands it out
        }
      }, "the connection was reset");
    }
    ws.sendClose(WebSocket.NORMAL_CLOSURE, "bye").join();
    awaitTrue(() -> a.tickerHub().size() == before, "a closed connection leaves nothing behind");
  }

  @Test
  void aConnectionThatNeverAnswersPingsIsClosed() throws Exception {
    int before = b.tickerHub().size();
    try (Socket silent = new Socket("127.0.0.1", b.httpPort())) {
      RawWebSocket.handshake(silent, "/v1/ticker", null);
      InputStream in = silent.getInputStream();
      awaitTrue(() -> b.tickerHub().size() == before + 1, "subscribed");
      // Reads everything (so it is not slow) but never answers a ping: closed after two ping periods.
      Thread reader = new Thread(() -> {
        byte[] buf = new byte[8192];
        try {
          while (in.read(buf) >= 0) {
            // discard
          }
        } catch (Exception closed) {
          // the server closed it
        }
      });
      reader.start();
      awaitTrue(() -> b.tickerHub().size() == before, "the silent connection was closed");
    }
  }

  @Test
  void badParametersAreRefusedBeforeTheUpgrade() {
    Api api = new Api(b.httpPort());
    assertEquals(404, api.get("/v1/ticker?jackpots=nope").status());
    assertEquals(400, api.get("/v1/ticker?currency=XYZ").status());
    assertEquals("WEBSOCKET_REQUIRED", api.get("/v1/ticker").errorCode());
  }

  /**
   * A handshake the server cannot take is refused in the API's error body (Vert.x answered it in
   * plain text, or empty): without Connection: Upgrade (a proxy may drop it; the SDK then sends its
   * batches by POST), or of another protocol version (426, naming the one it speaks).
   */
  @Test
  void aHandshakeTheServerCannotTakeIsRefusedInTheErrorBody() throws Exception {
    String key = "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n";
    String noConnection = RawWebSocket.answer(b.httpPort(), "/v1/ticker", "Upgrade: websocket\r\n" + key + "Sec-WebSocket-Version: 13\r\n");
    assertTrue(noConnection.startsWith("HTTP/1.1 400"), noConnection);
    assertTrue(noConnection.contains("\"code\":\"WEBSOCKET_REQUIRED\""), noConnection);
    String twoLines = RawWebSocket.answer(b.httpPort(), "/v1/ticker", "Upgrade: websocket\r\nConnection: keep-alive\r\nConnection: Upgrade\r\n"
        + key + "Sec-WebSocket-Version: 99\r\n");
    assertTrue(twoLines.startsWith("HTTP/1.1 426"), "Connection in two lines names the upgrade: " + twoLines);
    String noKey = RawWebSocket.answer(b.httpPort(), "/v1/ticker", "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n");
    assertTrue(noKey.startsWith("HTTP/1.1 400") && noKey.contains("WEBSOCKET_REQUIRED"), noKey);
    String version = RawWebSocket.answer(b.httpPort(), "/v1/ticker", "Upgrade: websocket\r\nConnection: keep-alive, Upgrade\r\n" + key
        + "Sec-WebSocket-Version: 99\r\n");
    assertTrue(version.startsWith("HTTP/1.1 426"), version);
    assertTrue(version.contains("\nsec-websocket-version: 13\n") && version.contains("\nupgrade: websocket\n"), version);
    assertTrue(version.contains("\"code\":\"UNSUPPORTED_WEBSOCKET_VERSION\""), version);
  }

  /** A raw WebSocket that completes the handshake, then never reads: its buffers fill up. */
  static Socket stalledSubscriber(JackpotNode node) throws Exception {
    Socket s = RawWebSocket.smallBuffer(node.httpPort());
    RawWebSocket.handshake(s, "/v1/ticker", null);
    return s;
  }

  /** WebSocket connections open on {@code node} (Vert.x's own meter). */
  static long webSocketConnections(JackpotNode node) {
    return (long) Api.metric(new Api(node.httpPort()).get("/metrics").body(), "vertx_http_server_active_ws_connections").orElse(0);
  }

  static void awaitTrue(BooleanSupplier condition, String what) throws InterruptedException {
    Await.until(condition, Duration.ofSeconds(30), () -> what);
  }
}
