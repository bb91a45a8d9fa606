package io.jackpot.http;

import io.jackpot.access.Caller;
import io.jackpot.access.GameKeys;
import io.jackpot.error.Rejection;
import io.jackpot.error.Rejection.Kind;
import io.vertx.ext.web.RoutingContext;

/** Admits requests bearing a known game key and hands the routes its {@link Caller}. */
public final class GameAuth {
  private static final String CALLER = "caller";

  private final GameKeys keys;

  public GameAuth(GameKeys keys) {
    this.keys = keys;
  }

  public void handle(RoutingContext ctx) {
    String header = ctx.request().getHeader("Authorization");
    if (header == null || !header.regionMatches(true, 0, "Bearer ", 0, 7)) {
      ctx.fail(new Rejection(Kind.UNAUTHENTICATED, "UNAUTHENTICATED", "send a game key as 'Authorization: Bearer <key>'"));
      return;
    }
    var caller = keys.find(header.substring(7).trim());
    if (caller.isEmpty()) {
      ctx.fail(new Rejection(Kind.UNAUTHENTICATED, "UNAUTHENTICATED", "unknown game key"));
      return;
    }
    ctx.put(CALLER, caller.get());
    ctx.next();
  }

  public static Caller caller(RoutingContext ctx) {
    return ctx.get(CALLER);
  }
}
