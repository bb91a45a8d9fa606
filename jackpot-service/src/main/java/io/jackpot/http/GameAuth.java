package io.jackpot.http;

import io.jackpot.access.Caller;
import io.jackpot.access.Credentials;
import io.jackpot.error.Rejection;
import io.jackpot.error.Rejection.Kind;
import io.vertx.ext.web.RoutingContext;

/** Admits requests bearing a known game key and hands the routes its {@link Caller}. */
public final class GameAuth {
  private static final String CALLER = "caller";

  private final Credentials credentials;

  public GameAuth(Credentials credentials) {
    this.credentials = credentials;
  }

  public void handle(RoutingContext ctx) {
    String header = ctx.request().getHeader("Authorization");
    if (header == null || !header.regionMatches(true, 0, "Bearer ", 0, 7)) {
      ctx.fail(new Rejection(Kind.UNAUTHENTICATED, "UNAUTHENTICATED", "send a game key as 'Authorization: Bearer <key>'"));
      return;
    }
    String secret = header.substring(7).trim();
    var caller = credentials.game(secret);
    if (caller.isEmpty()) {
      ctx.fail(credentials.admin(secret).isPresent()
          ? new Rejection(Kind.FORBIDDEN, "FORBIDDEN", "an admin token may not call game endpoints; use a game key")
          : new Rejection(Kind.UNAUTHENTICATED, "UNAUTHENTICATED", "unknown game key"));
      return;
    }
    ctx.put(CALLER, caller.get());
    ctx.next();
  }

  public static Caller caller(RoutingContext ctx) {
    return ctx.get(CALLER);
  }
}
