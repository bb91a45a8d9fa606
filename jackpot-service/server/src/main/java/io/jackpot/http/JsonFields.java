package io.jackpot.http;

import io.jackpot.error.ErrorCode;
import io.jackpot.error.Rejection;
import io.jackpot.money.Decimals;
import io.jackpot.pool.PoolId;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.json.DecodeException;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.nio.charset.CharacterCodingException;

/**
 * Strict reading of request fields: each getter names the field in its error, refuses wrong types
 * (money must be a string, never a JSON number) and bounds lengths.
 */
public final class JsonFields {
  private JsonFields() {}

  /** Why a body or stream message that is not strict JSON was refused. */
  public static final String NOT_JSON =
      "the body is not valid JSON (RFC 8259: no comments, single quotes, trailing commas, NaN, unquoted names, leading zeros or repeated names)";

  public static JsonObject object(Buffer body) {
    if (body == null || body.length() == 0) {
      throw Rejection.invalid(ErrorCode.MALFORMED_JSON, "the body is empty; send a JSON object");
    }
    Object value;
    try {
      value = StrictJson.decode(StrictJson.utf8(body.getBytes()));
    } catch (CharacterCodingException e) {
      throw Rejection.invalid(ErrorCode.MALFORMED_JSON, "the body is not well-formed UTF-8");
    } catch (DecodeException e) {
      throw Rejection.invalid(ErrorCode.MALFORMED_JSON, NOT_JSON);
    }
    if (!(value instanceof JsonObject o)) {
      throw Rejection.invalid(ErrorCode.MALFORMED_JSON, "the body must be a JSON object");
    }
    return o;
  }

  public static String string(JsonObject o, String field, String path) {
    Object v = o.getValue(field);
    if (v == null) {
      throw Rejection.invalid(ErrorCode.MISSING_FIELD, path + field + " is required");
    }
    if (!(v instanceof String s)) {
      throw Rejection.invalid(ErrorCode.INVALID_FIELD, path + field + " must be a string");
    }
    return s;
  }

  public static String optionalString(JsonObject o, String field, String path) {
    return o.getValue(field) == null ? null : string(o, field, path);
  }

  /** 1–128 printable ASCII characters (round ids, player ids). */
  public static String printable(JsonObject o, String field, String path) {
    String s = string(o, field, path);
    if (!isPrintable(s)) {
      throw Rejection.invalid(ErrorCode.INVALID_FIELD, path + field + " must be 1–128 printable ASCII characters");
    }
    return s;
  }

  public static String id(JsonObject o, String field, String path) {
    String s = string(o, field, path);
    return checkedId(s, path + field);
  }

  public static String checkedId(String s, String name) {
    if (!PoolId.isId(s)) {
      throw Rejection.invalid(ErrorCode.INVALID_FIELD, name + " must match " + PoolId.ID_RULE);
    }
    return s;
  }

  public static String currency(JsonObject o, String field, String path) {
    String s = string(o, field, path);
    if (!isCurrencyCode(s)) {
      throw Rejection.invalid(ErrorCode.INVALID_FIELD, path + field + " must be an ISO 4217 code like EUR");
    }
    return s;
  }

  /** A positive amount of money in micro-units, at most {@code maxMicros}, from a decimal string. */
  public static long money(JsonObject o, String field, String path, long maxMicros) {
    String s = string(o, field, path);
    long micros;
    try {
      micros = Decimals.parsePositiveMicros(s);
    } catch (IllegalArgumentException | ArithmeticException e) {
      throw Rejection.invalid(ErrorCode.INVALID_AMOUNT, path + field + " " + e.getMessage());
    }
    if (micros > maxMicros) {
      throw Rejection.invalid(ErrorCode.INVALID_AMOUNT, path + field + " must be at most "
          + Decimals.plain(maxMicros));
    }
    return micros;
  }

  public static Long optionalMoney(JsonObject o, String field, String path, long maxMicros) {
    return o.getValue(field) == null ? null : money(o, field, path, maxMicros);
  }

  public static JsonArray array(JsonObject o, String field, String path) {
    Object v = o.getValue(field);
    if (v == null) {
      throw Rejection.invalid(ErrorCode.MISSING_FIELD, path + field + " is required");
    }
    if (!(v instanceof JsonArray a)) {
      throw Rejection.invalid(ErrorCode.INVALID_FIELD, path + field + " must be an array");
    }
    return a;
  }

  /** A {@code roundId} query parameter (1–128 printable ASCII characters), or a 400 saying what is required. */
  public static String roundIdParam(String roundId) {
    if (roundId == null || !isPrintable(roundId)) {
      throw Rejection.invalid(ErrorCode.MISSING_FIELD, "query parameter roundId (1–128 printable ASCII characters) is required");
    }
    return roundId;
  }

  /** 1–128 characters, each printable ASCII (0x20–0x7E): the rule for round, player and operator ids. */
  public static boolean isPrintable(String s) {
    int n = s.length();
    if (n == 0 || n > 128) {
      return false;
    }
    for (int i = 0; i < n; i++) {
      char c = s.charAt(i);
      if (c < 0x20 || c > 0x7E) {
        return false;
      }
    }
    return true;
  }

  /**
   * Whether free text (a reason) holds what no text should: a control character other than a line
   * break or a tab, or half of a surrogate pair (stored as "?", so the ledger and the cluster's copy
   * would differ). PostgreSQL refuses a NUL in text and jsonb (a 500 otherwise).
   */
  public static boolean hasControl(String s) {
    return bad(s, false);
  }

  /**
   * Whether a name shown on one line to players and operators holds more than plain text: any
   * control character (line breaks and tabs too), a bidirectional override, which would show it
   * reversed or reordered, or half of a surrogate pair.
   */
  public static boolean badName(String s) {
    return bad(s, true);
  }

  private static boolean bad(String s, boolean oneLine) {
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      boolean lineBreakOrTab = c == '\n' || c == '\t' || c == '\r';
      if (Character.isISOControl(c) && (oneLine || !lineBreakOrTab)) {
        return true;
      }
      if (oneLine && (c >= '\u202A' && c <= '\u202E' || c >= '\u2066' && c <= '\u2069' || c == '\u200E' || c == '\u200F'
          || c == '\u061C' || c == '\u2028' || c == '\u2029')) {
        return true; // direction marks and overrides, and the line and paragraph separators
      }
      if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
        i++;
      } else if (Character.isSurrogate(c)) {
        return true;
      }
    }
    return false;
  }

  /** Three capital ASCII letters, the shape of an ISO 4217 code. */
  public static boolean isCurrencyCode(String s) {
    if (s.length() != 3) {
      return false;
    }
    for (int i = 0; i < 3; i++) {
      char c = s.charAt(i);
      if (c < 'A' || c > 'Z') {
        return false;
      }
    }
    return true;
  }
}
