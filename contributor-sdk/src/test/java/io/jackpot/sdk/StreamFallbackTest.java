package io.jackpot.sdk;

import static io.jackpot.sdk.Clients.assertEachApplied;
import static io.jackpot.sdk.Clients.config;
import static io.jackpot.sdk.LoopbackWebSocket.headerLine;
import static io.jackpot.sdk.LoopbackWebSocket.upgrade;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The WebSocket transport falling back to POST where an endpoint cannot take its streams. */
class StreamFallbackTest {
  /**
   * Something on the way (a gateway's limit on WebSocket messages) closes the stream 1009 at the
   * first batch: the batches go by POST to that endpoint, instead of each retry closing the next
   * connection for ever. The endpoint here is a socket server speaking just enough of both.
   */
  @Test
  void aStreamClosedForAMessageTooBigSendsTheBatchesByPost() throws Exception {
    try (ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
      AtomicInteger upgrades = new AtomicInteger();
      AtomicInteger posts = new AtomicInteger();
      Thread acceptor = new Thread(() -> {
        try {
          while (true) {
            Socket s = server.accept();
            Thread connection = new Thread(() -> gatewayLimitingMessages(s, upgrades, posts));
            connection.setDaemon(true);
            connection.start();
          }
        } catch (IOException closed) {
          // the test is over
        }
      });
      acceptor.setDaemon(true);
      acceptor.start();
      try (JackpotContributor sdk = JackpotContributor.of(config("http://127.0.0.1:" + server.getLocalPort())
          .transport(ContributorConfig.Transport.WEBSOCKET).build())) {
        assertEachApplied(sdk, 5);
      }
      assertEquals(1, upgrades.get(), "one stream tried, then POSTs only");
      assertEquals(5, posts.get());
    }
  }

  /** One connection: a WebSocket upgrade closed 1009 at its first message, or POSTs answered APPLIED. */
  private static void gatewayLimitingMessages(Socket s, AtomicInteger upgrades,
      AtomicInteger posts) {
    try (s) {
      InputStream in = s.getInputStream();
      OutputStream out = s.getOutputStream();
      while (true) {
        String key = null;
        int length = 0;
        boolean websocket = false;
        for (String line = headerLine(in); !line.isEmpty(); line = headerLine(in)) {
          String lower = line.toLowerCase(Locale.ROOT);
          websocket |= lower.startsWith("upgrade:") && lower.contains("websocket");
          if (lower.startsWith("sec-websocket-key:")) {
            key = line.substring(18).trim();
          } else if (lower.startsWith("content-length:")) {
            length = Integer.parseInt(line.substring(15).trim());
          }
        }
        if (websocket) {
          upgrades.incrementAndGet();
          upgrade(out, key);
          in.read(); // the batch's frame has begun to arrive
          out.write(new byte[] {(byte) 0x88, 9, 0x03, (byte) 0xF1, 't', 'o', 'o', ' ', 'b', 'i', 'g'}); // close, 1009 "too big"
          out.flush();
          while (in.read() >= 0) {
            // until the client goes
          }
          return;
        }
        String body = new String(in.readNBytes(length), StandardCharsets.UTF_8);
        byte[] answer = FakeService.answerAll(body, "APPLIED", null).body().getBytes(StandardCharsets.UTF_8);
        posts.incrementAndGet();
        out.write(("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: " + answer.length + "\r\n\r\n")
            .getBytes(StandardCharsets.ISO_8859_1));
        out.write(answer);
        out.flush();
      }
    } catch (Exception closed) {
      // the client went
    }
  }

  /**
   * A member without the contribution stream (docs/api.md's v1 has none: an older version during a
   * rolling upgrade, or a proxy routing only what docs/api.md lists) answers the upgrade 404 or 405: the
   * batches go by POST to it, as for WEBSOCKET_REQUIRED, instead of being retried for ever. (A proxy
   * that drops the Upgrade header makes the service answer 400 WEBSOCKET_REQUIRED: the same; the
   * JDK's HttpServer here answers the upgrade like any GET, as such a service would.)
   */
  @ParameterizedTest
  @ValueSource(strings = {"400 {\"error\":{\"code\":\"WEBSOCKET_REQUIRED\",\"message\":\"send an Upgrade\"}}",
      "404 {\"error\":{\"code\":\"NOT_FOUND\",\"message\":\"no such route\"}}",
      "405 {\"error\":{\"code\":\"METHOD_NOT_ALLOWED\",\"message\":\"GET\"}}", "404 <html>Not Found</html>"})
  void anEndpointWithoutTheStreamGetsTheBatchesByPost(String upgradeAnswer) throws Exception {
    int status = Integer.parseInt(upgradeAnswer.substring(0, 3));
    try (FakeService service = new FakeService(body -> body.isEmpty()
        ? new FakeService.Reply(status, upgradeAnswer.substring(4), null)
        : FakeService.answerAll(body, "APPLIED", null));
         JackpotContributor sdk = JackpotContributor.of(config(service.url()).transport(ContributorConfig.Transport.WEBSOCKET).build())) {
      assertEachApplied(sdk, 5);
      assertEquals(1, service.bodies.stream().filter(String::isEmpty).count(), "one upgrade tried, then POSTs only");
      assertEquals(5, service.bodies.stream().filter(b -> !b.isEmpty()).count());
    }
  }
}
