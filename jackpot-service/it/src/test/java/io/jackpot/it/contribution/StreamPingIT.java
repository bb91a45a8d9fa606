package io.jackpot.it.contribution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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
import io.vertx.core.json.JsonObject;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/**
 * JACKPOT_STREAM_PING_SECONDS (1 s here): a contribution stream whose game answers pings stays
 * open however idle, and so does one whose game reads its answers slowly; one that answers nothing
 * is closed after two pings, and one that reads none of its answers is cut.
 */
class StreamPingIT {
  private static JackpotNode node;

  @BeforeAll
  static void start() throws Exception {
    // A small send buffer, so that a game that does not read its answers fills it fast.
    ServiceConfig config = ServiceConfig.fromEnv(Map.of("JACKPOT_STREAM_PING_SECONDS", "1", "JACKPOT_HTTP_SEND_BUFFER_BYTES", "4096"))
        .withHttpPort(TestNodes.freePort())
        .withPgUrl(TestPostgres.freshDatabase()).withCluster(TestNodes.ownCluster());
    node = JackpotNode.start(config, Clock.systemUTC(), DefaultCatalogue.create());
  }

  @AfterAll
  static void stop() throws Exception {
    node.close();
  }

  @Test
  void anIdleGameThatAnswersPingsKeepsItsStream() throws Exception {
    AtomicInteger pings = new AtomicInteger();
    CompletableFuture<JsonObject> answer = new CompletableFuture<>();
    JsonMessages listener = new JsonMessages(answer::complete) {
      @Override
      public CompletionStage<?> onPing(WebSocket ws, ByteBuffer message) {
        pings.incrementAndGet(); // the JDK's WebSocket sends the pong by itself
        ws.request(1);
        return null;
      }
    };
    WebSocket ws = HttpClient.newHttpClient().newWebSocketBuilder().header("Authorization", "Bearer " + Api.GAME_KEY)
        .buildAsync(URI.create("ws://127.0.0.1:" + node.httpPort() + "/v1/contributions/stream"), listener).get(10, TimeUnit.SECONDS);
    Await.until(() -> pings.get() >= 4, Duration.ofSeconds(20), () -> "four pings, got " + pings.get());
    assertFalse(listener.closed.isDone(), "still open after " + pings.get() + " pings");
    String batch = new JsonObject(Api.batch(Api.contribution("BW-20261122-100000-000001", "bewitched", "2.00", "0.10")))
        .put("id", 1).encode();
    ws.sendText(batch, true);
    JsonObject reply = answer.get(10, TimeUnit.SECONDS);
    assertEquals(200, reply.getInteger("status"), reply.encode());
    ws.sendClose(WebSocket.NORMAL_CLOSURE, "done").get(10, TimeUnit.SECONDS);
    Await.until(() -> openStreams() == 0, Duration.ofSeconds(10), () -> "the stream closed");
  }

  /** A raw connection upgraded to the stream, the game's side of which answers nothing by itself. */
  private static DataInputStream upgrade(Socket socket) throws Exception {
    return RawWebSocket.upgrade(socket, "/v1/contributions/stream", Api.GAME_KEY);
  }

  private static void sendText(OutputStream out, String text) throws Exception {
    RawWebSocket.text(out, text.getBytes(StandardCharsets.UTF_8));
  }

  private static long openStreams() {
    return (long) Api.metric(new Api(node.httpPort()).get("/metrics").body(), "jackpot_contribution_streams ")
        .orElseThrow(() -> new AssertionError("no jackpot_contribution_streams in /metrics"));
  }

  /** Batches whose answers (about 150 bytes a round) fill both kernel buffers and Vert.x's write queue. */
  private static void sendBatches(Socket socket, String prefix) throws Exception {
    for (int b = 0; b < 20; b++) {
      String[] items = new String[200];
      for (int i = 0; i < items.length; i++) {
        items[i] = Api.contribution(String.format("%s-20261122-110000-%06d", prefix, b * 1000 + i), "creepy-candy", "1.00", null);
      }
      sendText(socket.getOutputStream(), new JsonObject(Api.batch(items)).put("id", b).encode());
    }
  }

