package io.jackpot.sdk.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Reading the stream's answers: the id and status the service writes first, or a full parse. */
class ContributionStreamsTest {
  @Test
  void anAnswerAsTheServiceWritesIt() throws Exception {
    String ok = "{\"id\":42,\"status\":200,\"results\":[{\"roundId\":\"r,1\",\"status\":\"APPLIED\"}]}";
    assertEquals(new ContributionStreams.Answer(42, 200, ok, -1), ContributionStreams.read(ok));

    String busy = "{\"id\":7,\"status\":503,\"retryAfter\":2,\"error\":{\"code\":\"OVERLOADED\",\"message\":\"retry, shortly\"}}";
    assertEquals(new ContributionStreams.Answer(7, 503, busy, 2000), ContributionStreams.read(busy));

    String huge = "{\"id\":9,\"status\":503,\"retryAfter\":18446744073709552,\"error\":{\"code\":\"OVERLOADED\",\"message\":\"m\"}}";
    assertEquals(Long.MAX_VALUE, ContributionStreams.read(huge).retryAfterMillis(), "the longest wait, not a wrapped-around one");
    for (String pastALong : new String[] {"9223372036854775808", "18446744073709551617"}) {
      assertEquals(Long.MAX_VALUE, ContributionStreams.read(huge.replace("18446744073709552", pastALong)).retryAfterMillis(), pastALong);
    }

    String refused = "{\"id\":8,\"status\":400,\"error\":{\"code\":\"EMPTY_BATCH\",\"message\":\"m\"}}";
    assertEquals(new ContributionStreams.Answer(8, 400, refused, -1), ContributionStreams.read(refused));
  }

  @Test
  void anyOtherLayoutOfTheSameJson() throws Exception {
    String spaced = "{ \"status\": 200, \"id\": 9, \"results\": [] }";
    assertEquals(9, ContributionStreams.read(spaced).id());
    assertEquals(200, ContributionStreams.read(spaced).status());
  }

  /** Completes a WebSocket upgrade on {@code s} (the client's request read, 101 written). */
  private static void upgrade(Socket s) throws Exception {
    var in = new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.ISO_8859_1));
    String key = null;
    for (String line = in.readLine(); line != null && !line.isEmpty(); line = in.readLine()) {
      if (line.toLowerCase().startsWith("sec-websocket-key:")) {
        key = line.substring(18).trim();
      }
    }
    String accept = Base64.getEncoder().encodeToString(MessageDigest.getInstance("SHA-1")
        .digest((key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").getBytes(StandardCharsets.ISO_8859_1)));
    s.getOutputStream().write(("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        + "Sec-WebSocket-Accept: " + accept + "\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1));
    s.getOutputStream().flush();
  }

  private static ScheduledThreadPoolExecutor deadlines() {
    var deadlines = new ScheduledThreadPoolExecutor(1);
    deadlines.setRemoveOnCancelPolicy(true);
    return deadlines;
  }

  /** A connection that gives no answer in time is abandoned: the next batch opens a new one. */
  @Test
  void aSilentConnectionIsAbandonedAfterTheTimeout() throws Exception {
    try (ServerSocket silent = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
      List<Socket> accepted = new CopyOnWriteArrayList<>();
      Thread acceptor = new Thread(() -> {
        try {
          while (true) {
            Socket s = silent.accept();
            accepted.add(s);
            upgrade(s); // then never answers anything
          }
        } catch (Exception closed) {
          // the test is over
        }
      });
      acceptor.setDaemon(true);
      acceptor.start();
      var deadlines = deadlines();
      ContributionStreams streams = new ContributionStreams(HttpClient.newHttpClient(), "k", Duration.ofMillis(300), deadlines);
      URI base = URI.create("http://127.0.0.1:" + silent.getLocalPort());
      var first = streams.send(base, "{\"contributions\":[]}");
      var error = assertThrows(ExecutionException.class,
          () -> first.get(10, TimeUnit.SECONDS));
      assertTrue(String.valueOf(error.getCause().getMessage()).contains("no answer within 300 ms"),
          String.valueOf(error.getCause()));
      var second = streams.send(base, "{\"contributions\":[]}");
      assertThrows(ExecutionException.class,
          () -> second.get(10, TimeUnit.SECONDS));
      assertEquals(2, accepted.size(), "the second batch went on a new connection");
      streams.close();
      deadlines.shutdownNow();
    }
  }

  /**
   * A batch's deadline runs on the SDK's scheduler and leaves it once the batch is answered. It
   * does not stay, holding the answer, until it fires.
   */
  @Test
  void anAnsweredBatchLeavesNoDeadlineBehind() throws Exception {
    try (ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
      CountDownLatch answer = new CountDownLatch(1);
      Thread service = new Thread(() -> {
        try (Socket s = server.accept()) {
          upgrade(s);
          s.getInputStream().read(); // the batch's frame has begun to arrive
          answer.await();
          byte[] text = "{\"id\":1,\"status\":200,\"results\":[]}".getBytes(StandardCharsets.UTF_8);
          s.getOutputStream().write(new byte[] {(byte) 0x81, (byte) text.length});
          s.getOutputStream().write(text);
          s.getOutputStream().flush();
          s.getInputStream().read(); // kept open until the client goes
        } catch (Exception closed) {
          // the test is over
        }
      });
      service.setDaemon(true);
      service.start();
      var deadlines = deadlines();
      ContributionStreams streams = new ContributionStreams(HttpClient.newHttpClient(), "k", Duration.ofSeconds(60), deadlines);
      var sent = streams.send(URI.create("http://127.0.0.1:" + server.getLocalPort()), "{\"contributions\":[]}");
      assertEquals(1, deadlines.getQueue().size(), "the batch's deadline waits on the SDK's scheduler");
      answer.countDown();
      assertEquals(200, sent.get(10, TimeUnit.SECONDS).status());
      long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
      while (!deadlines.getQueue().isEmpty() && System.nanoTime() < until) {
        Thread.onSpinWait(); // the cancel runs on the thread that completed the answer
      }
      assertEquals(0, deadlines.getQueue().size(), "the answered batch's deadline was cancelled");
      streams.close();
      deadlines.shutdownNow();
    }
  }
}
