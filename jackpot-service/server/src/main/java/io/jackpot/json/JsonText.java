package io.jackpot.json;

import io.jackpot.error.ErrorCode;

/**
 * JSON written straight into text, for answers on the contribution path (building a JsonObject
 * tree per item and encoding it cost more than applying the contributions). Strings are quoted and
 * escaped as RFC 8259 requires.
 */
public final class JsonText {
  private static final char[] HEX = "0123456789abcdef".toCharArray();

  private JsonText() {}

  /** Appends {@code s} as a JSON string. */
  public static StringBuilder string(StringBuilder out, String s) {
    if (plain(s)) {
      return out.append('"').append(s).append('"'); // the common case, copied whole
    }
    out.append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"' -> out.append("\\\"");
        case '\\' -> out.append("\\\\");
        case '\n' -> out.append("\\n");
        case '\r' -> out.append("\\r");
        case '\t' -> out.append("\\t");
        default -> {
          if (c < 0x20) {
            out.append("\\u00").append(HEX[c >> 4]).append(HEX[c & 0xf]);
          } else {
            out.append(c);
          }
        }
      }
    }
    return out.append('"');
  }

  /** Appends {@code "name":} */
  public static StringBuilder field(StringBuilder out, String name) {
    return string(out, name).append(':');
  }

  /** Appends {@code "error":{"code":…,"message":…}}, the API's error object (docs/api.md). */
  public static StringBuilder error(StringBuilder out, ErrorCode code, String message) {
    field(out, "error").append('{');
    string(field(out, "code"), code.name()).append(',');
    return string(field(out, "message"), message).append('}');
  }

  /** Nothing in {@code s} needs escaping. */
  private static boolean plain(String s) {
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c < 0x20 || c == '"' || c == '\\') {
        return false;
      }
    }
    return true;
  }
}
