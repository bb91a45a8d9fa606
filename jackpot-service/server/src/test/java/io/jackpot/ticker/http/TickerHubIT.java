package io.jackpot.ticker.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.AbstractVerticle;
import io.vertx.core.DeploymentOptions;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.WebSocket;
import io.vertx.core.http.WebSocketClient;
import io.vertx.core.http.WebSocketConnectOptions;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The hub's grouping by event loop, with real connections on loopback: every connection's request
 * runs on a context of its own, and the hub must not keep a group per connection.
 */
class TickerHubIT {
  private static final int LOOPS = 2;

  private Vertx vertx;
  private TickerHub hub;
  private int port;

  /** Serves WebSockets whose connections join the hub, as the ticker's route does; one instance per loop. */
  private final class Server extends AbstractVerticle {
    @Override
    public void start(Promise<Void> started) {
      HttpServer server = vertx.createHttpServer().requestHandler(req -> req.toWebSocket().onSuccess(socket -> {
        var context = vertx.getOrCreateContext();
        Subscriber s = new Subscriber(socket, req.connection(), context, null, null, System.currentTimeMillis());
        hub.add(s);
        s.start("snapshot", 0);
      }));
      server.listen(port, "127.0.0.1").<Void>mapEmpty().onComplete(started);
    }
  }

  @BeforeEach
  void start() throws Exception {
    vertx = Vertx.vertx(new VertxOptions().setEventLoopPoolSize(LOOPS));
    hub = new TickerHub(currency -> Optional.empty());
    try (var probe = new ServerSocket(0)) {
      port = probe.getLocalPort();
    }
    vertx.deployVerticle(Server::new, new DeploymentOptions().setInstances(LOOPS)).await(10, TimeUnit.SECONDS);
  }

  @AfterEach
  void stop() throws Exception {
    vertx.close().await(10, TimeUnit.SECONDS);
  }

  @Test
  void connectionsThatCameAndWentLeaveNoGroupBehindAndTheOnesStillOpenGetEachMessageOnce() throws Exception {
    WebSocketClient client = vertx.createWebSocketClient();
    WebSocketConnectOptions to = new WebSocketConnectOptions().setHost("127.0.0.1").setPort(port).setURI("/");
    for (int i = 0; i < 40; i++) {
      BlockingQueue<String> got = new LinkedBlockingQueue<>();
      WebSocket ws = connect(client, to, got);
      assertEquals("snapshot", got.poll(10, TimeUnit.SECONDS), "connection " + i + " was added");
      ws.close().await(10, TimeUnit.SECONDS);
    }
    awaitTrue(() -> hub.size() == 0, "every closed connection is let go");

    List<BlockingQueue<String>> open = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      BlockingQueue<String> got = new LinkedBlockingQueue<>();
      connect(client, to, got);
      assertEquals("snapshot", got.poll(10, TimeUnit.SECONDS));
      open.add(got);
    }
    assertTrue(hub.loops() <= LOOPS, "44 connections made, " + hub.loops() + " groups kept: one per event loop at most");

    hub.broadcast(List.of("j"), 1, false, (display, followed) -> "update");
    hub.broadcast(List.of("j"), 2, false, (display, followed) -> "next");
    for (BlockingQueue<String> got : open) {
      assertEquals("update", got.poll(10, TimeUnit.SECONDS));
      assertEquals("next", got.poll(10, TimeUnit.SECONDS));
    }
    // Sent after both broadcasts, on every loop: had either reached anyone twice, a copy would come first.
    hub.broadcast(List.of("j"), 3, false, (display, followed) -> "last");
    for (BlockingQueue<String> got : open) {
      assertEquals("last", got.poll(10, TimeUnit.SECONDS));
    }
  }

  /** Its handler set on the connection's own loop as it completes, before any message can come. */
  private static WebSocket connect(WebSocketClient client, WebSocketConnectOptions to, BlockingQueue<String> got)
      throws TimeoutException {
    return client.connect(to).map(ws -> ws.textMessageHandler(got::add)).await(10, TimeUnit.SECONDS);
  }

  private static void awaitTrue(BooleanSupplier condition, String what) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("not within 10 s: " + what);
      }
      Thread.sleep(20);
    }
  }
}
