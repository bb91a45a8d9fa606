package io.jackpot.http;

import io.vertx.ext.web.RoutingContext;

/** Refuses a request body that is not declared as JSON, before reading it. */
public final class JsonBody {
  private JsonBody() {}

  public static void require(RoutingContext ctx) {
    String type = ctx.request().getHeader("Content-Type");
    if (type == null || !type.toLowerCase().startsWith("application/json")) {
      Errors.send(ctx, 415, "UNSUPPORTED_MEDIA_TYPE", "send the body with Content-Type: application/json");
      return;
    }
    ctx.next();
  }
}
