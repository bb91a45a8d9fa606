package io.jackpot.sdk.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Reading the stream's answers: the id and status the service writes first, or a full parse. */
class ContributionStreamsTest {
  @Test
  void anAnswerAsTheServiceWritesIt() throws Exception {
    String ok = "{\"id\":42,\"status\":200,\"results\":[{\"roundId\":\"r,1\",\"status\":\"APPLIED\"}]}";
    assertEquals(new ContributionStreams.Answer(42, 200, ok, -1), ContributionStreams.read(ok));

    String busy = "{\"id\":7,\"status\":503,\"retryAfter\":2,\"error\":{\"code\":\"OVERLOADED\",\"message\":\"retry, shortly\"}}";
    assertEquals(new ContributionStreams.Answer(7, 503, busy, 2000), ContributionStreams.read(busy));

    String refused = "{\"id\":8,\"status\":400,\"error\":{\"code\":\"EMPTY_BATCH\",\"message\":\"m\"}}";
    assertEquals(new ContributionStreams.Answer(8, 400, refused, -1), ContributionStreams.read(refused));
  }

  @Test
  void anyOtherLayoutOfTheSameJson() throws Exception {
    String spaced = "{ \"status\": 200, \"id\": 9, \"results\": [] }";
    assertEquals(9, ContributionStreams.read(spaced).id());
    assertEquals(200, ContributionStreams.read(spaced).status());
  }

  @Test
  void anUnpairedSurrogateIsSentAsAQuestionMarkAsOverHttp() {
    assertEquals("{\"playerId\":\"p?\"}", ContributionStreams.wellFormed("{\"playerId\":\"p\uD83D\"}"));
    String emoji = "{\"playerId\":\"p\uD83D\uDE00\"}";
    assertEquals(emoji, ContributionStreams.wellFormed(emoji), "a whole pair is kept");
  }

  /** A connection that gives no answer in time is abandoned: the next batch opens a new one. */
  @Test
  void aSilentConnectionIsAbandonedAfterTheTimeout() throws Exception {
    try (java.net.ServerSocket silent = new java.net.ServerSocket(0, 50, java.net.InetAddress.getLoopbackAddress())) {
      java.util.List<java.net.Socket> accepted = new java.util.concurrent.CopyOnWriteArrayList<>();
      Thread acceptor = new Thread(() -> {
        try {
          while (true) {
            java.net.Socket s = silent.accept();
            accepted.add(s);
            // Completes the upgrade, then never answers anything.
            var in = new java.io.BufferedReader(new java.io.InputStreamReader(s.getInputStream(), java.nio.charset.StandardCharsets.ISO_8859_1));
            String key = null;
            for (String line = in.readLine(); line != null && !line.isEmpty(); line = in.readLine()) {
              if (line.toLowerCase().startsWith("sec-websocket-key:")) {
                key = line.substring(18).trim();
              }
            }
            String accept = java.util.Base64.getEncoder().encodeToString(java.security.MessageDigest.getInstance("SHA-1")
                .digest((key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").getBytes(java.nio.charset.StandardCharsets.ISO_8859_1)));
            s.getOutputStream().write(("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                + "Sec-WebSocket-Accept: " + accept + "\r\n\r\n").getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
            s.getOutputStream().flush();
          }
        } catch (Exception closed) {
          // the test is over
        }
      });
      acceptor.setDaemon(true);
      acceptor.start();
      ContributionStreams streams = new ContributionStreams(java.net.http.HttpClient.newHttpClient(), "k", java.time.Duration.ofMillis(300));
      java.net.URI base = java.net.URI.create("http://127.0.0.1:" + silent.getLocalPort());
      var first = streams.send(base, "{\"contributions\":[]}");
      var error = org.junit.jupiter.api.Assertions.assertThrows(java.util.concurrent.ExecutionException.class,
          () -> first.get(10, java.util.concurrent.TimeUnit.SECONDS));
      org.junit.jupiter.api.Assertions.assertTrue(String.valueOf(error.getCause().getMessage()).contains("no answer within 300 ms"),
          String.valueOf(error.getCause()));
      var second = streams.send(base, "{\"contributions\":[]}");
      org.junit.jupiter.api.Assertions.assertThrows(java.util.concurrent.ExecutionException.class,
          () -> second.get(10, java.util.concurrent.TimeUnit.SECONDS));
      assertEquals(2, accepted.size(), "the second batch went on a new connection");
      streams.close();
    }
  }
}
