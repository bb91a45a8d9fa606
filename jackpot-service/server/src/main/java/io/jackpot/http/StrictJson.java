package io.jackpot.http;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.StreamReadFeature;
import io.vertx.core.json.DecodeException;
import io.vertx.core.json.jackson.JacksonCodec;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * Reads request JSON as RFC 8259 defines it and nothing more: well-formed UTF-8 only (an overlong
 * form of '/' is not '/'), no comments (Vert.x' own codec allows them), and no name given twice.
 */
public final class StrictJson {
  /** Jackson's defaults refuse single quotes, trailing commas, NaN, unquoted names and leading zeros. */
  private static final JsonFactory FACTORY = JsonFactory.builder().enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION).build();

  private StrictJson() {}

  /** The text of {@code bytes}, refusing malformed or overlong UTF-8, encoded surrogates and code points past U+10FFFF. */
  public static String utf8(byte[] bytes) throws CharacterCodingException {
    String text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
        .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
    // A leading byte order mark was skipped before (Jackson does on bytes): still skipped.
    return text.startsWith("\uFEFF") ? text.substring(1) : text;
  }

  /** The one JSON value in {@code text}: a JsonObject, JsonArray, String, Number, Boolean or null, as Vert.x decodes them. */
  public static Object decode(String text) throws DecodeException {
    JsonParser parser;
    try {
      parser = FACTORY.createParser(text);
    } catch (IOException e) {
      throw new DecodeException(e.getMessage(), e);
    }
    return JacksonCodec.fromParser(parser, Object.class); // refuses anything after the value, too
  }
}