  /** Once no stream of another test is left: a connection with a small receive buffer, so answers back up fast. */
  private static Socket smallBufferSocket() throws Exception {
    Await.until(() -> openStreams() == 0, Duration.ofSeconds(30), () -> "no stream left from other tests");
    return RawWebSocket.smallBuffer(node.httpPort());
  }

  @Test
  void aGameThatReadsSlowlyKeepsItsStream() throws Exception {
    try (Socket socket = smallBufferSocket()) {
      DataInputStream in = upgrade(socket);
      sendBatches(socket, "SR");
      // Reads its answers slowly, answering pings, over several ping periods.
      long start = System.nanoTime();
      int answers = 0;
      while (answers < 20) {
        int first = in.readUnsignedByte();
        int length = in.readUnsignedByte() & 0x7f;
        long size = length == 126 ? in.readUnsignedShort() : length == 127 ? in.readLong() : length;
        byte[] payload = in.readNBytes((int) size);
        if ((first & 0x0f) == 0x9) {
          socket.getOutputStream().write(new byte[] {(byte) 0x8a, (byte) (0x80 | payload.length), 0, 0, 0, 0});
          socket.getOutputStream().write(payload);
          socket.getOutputStream().flush();
        } else if ((first & 0x0f) == 0x1 || (first & 0x0f) == 0x0) {
          if ((first & 0x80) != 0) {
            answers++; // the last frame of an answer (large ones come in several)
          }
        } else {
          throw new AssertionError("opcode " + (first & 0x0f) + " after " + answers + " answers");
        }
        TimeUnit.MILLISECONDS.sleep(size / 150); // a slow reader (about 150 KB/s), not a wait for anything
      }
      long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start);
      assertTrue(seconds >= 3, "read over " + seconds + " s, more than two ping periods");
      assertEquals(1, openStreams(), "still open");
    }
  }

  @Test
  void aGameThatDoesNotReadItsAnswersLosesItsStream() throws Exception {
    // The close must come from the unread answers, not from the unanswered pings (this game answers
    // none either, but pings are not looked at while the member has stopped reading the stream).
    var logger = (ch.qos.logback.classic.Logger) LoggerFactory.getLogger("io.jackpot.contribution.http.ContributionStream");
    var seen = new ch.qos.logback.core.read.ListAppender<ch.qos.logback.classic.spi.ILoggingEvent>();
    seen.start();
    logger.addAppender(seen);
    try (Socket socket = smallBufferSocket()) {
      upgrade(socket);
      Await.until(() -> openStreams() == 1, Duration.ofSeconds(10), () -> "the stream counted as open");
      sendBatches(socket, "CC"); // and never reads their answers
      Await.until(() -> openStreams() == 0, Duration.ofSeconds(30), () -> "the member closed the stream whose answers went unread");
      List<String> closes = seen.list.stream().map(ch.qos.logback.classic.spi.ILoggingEvent::getFormattedMessage)
          .filter(m -> m.contains("closing it")).toList();
      assertTrue(closes.stream().anyMatch(m -> m.contains("answers went unread")), closes.toString());
    } finally {
      logger.detachAppender(seen);
    }
  }

  @Test
  void aGameThatAnswersNothingLosesItsStream() throws Exception {
    try (Socket socket = new Socket("127.0.0.1", node.httpPort())) {
      socket.setSoTimeout(15_000);
      DataInputStream in = upgrade(socket);
      long opened = System.nanoTime();
      int pings = 0;
      // Server frames are unmasked; control frames carry at most 125 bytes.
      while (true) {
        int first;
        try {
          first = in.readUnsignedByte();
        } catch (EOFException e) {
          throw new AssertionError("the connection ended without a close frame after " + pings + " pings");
        }
        int length = in.readUnsignedByte() & 0x7f;
        byte[] payload = in.readNBytes(length);
        int opcode = first & 0x0f;
        if (opcode == 0x9) {
          pings++; // never answered
        } else if (opcode == 0x8) {
          int code = ((payload[0] & 0xff) << 8) | (payload[1] & 0xff);
          assertEquals(1001, code);
          assertEquals("no answer to ping", new String(payload, 2, payload.length - 2, StandardCharsets.UTF_8));
          break;
        }
      }
      long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - opened);
      assertEquals(1, pings, "closed at the ping after the unanswered one");
      assertTrue(millis >= 1_000 && millis < 10_000, "closed after " + millis + " ms");
    }
  }
}
