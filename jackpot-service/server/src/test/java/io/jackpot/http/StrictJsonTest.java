package io.jackpot.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.jackpot.error.ErrorCode;
import io.jackpot.error.Rejection;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.json.JsonObject;
import java.nio.charset.StandardCharsets;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** A request body is JSON as RFC 8259 defines it, in well-formed UTF-8, with each name once; what that allows still reads the same. */
class StrictJsonTest {
  static Stream<Arguments> notStrictJson() {
    return Stream.of(
        Arguments.of("overlong '/'", bytes("{\"roundId\":\"R-1"), new byte[] {(byte) 0xc0, (byte) 0xaf}, bytes("2\"}")),
        Arguments.of("lone continuation byte", bytes("{\"a\":\"x"), new byte[] {(byte) 0x80}, bytes("\"}")),
        Arguments.of("encoded surrogate", bytes("{\"a\":\""), new byte[] {(byte) 0xed, (byte) 0xa0, (byte) 0x80}, bytes("\"}")),
        Arguments.of("truncated sequence", bytes("{\"a\":\""), new byte[] {(byte) 0xe2, (byte) 0x82}, bytes("\"}")),
        Arguments.of("line comment", bytes("{\"a\":1 // one\n}"), new byte[0], new byte[0]),
        Arguments.of("block comment", bytes("{/* c */\"a\":1}"), new byte[0], new byte[0]),
        Arguments.of("single quotes", bytes("{'a':1}"), new byte[0], new byte[0]),
        Arguments.of("trailing comma in object", bytes("{\"a\":1,}"), new byte[0], new byte[0]),
        Arguments.of("trailing comma in array", bytes("{\"a\":[1,2,]}"), new byte[0], new byte[0]),
        Arguments.of("NaN", bytes("{\"a\":NaN}"), new byte[0], new byte[0]),
        Arguments.of("Infinity", bytes("{\"a\":-Infinity}"), new byte[0], new byte[0]),
        Arguments.of("unquoted name", bytes("{a:1}"), new byte[0], new byte[0]),
        Arguments.of("leading zero", bytes("{\"a\":01}"), new byte[0], new byte[0]),
        Arguments.of("repeated name", bytes("{\"a\":1,\"a\":2}"), new byte[0], new byte[0]),
        Arguments.of("repeated name inside", bytes("{\"c\":[{\"roundId\":\"R-1\",\"roundId\":\"R-2\"}]}"), new byte[0], new byte[0]),
        Arguments.of("trailing value", bytes("{\"a\":1} {}"), new byte[0], new byte[0]));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("notStrictJson")
  void isRefusedMalformedJson(String what, byte[] head, byte[] middle, byte[] tail) {
    Buffer body = Buffer.buffer(head).appendBytes(middle).appendBytes(tail);
    Rejection r = assertThrows(Rejection.class, () -> JsonFields.object(body), what);
    assertEquals(ErrorCode.MALFORMED_JSON, r.code());
  }

  @Test
  void validJsonReadsAsBefore() {
    String text = "\uFEFF { \"s\": \"caf\u00e9 \\u00e9 \\/ \uD83C\uDF6C\", \"n\": [0, -1, 2.50, 1e3, 12345678901234567890], "
        + "\"o\": {\"a\": null, \"b\": true}, \"e\": {} }";
    JsonObject o = JsonFields.object(Buffer.buffer(text.getBytes(StandardCharsets.UTF_8)));
    assertEquals(new JsonObject(text.substring(1)), o);
    assertEquals("caf\u00e9 \u00e9 / \uD83C\uDF6C", o.getString("s"));
    assertEquals(Integer.class, o.getJsonArray("n").getValue(0).getClass());
  }

  private static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }
}
