package io.jackpot.admin.http;

import io.jackpot.access.Admin;
import io.jackpot.admin.Definitions;
import io.jackpot.admin.ExchangeRates;
import io.jackpot.admin.Lifecycle;
import io.jackpot.admin.Listings;
import io.jackpot.admin.Ownership;
import io.jackpot.admin.Reconciler;
import io.jackpot.admin.RoundLookup;
import io.jackpot.award.PublicWins;
import io.jackpot.award.http.WinJson;
import io.jackpot.catalogue.Catalogue;
import io.jackpot.catalogue.JackpotDefinition;
import io.jackpot.catalogue.http.DefinitionJson;
import io.jackpot.catalogue.http.JackpotJson;
import io.jackpot.error.DoneInPart;
import io.jackpot.fx.hz.HzFxRates;
import io.jackpot.http.JsonBody;
import io.jackpot.http.JsonFields;
import io.jackpot.http.Replies;
import io.jackpot.ledger.AuditEntry;
import io.jackpot.pool.PoolId;
import io.jackpot.pool.PoolOutcome;
import io.jackpot.pool.Pools;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.BodyHandler;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** /v1/admin/** (admin token; viewer may GET): requests read into domain values, each routed to its family of admin operations. */
public final class AdminRoutes {
  private final Ownership ownership;
  private final Definitions definitions;
  private final Lifecycle lifecycle;
  private final ExchangeRates rates;
  private final Listings listings;
  private final RoundLookup rounds;
  private final Reconciler reconciler;
  private final Catalogue catalogue;
  private final Pools pools;
  private final AdminAuth auth;

  public AdminRoutes(Ownership ownership, Definitions definitions, Lifecycle lifecycle, ExchangeRates rates, Listings listings,
      RoundLookup rounds, Reconciler reconciler, Catalogue catalogue, Pools pools, AdminAuth auth) {
    this.ownership = ownership;
    this.definitions = definitions;
    this.lifecycle = lifecycle;
    this.rates = rates;
    this.listings = listings;
    this.rounds = rounds;
    this.reconciler = reconciler;
    this.catalogue = catalogue;
    this.pools = pools;
    this.auth = auth;
  }

  /** Where a listing by time ends unless asked to end earlier. */
  private static final Instant LAST = Instant.parse("9999-01-01T00:00:00Z");

  public void mount(Router router) {
    router.route("/v1/admin/*").handler(auth::handle);
    router.get("/v1/admin/jackpots").handler(this::list);
    router.get("/v1/admin/jackpots/:id").handler(this::one);
    router.put("/v1/admin/jackpots/:id").handler(BodyHandler.create(false).setBodyLimit(256 * 1024)).handler(JsonBody::require)
        .handler(this::define);
    router.post("/v1/admin/jackpots/:id/pause").handler(ctx -> changeAll(ctx, true));
    router.post("/v1/admin/jackpots/:id/resume").handler(ctx -> changeAll(ctx, false));
    router.post("/v1/admin/jackpots/:id/pools/:key/pause").handler(ctx -> change(ctx, true));
    router.post("/v1/admin/jackpots/:id/pools/:key/resume").handler(ctx -> change(ctx, false));
    router.post("/v1/admin/jackpots/:id/pools/:key/discontinue").handler(BodyHandler.create(false).setBodyLimit(16 * 1024))
        .handler(JsonBody::require).handler(this::discontinue);
    router.put("/v1/admin/fx-rates").handler(BodyHandler.create(false).setBodyLimit(64 * 1024)).handler(JsonBody::require)
        .handler(this::setRates);
    router.get("/v1/admin/fx-rates").handler(ctx -> Replies.ok(ctx, HzFxRates.json(rates.current())));
    router.get("/v1/admin/wins").handler(this::wins);
    router.get("/v1/admin/audit").handler(this::audit);
    router.get("/v1/admin/reconciliation").handler(this::reconcile);
    router.get("/v1/admin/rounds").handler(ctx -> Replies.json(ctx,
        () -> rounds.find(AdminAuth.admin(ctx), AdminQuery.roundId(ctx), AdminQuery.operatorId(ctx)),
        found -> RoundJson.of(found, catalogue::currencyOf, pool -> catalogue.jackpot(pool.jackpotId())
            .map(j -> AdminAuth.admin(ctx).covers(j.owner())).orElse(false))));
    router.get("/v1/admin/rounds/count").handler(ctx -> Replies.json(ctx,
        () -> rounds.count(AdminAuth.admin(ctx), ctx.queryParams().get("prefix")),
        c -> new JsonObject().put("prefix", ctx.queryParams().get("prefix")).put("rounds", c.rounds()).put("contributions", c.contributions())));
  }

