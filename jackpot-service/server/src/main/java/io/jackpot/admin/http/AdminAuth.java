package io.jackpot.admin.http;

import io.jackpot.access.Admin;
import io.jackpot.access.Credentials;
import io.jackpot.error.ErrorCode;
import io.jackpot.error.Rejection.Kind;
import io.jackpot.error.Rejection;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.RoutingContext;
import java.util.function.Supplier;

/**
 * Admits admin tokens to /v1/admin/**: missing or unknown → 401; a game key, or a viewer token on
 * anything but GET → 403. The token's secret is never logged; its name is.
 */
public final class AdminAuth {
  private static final String ADMIN = "admin";

  private final Supplier<Credentials> credentials;

  /** {@code credentials}: those in force at each request. */
  public AdminAuth(Supplier<Credentials> credentials) {
    this.credentials = credentials;
  }

  public void handle(RoutingContext ctx) {
    String header = ctx.request().getHeader("Authorization");
    if (header == null || !header.regionMatches(true, 0, "Bearer ", 0, 7)) {
      ctx.fail(new Rejection(Kind.UNAUTHENTICATED, ErrorCode.UNAUTHENTICATED, "send an admin token as 'Authorization: Bearer <token>'"));
      return;
    }
    String secret = header.substring(7).trim();
    Credentials now = credentials.get();
    var admin = now.admin(secret);
    if (admin.isEmpty()) {
      ctx.fail(now.game(secret).isPresent()
          ? new Rejection(Kind.FORBIDDEN, ErrorCode.FORBIDDEN, "a game key may not call admin endpoints")
          : new Rejection(Kind.UNAUTHENTICATED, ErrorCode.UNAUTHENTICATED, "unknown admin token"));
      return;
    }
    if (ctx.request().method() != HttpMethod.GET && !admin.get().mayWrite()) {
      ctx.fail(new Rejection(Kind.FORBIDDEN, ErrorCode.READ_ONLY_TOKEN, "token " + admin.get().name() + " has the viewer role: it may only read"));
      return;
    }
    ctx.put(ADMIN, admin.get());
    ctx.next();
  }

  public static Admin admin(RoutingContext ctx) {
    return ctx.get(ADMIN);
  }
}
