package io.jackpot.http;

import io.jackpot.error.ErrorCode;
import io.jackpot.error.Rejection;
import io.vertx.ext.web.RoutingContext;
import java.util.Map;

/**
 * Refuses a query whose parameter names or values hold a control character (C0, DEL, C1): the
 * readers trim their parameters, which silently dropped a NUL or CR and served the request. Reads
 * the page size of the listings.
 */
public final class QueryParams {
  private QueryParams() {}

  public static void refuseControl(RoutingContext ctx) {
    if (ctx.request().query() == null) {
      ctx.next();
      return;
    }
    Iterable<Map.Entry<String, String>> params;
    try {
      params = ctx.queryParams();
    } catch (RuntimeException e) {
      Errors.malformed(ctx); // not valid percent-encoding (read once: Vert.x keeps no parameters after)
      return;
    }
    for (Map.Entry<String, String> p : params) {
      if (hasControl(p.getKey()) || hasControl(p.getValue())) {
        Errors.send(ctx, 400, ErrorCode.INVALID_FIELD, "query parameter " + Errors.clipped(printable(p.getKey()))
            + " holds a control character");
        return;
      }
    }
    ctx.next();
  }

  /**
   * {@code limit}, how many a page holds at most: 1 to {@code most}, {@code fallback} when absent or
   * blank. Digits only: a sign, a decimal or an exponent is refused, not read as a number.
   */
  public static int limit(RoutingContext ctx, int fallback, int most) {
    String raw = ctx.queryParams().get("limit");
    if (raw == null || raw.isBlank()) {
      return fallback;
    }
    int limit = raw.matches("[0-9]{1,5}") ? Integer.parseInt(raw) : 0;
    if (limit < 1 || limit > most) {
      throw Rejection.invalid(ErrorCode.INVALID_FIELD, "limit must be a whole number from 1 to " + most);
    }
    return limit;
  }

  static boolean hasControl(String s) {
    return s != null && s.chars().anyMatch(Character::isISOControl);
  }

  private static String printable(String name) {
    return name.codePoints().map(c -> Character.isISOControl(c) ? '?' : c)
        .collect(StringBuilder::new, StringBuilder::appendCodePoint, StringBuilder::append).toString();
  }
}
