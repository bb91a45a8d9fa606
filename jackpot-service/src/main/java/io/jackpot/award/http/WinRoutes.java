package io.jackpot.award.http;

import io.jackpot.award.AwardService;
import io.jackpot.award.ClaimRequest;
import io.jackpot.error.Rejection;
import io.jackpot.http.GameAuth;
import io.jackpot.http.JsonBody;
import io.jackpot.http.JsonFields;
import io.jackpot.http.Replies;
import io.jackpot.jackpot.Catalogue;
import io.jackpot.pool.Win;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.BodyHandler;
import java.util.List;

/** POST /v1/wins, GET /v1/wins/{winId}, GET /v1/wins?roundId= (game key). */
public final class WinRoutes {
  private final AwardService awards;
  private final Catalogue catalogue;

  public WinRoutes(AwardService awards, Catalogue catalogue) {
    this.awards = awards;
    this.catalogue = catalogue;
  }

  public void mount(Router router, GameAuth auth, BodyHandler body) {
    // The key first, on a route of its own (Vert.x Web takes no body handler after a user handler
    // on one route): a stranger's body is not read.
    router.post("/v1/wins").handler(auth::handle);
    router.post("/v1/wins").handler(body).handler(JsonBody::require).handler(this::claim);
    router.get("/v1/wins/:winId").handler(auth::handle).handler(this::find);
    router.get("/v1/wins").handler(auth::handle).handler(this::findByRound);
  }

  /** The claim's answer shows the amount in the claim's currency too (at the rate in force). */
  private void claim(RoutingContext ctx) {
    ClaimRequest request = parse(JsonFields.object(ctx.body().buffer()));
    Replies.json(ctx, () -> awards.claim(GameAuth.caller(ctx), request),
        win -> WinJson.of(win, catalogue.currencyOf(win.pool()), awards.display(request.currency())));
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
    Replies.json(ctx, () -> awards.find(GameAuth.caller(ctx), ctx.pathParam("winId")), this::json);
  }

  private void findByRound(RoutingContext ctx) {
    String roundId = ctx.queryParams().get("roundId");
    if (roundId == null || roundId.isEmpty() || roundId.length() > 128) {
      ctx.fail(Rejection.invalid("MISSING_FIELD", "query parameter roundId (1–128 characters) is required"));
      return;
    }
    Replies.json(ctx, () -> awards.findByRound(GameAuth.caller(ctx), roundId), this::json);
  }

  private JsonObject json(Win win) {
    return WinJson.of(win, catalogue.currencyOf(win.pool()));
  }

  private JsonObject json(List<Win> wins) {
    JsonArray out = new JsonArray();
    wins.forEach(w -> out.add(json(w)));
    return new JsonObject().put("wins", out);
  }
}
