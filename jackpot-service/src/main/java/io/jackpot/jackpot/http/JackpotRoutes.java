package io.jackpot.jackpot.http;

import io.jackpot.award.http.WinJson;
import io.jackpot.error.Rejection;
import io.jackpot.error.Rejection.Kind;
import io.jackpot.http.Replies;
import io.jackpot.jackpot.Catalogue;
import io.jackpot.jackpot.JackpotDefinition;
import io.jackpot.jackpot.PoolDefinition;
import io.jackpot.money.Money;
import io.jackpot.pool.Pool;
import io.jackpot.pool.PoolId;
import io.jackpot.pool.Pools;
import io.jackpot.pool.Trigger;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/** Public reads of jackpots and their live pools (no auth). */
public final class JackpotRoutes {
  private final Catalogue catalogue;
  private final Pools pools;

  public JackpotRoutes(Catalogue catalogue, Pools pools) {
    this.catalogue = catalogue;
    this.pools = pools;
  }

  public void mount(Router router) {
    router.get("/v1/jackpots").handler(this::list);
    router.get("/v1/jackpots/:id").handler(this::one);
    router.get("/v1/jackpots/:id/pools/:key").handler(this::pool);
  }

  private void list(RoutingContext ctx) {
    String currency = displayCurrency(ctx);
    List<JackpotDefinition> all = List.copyOf(catalogue.jackpots());
    Replies.json(ctx, () -> pools.getAll(catalogue.poolIds()), live -> {
      JsonArray out = new JsonArray();
      all.forEach(j -> out.add(jackpot(j, byId(live), currency)));
      return new JsonObject().put("jackpots", out);
    });
  }

  private void one(RoutingContext ctx) {
    String currency = displayCurrency(ctx);
    JackpotDefinition j = jackpot(ctx.pathParam("id"));
    List<PoolId> ids = j.pools().stream().map(j::poolId).toList();
    Replies.json(ctx, () -> pools.getAll(ids), live -> jackpot(j, byId(live), currency));
  }

  private void pool(RoutingContext ctx) {
    String currency = displayCurrency(ctx);
    JackpotDefinition j = jackpot(ctx.pathParam("id"));
    PoolDefinition def = j.pool(ctx.pathParam("key")).orElseThrow(() ->
        new Rejection(Kind.NOT_FOUND, "UNKNOWN_POOL", "jackpot " + j.id() + " has no pool " + ctx.pathParam("key")));
    Replies.json(ctx, () -> pools.getAll(List.of(j.poolId(def))),
        live -> pool(j, def, byId(live).get(j.poolId(def)), currency).put("jackpotId", j.id()));
  }

  private JackpotDefinition jackpot(String id) {
    return catalogue.jackpot(id).orElseThrow(() -> new Rejection(Kind.NOT_FOUND, "UNKNOWN_JACKPOT", "no jackpot " + id));
  }

  /** Only the jackpots' own currency until FX rates exist; anything else is refused clearly. */
  private String displayCurrency(RoutingContext ctx) {
    String currency = ctx.queryParams().get("currency");
    if (currency != null && !currency.equals("EUR")) {
      throw Rejection.invalid("UNSUPPORTED_CURRENCY", "no exchange rate for " + currency + "; pools are kept in EUR");
    }
    return currency;
  }

  /** The trigger's public settings; a must-hit pool shows the commitment to its secret hit point. */
  private static JsonObject trigger(Pool pool) {
    Trigger t = pool.terms().trigger();
    JsonObject out = new JsonObject();
    if (t instanceof Trigger.Random r) {
      out.put("type", "RANDOM").put("stakePerHit", Money.ofMicros(r.stakePerHitMicros()).toPlainString());
    } else if (t instanceof Trigger.MustHitBy m) {
      out.put("type", "MUST_HIT_BY").put("ceiling", Money.ofMicros(m.ceilingMicros()).toPlainString());
      if (pool.mustHit() != null) {
        out.put("commitment", pool.mustHit().commitment());
      }
    } else {
      out.put("type", "CLAIM");
    }
    return out;
  }

  private static Map<PoolId, Pool> byId(List<Pool> live) {
    return live.stream().collect(Collectors.toMap(Pool::id, Function.identity()));
  }

  private static JsonObject jackpot(JackpotDefinition j, Map<PoolId, Pool> live, String currency) {
    JsonArray pools = new JsonArray();
    j.pools().forEach(p -> pools.add(pool(j, p, live.get(j.poolId(p)), currency)));
    return new JsonObject().put("id", j.id()).put("name", j.name()).put("currency", j.currency()).put("pools", pools);
  }

  private static JsonObject pool(JackpotDefinition j, PoolDefinition def, Pool pool, String currency) {
    if (pool == null) {
      throw new Rejection(Kind.UNAVAILABLE, "POOL_NOT_LOADED", "pool " + j.poolId(def) + " is not loaded yet");
    }
    JsonObject out = new JsonObject()
        .put("key", def.key())
        .put("name", def.name())
        .put("state", pool.status().name())
        .put("amount", pool.amount().toPlainString())
        .put("seed", Money.ofMicros(def.seedMicros()).toPlainString())
        .put("sequence", pool.winSeq())
        .put("trigger", trigger(pool))
        .put("lastWin", pool.lastWin().map(w -> WinJson.of(w, j.currency())).orElse(null));
    if (def.coinValueMicros() != null) {
      out.put("coinValue", Money.ofMicros(def.coinValueMicros()).toDisplayString(2));
    }
    if (currency != null) {
      out.put("amountInCurrency", pool.amount().toDisplayString(2));
    }
    return out;
  }
}
