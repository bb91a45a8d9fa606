package io.jackpot.admin.http;

import io.jackpot.access.Admin;
import io.jackpot.admin.AdminService;
import io.jackpot.award.PublicWins;
import io.jackpot.award.http.WinJson;
import io.jackpot.catalogue.Catalogue;
import io.jackpot.catalogue.JackpotDefinition;
import io.jackpot.catalogue.http.DefinitionJson;
import io.jackpot.catalogue.http.JackpotJson;
import io.jackpot.error.DoneInPart;
import io.jackpot.error.Rejection;
import io.jackpot.fx.FxHolder;
import io.jackpot.fx.FxRates;
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
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionStage;
import java.util.function.BiFunction;

/** /v1/admin/** (admin token; viewer may GET). */
public final class AdminRoutes {
  private final AdminService admin;
  private final Catalogue catalogue;
  private final Pools pools;
  private final AdminAuth auth;
  private final FxHolder fx;
  private final BiFunction<FxRates, Long, CompletionStage<Boolean>> publishFx;

  public AdminRoutes(AdminService admin, Catalogue catalogue, Pools pools, AdminAuth auth, FxHolder fx,
      BiFunction<FxRates, Long, CompletionStage<Boolean>> publishFx) {
    this.fx = fx;
    this.publishFx = publishFx;
    this.admin = admin;
    this.catalogue = catalogue;
    this.pools = pools;
    this.auth = auth;
  }

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
        .handler(ctx -> Replies.json(ctx, () -> admin.setFxRates(AdminAuth.admin(ctx), JsonFields.object(ctx.body().buffer()),
            fx.get(), publishFx), HzFxRates::json));
    router.get("/v1/admin/fx-rates").handler(ctx -> Replies.ok(ctx, HzFxRates.json(fx.get())));
    router.get("/v1/admin/wins").handler(this::wins);
    router.get("/v1/admin/audit").handler(this::audit);
    router.get("/v1/admin/reconciliation").handler(this::reconcile);
    router.get("/v1/admin/rounds").handler(ctx -> Replies.json(ctx,
        () -> admin.round(AdminAuth.admin(ctx), ctx.queryParams().get("roundId"), ctx.queryParams().get("operatorId")),
        found -> RoundJson.of(found, catalogue::currencyOf, pool -> catalogue.jackpot(pool.jackpotId())
            .map(j -> AdminAuth.admin(ctx).covers(j.owner())).orElse(false))));
    router.get("/v1/admin/rounds/count").handler(ctx -> Replies.json(ctx,
        () -> admin.countRounds(AdminAuth.admin(ctx), ctx.queryParams().get("prefix")),
        c -> new JsonObject().put("prefix", ctx.queryParams().get("prefix")).put("rounds", c.rounds()).put("contributions", c.contributions())));
  }

  private void reconcile(RoutingContext ctx) {
    Replies.json(ctx, () -> admin.reconcile(AdminAuth.admin(ctx), pools), ReconciliationJson::of);
  }

  private void list(RoutingContext ctx) {
    List<JackpotDefinition> visible = admin.visibleJackpots(AdminAuth.admin(ctx));
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
    view(ctx, admin.visible(AdminAuth.admin(ctx), ctx.pathParam("id")));
  }

  private void define(RoutingContext ctx) {
    JsonObject body = JsonFields.object(ctx.body().buffer());
    Replies.json(ctx, () -> admin.define(AdminAuth.admin(ctx), ctx.pathParam("id"), body)
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
    Replies.json(ctx, () -> pause ? admin.pause(AdminAuth.admin(ctx), id, key) : admin.resume(AdminAuth.admin(ctx), id, key),
        outcome -> changed(new JsonObject().put("jackpotId", id).put("poolKey", key), outcome));
  }

  /** Every pool of a jackpot: {"jackpotId", "pools": [{"poolKey", "state", "amount"?, "changed"}]}, in the definition's order. */
  private void changeAll(RoutingContext ctx, boolean pause) {
    String id = ctx.pathParam("id");
    Replies.json(ctx, () -> pause ? admin.pauseJackpot(AdminAuth.admin(ctx), id) : admin.resumeJackpot(AdminAuth.admin(ctx), id),
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
    String reason = JsonFields.string(body, "reason", "");
    if (reason.isBlank() || reason.length() > 500 || JsonFields.hasControl(reason)) {
      throw Rejection.invalid("INVALID_FIELD", "reason must be 1–500 characters, without control characters");
    }
    Object to = body.getValue("transferTo");
    boolean hold = Boolean.TRUE.equals(body.getValue("hold"));
    if ((to == null) == !hold) {
      throw Rejection.invalid("INVALID_FIELD", "give either transferTo {jackpotId, poolKey} or hold: true");
    }
    PoolId target = null;
    if (to != null) {
      if (!(to instanceof JsonObject t)) {
        throw Rejection.invalid("INVALID_FIELD", "transferTo must be an object {jackpotId, poolKey}");
      }
      target = new PoolId(JsonFields.id(t, "jackpotId", "transferTo."), JsonFields.id(t, "poolKey", "transferTo."));
    }
    String id = ctx.pathParam("id");
    String key = ctx.pathParam("key");
    PoolId transferTo = target;
    Replies.json(ctx, () -> admin.discontinue(AdminAuth.admin(ctx), id, key, reason, transferTo), done -> {
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
    Instant from = instant(ctx, "from", Instant.EPOCH);
    Instant to = instant(ctx, "to", Instant.parse("9999-01-01T00:00:00Z"));
    int limit = limit(ctx);
    String jackpotId = ctx.queryParams().get("jackpotId"); // blank like from and to: every jackpot (API.md writes "jackpotId=&from=&to=")
    Replies.json(ctx, () -> admin.wins(AdminAuth.admin(ctx), jackpotId == null || jackpotId.isBlank() ? null : jackpotId.trim(), from, to,
        after(ctx),
        limit), page -> {
          JsonArray out = new JsonArray();
          // Another operator's player's win (a game the network linked) without player and round ids, as lastWin shows it.
          Admin caller = AdminAuth.admin(ctx);
          page.items().forEach(w -> out.add(WinJson.shown(WinJson.admin(w, catalogue.currencyOf(w.pool())),
              caller.covers(w.operatorId()) ? PublicWins.FULL : PublicWins.ANONYMOUS)));
          return new JsonObject().put("wins", out).put("next", page.next());
        });
  }

  private void audit(RoutingContext ctx) {
    Instant from = instant(ctx, "from", Instant.EPOCH);
    Instant to = instant(ctx, "to", Instant.parse("9999-01-01T00:00:00Z"));
    int limit = limit(ctx);
    Replies.json(ctx, () -> admin.audit(AdminAuth.admin(ctx), from, to, after(ctx), limit), page -> {
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

  /** {@code after}: the cursor of the page to read; blank like absent (the first page), as docs/admin.md writes "after=". */
  private static String after(RoutingContext ctx) {
    String raw = ctx.queryParams().get("after");
    return raw == null || raw.isBlank() ? null : raw;
  }

  /** {@code limit}: how many a page holds at most, 1 to {@link AdminService#PAGE_LIMIT} (the default, also when blank). */
  private static int limit(RoutingContext ctx) {
    String raw = ctx.queryParams().get("limit");
    if (raw == null || raw.isBlank()) {
      return AdminService.PAGE_LIMIT;
    }
    int limit = raw.matches("[0-9]{1,5}") ? Integer.parseInt(raw) : 0;
    if (limit < 1 || limit > AdminService.PAGE_LIMIT) {
      throw Rejection.invalid("INVALID_FIELD", "limit must be a whole number from 1 to " + AdminService.PAGE_LIMIT);
    }
    return limit;
  }

  private static final Instant EARLIEST = Instant.parse("0001-01-01T00:00:00Z");
  private static final Instant LATEST = Instant.parse("9999-12-31T23:59:59Z");

  private static Instant instant(RoutingContext ctx, String name, Instant fallback) {
    String raw = ctx.queryParams().get(name);
    if (raw == null || raw.isBlank()) {
      return fallback;
    }
    Instant at;
    try {
      at = Instant.parse(raw);
    } catch (DateTimeParseException e) {
      throw Rejection.invalid("INVALID_FIELD", name + " must be an ISO-8601 UTC time like 2026-11-21T13:45:01Z");
    }
    // What the ledger's timestamps hold (as the page cursors): a year beyond gave a database error, 500.
    if (at.isBefore(EARLIEST) || at.isAfter(LATEST)) {
      throw Rejection.invalid("INVALID_FIELD", name + " must be between years 0001 and 9999");
    }
    return at;
  }
}
