package io.jackpot.catalogue.http;

import io.jackpot.award.HallOfFame;
import io.jackpot.award.PublicWins;
import io.jackpot.catalogue.Catalogue;
import io.jackpot.catalogue.JackpotDefinition;
import io.jackpot.catalogue.PoolDefinition;
import io.jackpot.error.ErrorCode;
import io.jackpot.error.Rejection.Kind;
import io.jackpot.error.Rejection;
import io.jackpot.fx.Display;
import io.jackpot.fx.FxHolder;
import io.jackpot.fx.FxRates;
import io.jackpot.http.QueryParams;
import io.jackpot.http.Replies;
import io.jackpot.pool.Pool;
import io.jackpot.pool.PoolId;
import io.jackpot.pool.PoolReads;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import java.util.List;
import java.util.Optional;

/**
 * Public reads of jackpots and their live pools (no auth), answered from the ticker's samples
 * ({@link PoolReads}); and of a jackpot's past wins, from the ledger ({@link HallOfFame}).
 */
public final class JackpotRoutes {
  private final Catalogue catalogue;
  private final PoolReads pools;
  private final FxHolder fx;
  private final HallOfFame hallOfFame;

  private final PublicWins publicity;

  /** {@code publicity}: what these public reads show of the wins, the pools' last ones and past ones. */
  public JackpotRoutes(Catalogue catalogue, PoolReads pools, FxHolder fx, HallOfFame hallOfFame, PublicWins publicity) {
    this.publicity = publicity;
    this.hallOfFame = hallOfFame;
    this.catalogue = catalogue;
    this.pools = pools;
    this.fx = fx;
  }

  public void mount(Router router) {
    router.get("/v1/jackpots").handler(this::list);
    router.get("/v1/jackpots/:id").handler(this::one);
    router.get("/v1/jackpots/:id/pools/:key").handler(this::pool);
    router.get("/v1/jackpots/:id/wins").handler(this::wins);
  }

  private void list(RoutingContext ctx) {
    Display currency = display(fx, catalogue, ctx.queryParams().get("currency"));
    List<JackpotDefinition> all = List.copyOf(catalogue.jackpots());
    Replies.json(ctx, () -> pools.read(catalogue.poolIds()), live -> {
      JsonArray out = new JsonArray();
      all.forEach(j -> out.add(JackpotJson.jackpot(j, JackpotJson.byId(live), currency, publicity)));
      return new JsonObject().put("jackpots", out);
    });
  }

  private void one(RoutingContext ctx) {
    Display currency = display(fx, catalogue, ctx.queryParams().get("currency"));
    JackpotDefinition j = jackpot(catalogue, ctx.pathParam("id"));
    List<PoolId> ids = j.pools().stream().map(j::poolId).toList();
    Replies.json(ctx, () -> pools.read(ids), live -> JackpotJson.jackpot(j, JackpotJson.byId(live), currency, publicity));
  }

  private void pool(RoutingContext ctx) {
    Display currency = display(fx, catalogue, ctx.queryParams().get("currency"));
    JackpotDefinition j = jackpot(catalogue, ctx.pathParam("id"));
    PoolDefinition def = j.pool(ctx.pathParam("key")).orElseThrow(() ->
        new Rejection(Kind.NOT_FOUND, ErrorCode.UNKNOWN_POOL, "jackpot " + j.id() + " has no pool " + ctx.pathParam("key")));
    Replies.json(ctx, () -> pools.read(List.of(j.poolId(def))), live -> {
      Pool pool = JackpotJson.byId(live).get(j.poolId(def));
      if (pool == null) {
        throw new Rejection(Kind.UNAVAILABLE, ErrorCode.POOL_NOT_LOADED, "pool " + j.poolId(def) + " is not loaded yet");
      }
      return JackpotJson.pool(j, def, pool, currency, publicity).put("jackpotId", j.id());
    });
  }

  /** The hall of fame: amounts in the jackpot's currency, and with {@code currency} in it at the rates in force now, as lastWin. */
  private void wins(RoutingContext ctx) {
    JackpotDefinition j = jackpot(catalogue, ctx.pathParam("id"));
    int limit = QueryParams.limit(ctx, HallOfFame.DEFAULT_LIMIT, HallOfFame.PAGE_LIMIT);
    String after = ctx.queryParams().get("after");
    Display currency = display(fx, catalogue, ctx.queryParams().get("currency"));
    Replies.json(ctx, () -> hallOfFame.page(j.id(), after == null || after.isBlank() ? null : after, limit), page -> {
      JsonArray out = new JsonArray();
      page.items().forEach(w -> out.add(JackpotJson.win(j, w, currency, publicity)));
      return new JsonObject().put("wins", out).put("next", page.next());
    });
  }

  /** How {@code currency} is shown at {@code rates}: with a rate, or as a currency a jackpot is kept in; empty if neither. */
  public static Optional<Display> shown(FxRates rates, Catalogue catalogue, String currency) {
    if (rates.rate(currency).isEmpty() && catalogue.jackpots().stream().anyMatch(j -> j.currency().equals(currency))) {
      return Optional.of(new Display(currency, rates));
    }
    return rates.display(currency);
  }

  public static JackpotDefinition jackpot(Catalogue catalogue, String id) {
    return catalogue.jackpot(id).orElseThrow(() -> new Rejection(Kind.NOT_FOUND, ErrorCode.UNKNOWN_JACKPOT, "no jackpot " + id));
  }

  /**
   * How to show amounts in the asked currency (null when none asked). A currency without a rate is
   * refused unless a jackpot is kept in it: its own amounts are shown as they are, and those of
   * jackpots kept in other currencies without {@code amountInCurrency}.
   */
  public static Display display(FxHolder fx, Catalogue catalogue, String currency) {
    if (currency == null || currency.isBlank()) {
      return null;
    }
    var rates = fx.get();
    return shown(rates, catalogue, currency).orElseThrow(() -> Rejection.invalid(ErrorCode.UNSUPPORTED_CURRENCY,
        "no exchange rate for " + currency + " (rates are set with PUT /v1/admin/fx-rates; pools are kept in " + rates.base() + ")"));
  }
}
