package io.jackpot.http;

import io.jackpot.error.ErrorCode;
import io.vertx.ext.web.RoutingContext;

/** Refuses a request body that is not declared as JSON, before reading it. */
public final class JsonBody {
  /** The largest body or stream message: 1000 contributions of a few hundred bytes each fit with room to spare. */
  public static final long LIMIT = 1024 * 1024;

  private JsonBody() {}

  public static void require(RoutingContext ctx) {
    if (!isJson(ctx.request().getHeader("Content-Type"))) {
      Errors.send(ctx, 415, ErrorCode.UNSUPPORTED_MEDIA_TYPE, "send the body with Content-Type: application/json");
      return;
    }
    ctx.next();
  }

  /** application/json, any case, alone or with parameters ("; charset=utf-8"): not application/jsonx nor application/json-seq. */
  static boolean isJson(String contentType) {
    if (contentType == null) {
      return false;
    }
    int semicolon = contentType.indexOf(';');
    String type = (semicolon < 0 ? contentType : contentType.substring(0, semicolon)).strip();
    return type.equalsIgnoreCase("application/json");
  }
}