  private void reconcile(RoutingContext ctx) {
    Replies.json(ctx, () -> reconciler.reconcile(AdminAuth.admin(ctx)), ReconciliationJson::of);
  }

  /** The rates are read only once the token may set them: a scoped token hears 403 whatever rates it sent. */
  private void setRates(RoutingContext ctx) {
    Replies.json(ctx, () -> {
      JsonObject body = JsonFields.object(ctx.body().buffer());
      Admin caller = AdminAuth.admin(ctx);
      ExchangeRates.requireNetworkWriter(caller);
      return rates.set(caller, AdminBodies.rates(body, rates.current().base()), AdminBodies.confirmed(body));
    }, HzFxRates::json);
  }

  private void list(RoutingContext ctx) {
    List<JackpotDefinition> visible = ownership.visibleJackpots(AdminAuth.admin(ctx));
    List<PoolId> ids = new ArrayList<>();
    visible.forEach(j -> j.pools().forEach(p -> ids.add(j.poolId(p))));
    Replies.json(ctx, () -> pools.getAll(ids), live -> {
      JsonArray out = new JsonArray();
      Admin caller = AdminAuth.admin(ctx);
      visible.forEach(j -> out.add(JackpotJson.forOperator(j, JackpotJson.byId(live), caller::covers).put("owner", j.owner())));
      return new JsonObject().put("jackpots", out);
    });
  }

  private void one(RoutingContext ctx) {
    view(ctx, ownership.visible(AdminAuth.admin(ctx), ctx.pathParam("id")));
  }

  private void define(RoutingContext ctx) {
    JsonObject body = JsonFields.object(ctx.body().buffer());
    Replies.json(ctx, () -> definitions.define(AdminAuth.admin(ctx), AdminBodies.definition(ctx.pathParam("id"), body))
            .thenCompose(j -> pools.getAll(j.pools().stream().map(j::poolId).toList())
                .handle((live, failed) -> {
                  if (failed != null) {
                    // Everything is done; only the answer's read of the pools failed. GET shows them (a PUT sent again saves nothing).
                    throw new DoneInPart("jackpot " + j.id() + " is saved and in force, but its pools could not be read"
                        + " back for this answer; GET /v1/admin/jackpots/" + j.id() + " shows them", failed);
                  }
                  return Map.entry(j, live);
                })),
        defined -> JackpotJson.forOperator(defined.getKey(), JackpotJson.byId(defined.getValue()), AdminAuth.admin(ctx)::covers)
            .put("owner", defined.getKey().owner()).put("definition", DefinitionJson.of(defined.getKey())));
  }

  /** A jackpot as operators see it: its live pools (with any pending change) and its definition. */
  private void view(RoutingContext ctx, JackpotDefinition j) {
    Replies.json(ctx, () -> pools.getAll(j.pools().stream().map(j::poolId).toList()),
        live -> JackpotJson.forOperator(j, JackpotJson.byId(live), AdminAuth.admin(ctx)::covers).put("owner", j.owner())
            .put("definition", DefinitionJson.of(j)));
  }

  private void change(RoutingContext ctx, boolean pause) {
    String id = ctx.pathParam("id");
    String key = ctx.pathParam("key");
    Replies.json(ctx, () -> pause ? lifecycle.pause(AdminAuth.admin(ctx), id, key) : lifecycle.resume(AdminAuth.admin(ctx), id, key),
        outcome -> changed(new JsonObject().put("jackpotId", id).put("poolKey", key), outcome));
  }

  /** Every pool of a jackpot: {"jackpotId", "pools": [{"poolKey", "state", "amount"?, "changed"}]}, in the definition's order. */
  private void changeAll(RoutingContext ctx, boolean pause) {
    String id = ctx.pathParam("id");
    Replies.json(ctx, () -> pause ? lifecycle.pauseJackpot(AdminAuth.admin(ctx), id) : lifecycle.resumeJackpot(AdminAuth.admin(ctx), id),
        outcomes -> {
          JsonArray pools = new JsonArray();
          outcomes.forEach((key, outcome) -> pools.add(changed(new JsonObject().put("poolKey", key), outcome)));
          return new JsonObject().put("jackpotId", id).put("pools", pools);
        });
  }

