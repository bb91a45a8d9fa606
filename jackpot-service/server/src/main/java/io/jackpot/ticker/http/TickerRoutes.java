package io.jackpot.ticker.http;

import io.jackpot.award.PublicWins;
import io.jackpot.catalogue.Catalogue;
import io.jackpot.catalogue.JackpotDefinition;
import io.jackpot.catalogue.http.JackpotJson;
import io.jackpot.catalogue.http.JackpotRoutes;
import io.jackpot.error.ErrorCode;
import io.jackpot.error.Rejection;
import io.jackpot.fx.Display;
import io.jackpot.fx.FxHolder;
import io.jackpot.http.WebSockets;
import io.jackpot.pool.Pool;
import io.jackpot.pool.PoolId;
import io.jackpot.pool.PoolReads;
import io.jackpot.ticker.TickerSettings;
import io.vertx.core.http.ServerWebSocket;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * GET /v1/ticker (WebSocket, no auth): query {@code jackpots=a,b} (default: all) and optional
 * {@code currency}. Bad parameters are refused before the upgrade, with the usual error body.
 */
public final class TickerRoutes {
  private final Catalogue catalogue;
  private final PoolReads pools;
  private final TickerHub hub;
  private final TickerSettings settings;
  private final Clock clock;
  private final FxHolder fx;

  private final PublicWins publicity;

  /** {@code publicity}: what the snapshot shows of the pools' last wins. */
  public TickerRoutes(Catalogue catalogue, PoolReads pools, TickerHub hub, TickerSettings settings, Clock clock,
      FxHolder fx, PublicWins publicity) {
    this.publicity = publicity;
    this.fx = fx;
    this.clock = clock;
    this.catalogue = catalogue;
    this.pools = pools;
    this.hub = hub;
    this.settings = settings;
  }

  public void mount(Router router) {
    router.get("/v1/ticker").handler(this::subscribe);
  }

  private void subscribe(RoutingContext ctx) {
    Display currency = JackpotRoutes.display(fx, catalogue, ctx.queryParams().get("currency"));
    String named = ctx.queryParams().get("jackpots");
    List<JackpotDefinition> followed = followed(named);
    if (!WebSockets.handshake(ctx, "the ticker")) {
      return;
    }
    checkRoom(ctx);
    List<PoolId> ids = new ArrayList<>();
    followed.forEach(j -> j.pools().forEach(p -> ids.add(j.poolId(p))));
    ctx.request().toWebSocket().onSuccess(socket -> start(ctx, socket, named, followed, currency, ids));
  }

  /** Checked before the upgrade (connects at the same instant may pass it together: a bound, not an exact count). */
  private void checkRoom(RoutingContext ctx) {
    if (hub.size() >= settings.maxSubscribers()) {
      throw new Rejection(Rejection.Kind.UNAVAILABLE, ErrorCode.TICKER_FULL, "this member holds its " + settings.maxSubscribers()
          + " ticker subscribers (JACKPOT_TICKER_MAX_SUBSCRIBERS); connect to another member, or again later");
    }
    // One address may not take every place (a bound too: connects at the same instant may pass it together).
    if (hub.from(Subscriber.clientOf(ctx.request().remoteAddress())) >= settings.maxSubscribersPerClient()) {
      throw new Rejection(Rejection.Kind.TOO_MANY, ErrorCode.TICKER_CLIENT_FULL, "this address holds " + settings.maxSubscribersPerClient()
          + " ticker subscribers on this member (JACKPOT_TICKER_MAX_SUBSCRIBERS_PER_CLIENT); close one, or again later");
    }
  }

  private void start(RoutingContext ctx, ServerWebSocket socket, String named, List<JackpotDefinition> followed,
      Display currency, List<PoolId> ids) {
    socket.setWriteQueueMaxSize(settings.maxQueueBytes());
    // The service is stopping: subscribers reconnect (to another member) rather than hold the stop.
    socket.shutdownHandler(v -> socket.close((short) 1001, "the service is stopping; reconnect"));
    var context = ctx.vertx().getOrCreateContext();
    // null: all, those defined later included
    Set<String> jackpotIds = named == null || named.isBlank() ? null
        : followed.stream().map(JackpotDefinition::id).collect(Collectors.toSet());
    // Registered before the snapshot is read, so no change between the two can be missed.
    var subscriber = new Subscriber(socket, ctx.request().connection(), context, jackpotIds, currency == null ? null : currency.currency(), clock.millis());
    hub.add(subscriber);
    long readAt = clock.millis();
    pools.read(ids).whenComplete((live, error) -> context.runOnContext(v -> {
      if (error != null) {
        socket.close((short) 1011, "pools not readable; reconnect");
        return;
      }
      subscriber.start(snapshot(followed, live, currency), readAt);
    }));
  }

  private String snapshot(List<JackpotDefinition> followed, List<Pool> live, Display currency) {
    JsonArray jackpots = new JsonArray();
    followed.forEach(j -> jackpots.add(JackpotJson.jackpot(j, JackpotJson.byId(live), currency, publicity)));
    return new JsonObject().put("type", "snapshot").put("jackpots", jackpots).encode();
  }

  private List<JackpotDefinition> followed(String jackpots) {
    if (jackpots == null || jackpots.isBlank()) {
      return List.copyOf(catalogue.jackpots());
    }
    Map<String, JackpotDefinition> out = new LinkedHashMap<>();
    for (String id : jackpots.split(",")) {
      out.computeIfAbsent(id.trim(), k -> JackpotRoutes.jackpot(catalogue, k)); // each read once, however often named
    }
    return List.copyOf(out.values());
  }
}
