package io.jackpot.it.api;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.jackpot.it.support.Api;
import io.jackpot.it.support.OneNode;
import io.jackpot.it.support.RawWebSocket;
import io.jackpot.it.support.SimplePg;
import io.vertx.core.json.JsonObject;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Contributions that only a lenient reader takes for JSON (malformed UTF-8, comments, a name given
 * twice...) are refused 400 MALFORMED_JSON, over HTTP and on the stream, and nothing of them is applied.
 */
class StrictJsonIT extends OneNode {
  private static final byte[] OVERLONG_SLASH = {(byte) 0xc0, (byte) 0xaf};

  /** A contribution to bewitched of round {@code round}. */
  private static String item(String round) {
    return Api.contribution(round, "bewitched", "1.00", "0.10");
  }

  /** A contribution whose round id is {@code round}, then an overlong '/' (0xC0 0xAF), then "1". */
  private static byte[] overlong(String round) {
    String[] halves = item(round).split(round, 2);
    return join(halves[0], round, OVERLONG_SLASH, "1", halves[1]);
  }

  private static byte[] join(Object... parts) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (Object p : parts) {
      out.writeBytes(p instanceof byte[] b ? b : ((String) p).getBytes(StandardCharsets.UTF_8));
    }
    return out.toByteArray();
  }

  static Stream<Arguments> lenientBodies() {
    return Stream.of(
        Arguments.of("overlong UTF-8 '/' in a round id", join("{\"contributions\":[", overlong("SJ-OVER"), "]}")),
        Arguments.of("block comment", join("{/* a game's note */\"contributions\":[", item("SJ-COMMENT"), "]}")),
        Arguments.of("line comment", join("{\"contributions\":[", item("SJ-LINE"), "] // end\n}")),
        Arguments.of("repeated name", join("{\"contributions\":[", item("SJ-TWICE").replace("\"stake\":\"1.00\"",
            "\"stake\":\"1.00\",\"stake\":\"2.00\""), "]}")),
        Arguments.of("repeated top-level name", join("{\"contributions\":[", item("SJ-TOP1"), "],\"contributions\":[", item("SJ-TOP2"), "]}")),
        Arguments.of("single quotes", join("{'contributions':[", item("SJ-QUOTE"), "]}")),
        Arguments.of("trailing comma", join("{\"contributions\":[", item("SJ-COMMA"), ",]}")),
        Arguments.of("NaN", join("{\"n\":NaN,\"contributions\":[", item("SJ-NAN"), "]}")),
        Arguments.of("unquoted name", join("{contributions:[", item("SJ-UNQUOTED"), "]}")),
        Arguments.of("leading zero", join("{\"n\":007,\"contributions\":[", item("SJ-ZERO"), "]}")));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("lenientBodies")
  void overHttpIsRefusedMalformedJsonAndNothingApplied(String what, byte[] body) throws Exception {
    String before = api.get("/v1/jackpots").body();
    Api.Reply r = api.rawBytes("POST", "/v1/contributions", Api.GAME_KEY, "application/json", body);
    assertEquals(400, r.status(), what + ": " + r.body());
    assertEquals("MALFORMED_JSON", r.errorCode(), r.body());
    assertEquals(before, api.get("/v1/jackpots").body(), "pools unchanged");
    assertNoRounds();
  }

  @Test
  void onTheStreamBadUtf8ClosesTheConnection1007AndNothingIsApplied() throws Exception {
    try (Socket socket = new Socket("127.0.0.1", node.httpPort())) {
      socket.setSoTimeout(10_000);
      DataInputStream in = RawWebSocket.upgrade(socket, "/v1/contributions/stream", Api.GAME_KEY);
      String before = api.get("/v1/jackpots").body();
      RawWebSocket.text(socket.getOutputStream(), join("{\"id\":1,\"contributions\":[", overlong("SJ-WS-OVER"), "]}"));
      RawWebSocket.Frame close = RawWebSocket.read(in);
      assertEquals(0x8, close.opcode(), close.text());
      assertEquals(1007, close.closeCode());
      assertEquals(before, api.get("/v1/jackpots").body(), "pools unchanged");
      assertNoRounds();
    }
  }

  @Test
  void onTheStreamLenientJsonIsAnswered400ByIdAndTheStreamGoesOn() throws Exception {
    try (Socket socket = new Socket("127.0.0.1", node.httpPort())) {
      socket.setSoTimeout(10_000);
      DataInputStream in = RawWebSocket.upgrade(socket, "/v1/contributions/stream", Api.GAME_KEY);
      String before = api.get("/v1/jackpots").body();
      RawWebSocket.text(socket.getOutputStream(), join("{\"id\":7,/* note */\"contributions\":[", item("SJ-WS-COMMENT"), "]}"));
      JsonObject refused = new JsonObject(RawWebSocket.read(in).text());
      assertEquals(7, refused.getInteger("id"));
      assertEquals(400, refused.getInteger("status"), refused.encode());
      assertEquals("MALFORMED_JSON", refused.getJsonObject("error").getString("code"));
      RawWebSocket.text(socket.getOutputStream(), join("{\"id\":8,\"contributions\":[", item("SJ-WS-TWICE").replace("\"stake\":\"1.00\"",
          "\"stake\":\"1.00\",\"stake\":\"2.00\""), "]}"));
      assertEquals("MALFORMED_JSON", new JsonObject(RawWebSocket.read(in).text()).getJsonObject("error").getString("code"));
      assertEquals(before, api.get("/v1/jackpots").body(), "pools unchanged");
      assertNoRounds();

      // A message in two frames, a character of two bytes split between them, is still taken whole.
      byte[] whole = join("{\"id\":9,\"note\":\"caf\u00e9\",\"contributions\":[", item("SJ-WS-OK"), "]}");
      int split = new String(whole, StandardCharsets.UTF_8).indexOf('\u00e9') + 1; // between the bytes of é
      RawWebSocket.frame(socket.getOutputStream(), 0x01, Arrays.copyOfRange(whole, 0, split));
      RawWebSocket.frame(socket.getOutputStream(), 0x80, Arrays.copyOfRange(whole, split, whole.length));
      JsonObject taken = new JsonObject(RawWebSocket.read(in).text());
      assertEquals(200, taken.getInteger("status"), taken.encode());
      assertEquals("APPLIED", taken.getJsonArray("results").getJsonObject(0).getString("status"));
    }
  }

  @Test
  void onTheStreamABinaryMessageClosesTheConnection1003() throws Exception {
    try (Socket socket = new Socket("127.0.0.1", node.httpPort())) {
      socket.setSoTimeout(10_000);
      DataInputStream in = RawWebSocket.upgrade(socket, "/v1/contributions/stream", Api.GAME_KEY);
      RawWebSocket.frame(socket.getOutputStream(), 0x82, join("{\"id\":1,\"contributions\":[", item("SJ-WS-BINARY"), "]}"));
      RawWebSocket.Frame close = RawWebSocket.read(in);
      assertEquals(0x8, close.opcode(), close.text());
      assertEquals(1003, close.closeCode());
      assertNoRounds();
    }
  }

  private static void assertNoRounds() throws Exception {
    try (SimplePg sql = SimplePg.of(pgUrl)) {
      assertEquals(0, sql.count("SELECT count(*) FROM rounds WHERE round_id LIKE 'SJ-%' AND round_id NOT LIKE 'SJ-WS-OK%'"));
    }
  }
}
