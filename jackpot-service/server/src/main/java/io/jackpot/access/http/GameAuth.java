package io.jackpot.access.http;

import io.jackpot.access.Credentials;
import io.jackpot.error.ErrorCode;
import io.jackpot.error.Rejection.Kind;
import io.jackpot.error.Rejection;
import io.jackpot.game.Caller;
import io.vertx.ext.web.RoutingContext;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Admits requests bearing a known game key and hands the routes its {@link Caller}, and the key's
 * hash to routes that outlive the request (a contribution stream checks the key again for each of
 * its batches: the credentials in force may have revoked it since).
 */
public final class GameAuth {
  private static final String CALLER = "caller";
  private static final String KEY_HASH = "game-key-hash";

  private final Supplier<Credentials> credentials;

  public GameAuth(Supplier<Credentials> credentials) {
    this.credentials = credentials;
  }

  public void handle(RoutingContext ctx) {
    String header = ctx.request().getHeader("Authorization");
    if (header == null || !header.regionMatches(true, 0, "Bearer ", 0, 7)) {
      ctx.fail(new Rejection(Kind.UNAUTHENTICATED, ErrorCode.UNAUTHENTICATED, "send a game key as 'Authorization: Bearer <key>'"));
      return;
    }
    String secret = header.substring(7).trim();
    if (secret.isEmpty()) {
      ctx.fail(new Rejection(Kind.UNAUTHENTICATED, ErrorCode.UNAUTHENTICATED, "unknown game key"));
      return;
    }
    Credentials now = credentials.get();
    String hash = Credentials.sha256(secret);
    var caller = now.gameByHash(hash);
    if (caller.isEmpty()) {
      ctx.fail(now.adminByHash(hash).isPresent()
          ? new Rejection(Kind.FORBIDDEN, ErrorCode.FORBIDDEN, "an admin token may not call game endpoints; use a game key")
          : new Rejection(Kind.UNAUTHENTICATED, ErrorCode.UNAUTHENTICATED, "unknown game key"));
      return;
    }
    ctx.put(CALLER, caller.get());
    ctx.put(KEY_HASH, hash);
    ctx.next();
  }

  public static Caller caller(RoutingContext ctx) {
    return ctx.get(CALLER);
  }

  /** The hash of the game key the request was admitted with. */
  public static String keyHash(RoutingContext ctx) {
    return ctx.get(KEY_HASH);
  }

  /** The caller a game key's hash speaks for under the credentials in force now, if it still does. */
  public Optional<Caller> callerNow(String keyHash) {
    return credentials.get().gameByHash(keyHash);
  }
}