  /** A pause's or resume's outcome: the state after it, the amount when it changed, and whether it did. */
  private static JsonObject changed(JsonObject out, PoolOutcome outcome) {
    if (outcome instanceof PoolOutcome.StateChanged c) {
      return out.put("state", c.after().status().name()).put("amount", c.after().amount().toPlainString()).put("changed", true);
    }
    if (outcome instanceof PoolOutcome.Refused r) {
      return out.put("state", r.status().name()).put("changed", false); // discontinued: left as it is
    }
    return out.put("state", ((PoolOutcome.Unchanged) outcome).status().name()).put("changed", false);
  }

  /** Body: {"reason": "...", "transferTo": {"jackpotId", "poolKey"}} or {"reason": "...", "hold": true}. */
  private void discontinue(RoutingContext ctx) {
    JsonObject body = JsonFields.object(ctx.body().buffer());
    String reason = AdminBodies.reason(body);
    PoolId transferTo = AdminBodies.transferTo(body);
    String id = ctx.pathParam("id");
    String key = ctx.pathParam("key");
    Replies.json(ctx, () -> lifecycle.discontinue(AdminAuth.admin(ctx), id, key, reason, transferTo), done -> {
      JsonObject out = new JsonObject().put("jackpotId", id).put("poolKey", key).put("state", "DISCONTINUED");
      if (done.source() instanceof PoolOutcome.Transferred t) {
        out.put("transfer", new JsonObject().put("transferId", t.transfer().transferId())
            .put("to", new JsonObject().put("jackpotId", t.transfer().to().jackpotId()).put("poolKey", t.transfer().to().poolKey()))
            .put("amount", t.transfer().amount().toPlainString()));
        if (done.target() instanceof PoolOutcome.Transferred in) {
          out.put("targetAmount", in.after().amount().toPlainString());
        } else {
          out.put("inTransit", true); // sent and recorded; its receipt lands within a second
        }
      } else if (done.source() instanceof PoolOutcome.StateChanged held) {
        out.put("held", held.after().value().toPlainString());
      }
      return out;
    });
  }

  private void wins(RoutingContext ctx) {
    Instant from = AdminQuery.instant(ctx, "from", Instant.EPOCH);
    Instant to = AdminQuery.instant(ctx, "to", LAST);
    int limit = AdminQuery.limit(ctx);
    String jackpotId = AdminQuery.given(ctx, "jackpotId"); // none: every jackpot
    Replies.json(ctx, () -> listings.wins(AdminAuth.admin(ctx), jackpotId == null ? null : jackpotId.trim(), from, to,
        AdminQuery.after(ctx), limit), page -> {
          JsonArray out = new JsonArray();
          // Another operator's player's win (a game the network linked) without player and round ids, as lastWin shows it.
          Admin caller = AdminAuth.admin(ctx);
          page.items().forEach(w -> out.add(WinJson.shown(WinJson.admin(w, catalogue.currencyOf(w.pool())),
              caller.covers(w.operatorId()) ? PublicWins.FULL : PublicWins.ANONYMOUS)));
          return new JsonObject().put("wins", out).put("next", page.next());
        });
  }

  private void audit(RoutingContext ctx) {
    Instant from = AdminQuery.instant(ctx, "from", Instant.EPOCH);
    Instant to = AdminQuery.instant(ctx, "to", LAST);
    int limit = AdminQuery.limit(ctx);
    Replies.json(ctx, () -> listings.audit(AdminAuth.admin(ctx), from, to, AdminQuery.after(ctx), limit), page -> {
      JsonArray out = new JsonArray();
      for (AuditEntry e : page.items()) {
        out.add(new JsonObject().put("at", WinJson.TIMESTAMP.format(e.at())).put("actor", e.actor()).put("owner", e.owner())
            .put("action", e.action()).put("target", e.target())
            .put("before", e.before() == null ? null : new JsonObject(e.before()))
            .put("after", e.after() == null ? null : new JsonObject(e.after())));
      }
      return new JsonObject().put("entries", out).put("next", page.next());
    });
  }
}
