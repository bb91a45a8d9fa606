package io.jackpot.award.http;

import io.jackpot.access.http.GameAuth;
import io.jackpot.award.AwardService;
import io.jackpot.award.ClaimRequest;
import io.jackpot.catalogue.Catalogue;
import io.jackpot.error.ErrorCode;
import io.jackpot.error.Rejection;
import io.jackpot.http.JsonBody;
import io.jackpot.http.JsonFields;
import io.jackpot.http.Replies;
import io.jackpot.pool.Win;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.BodyHandler;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** POST /v1/wins, GET /v1/wins/{winId}, GET /v1/wins?roundId= (game key). */
public final class WinRoutes {
  private static final Logger log = LoggerFactory.getLogger(WinRoutes.class);
  private final AwardService awards;
  private final Catalogue catalogue;
  private final ClaimLimits limits;

  /** {@code claimsPerSecond}: the claims one game key may make per second here (more are refused 429). */
  public WinRoutes(AwardService awards, Catalogue catalogue, int claimsPerSecond) {
    this.awards = awards;
    this.catalogue = catalogue;
    this.limits = new ClaimLimits(claimsPerSecond);
  }

  public void mount(Router router, GameAuth auth, BodyHandler body) {
    // The key first, on a route of its own (Vert.x Web takes no body handler after a user handler
    // on one route): a stranger's body is not read.
    router.post("/v1/wins").handler(auth::handle).handler(ctx -> {
      limits.take(GameAuth.keyHash(ctx)); // before the body is read: a refused claim costs nothing
      ctx.next();
    });
    router.post("/v1/wins").handler(body).handler(JsonBody::require).handler(this::claim);
    router.get("/v1/wins/:winId").handler(auth::handle).handler(this::find);
    router.get("/v1/wins").handler(auth::handle).handler(this::findByRound);
  }

  /**
   * The claim's answer shows the amount in the claim's currency too, at the rates in force when the
   * pool was won. The win is paid by then: if those rates cannot be read (the ledger failed), it is
   * answered in the pool's own currency (as when the rates had none for the claim's), never with an
   * error saying that nothing was changed.
   */
  private void claim(RoutingContext ctx) {
    ClaimRequest request = parse(JsonFields.object(ctx.body().buffer()));
    Replies.json(ctx, () -> awards.claim(GameAuth.caller(ctx), request).thenCompose(win -> shown(win, request.currency())
        .exceptionally(failure -> {
          log.warn("win {} paid; its amount in {} could not be read ({}): answered in the pool's currency", win.winId(),
              request.currency(), failure.toString());
          return WinJson.of(win, catalogue.currencyOf(win.pool()));
        })), json -> json);
  }

  static ClaimRequest parse(JsonObject o) {
    String poolKey = JsonFields.optionalString(o, "poolKey", "");
    return new ClaimRequest(
        JsonFields.printable(o, "roundId", ""),
        JsonFields.id(o, "gameId", ""),
        JsonFields.printable(o, "playerId", ""),
        JsonFields.id(o, "jackpotId", ""),
        poolKey == null ? null : JsonFields.checkedId(poolKey, "poolKey"),
        JsonFields.currency(o, "currency", ""));
  }

  private void find(RoutingContext ctx) {
    String currency = currency(ctx);
    String winId = ctx.pathParam("winId");
    if (!JsonFields.isPrintable(winId)) { // no win has such an id; and PostgreSQL refuses a NUL in text (a 500)
      ctx.fail(new Rejection(Rejection.Kind.NOT_FOUND, ErrorCode.UNKNOWN_WIN, "no win " + winId.replaceAll("[^\\x20-\\x7E]", "?")));
      return;
    }
    Replies.json(ctx, () -> awards.find(GameAuth.caller(ctx), winId).thenCompose(win -> shown(win, currency)), json -> json);
  }

  private void findByRound(RoutingContext ctx) {
    String roundId = JsonFields.roundIdParam(ctx.queryParams().get("roundId"));
    String currency = currency(ctx);
    Replies.json(ctx, () -> awards.findByRound(GameAuth.caller(ctx), roundId).thenCompose(wins -> {
      List<CompletableFuture<JsonObject>> shown = wins.stream().map(w -> shown(w, currency).toCompletableFuture()).toList();
      return CompletableFuture.allOf(shown.toArray(CompletableFuture[]::new)).thenApply(v -> {
        JsonArray out = new JsonArray();
        shown.forEach(s -> out.add(s.join()));
        return new JsonObject().put("wins", out);
      });
    }), json -> json);
  }

  /**
   * The optional {@code ?currency=} of a look-up (blank: none): an ISO 4217 code (400 INVALID_FIELD
   * otherwise). Not checked against the rates in force now: a win is shown at the rates of its
   * own moment, falling back to the pool's currency when those had none for it.
   */
  private String currency(RoutingContext ctx) {
    String currency = ctx.queryParams().get("currency");
    if (currency == null || currency.isBlank()) {
      return null;
    }
    if (!JsonFields.isCurrencyCode(currency)) {
      throw Rejection.invalid(ErrorCode.INVALID_FIELD, "query parameter currency must be an ISO 4217 code like EUR");
    }
    return currency;
  }

  /**
   * A win as JSON: its amount in {@code currency} (null: the pool's own) at the rates in force when
   * it was won, the same in every answer about it.
   */
  private CompletionStage<JsonObject> shown(Win win, String currency) {
    String poolCurrency = catalogue.currencyOf(win.pool());
    return currency == null ? CompletableFuture.completedFuture(WinJson.of(win, poolCurrency))
        : awards.displayOf(win, currency).thenApply(display -> WinJson.of(win, poolCurrency, display));
  }
}
