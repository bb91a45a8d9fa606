package io.jackpot.http.api;

import io.jackpot.access.http.GameAuth;
import io.jackpot.admin.http.AdminRoutes;
import io.jackpot.award.http.WinRoutes;
import io.jackpot.catalogue.http.JackpotRoutes;
import io.jackpot.contribution.http.ContributionRoutes;
import io.jackpot.http.Errors;
import io.jackpot.http.JsonBody;
import io.jackpot.http.QueryParams;
import io.jackpot.http.Quorum;
import io.jackpot.http.Throttled;
import io.jackpot.ticker.http.TickerRoutes;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.Route;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.BodyHandler;
import io.vertx.ext.web.handler.StaticHandler;
import java.time.Duration;
import java.util.SortedSet;
import java.util.TreeSet;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Assembles the API's routes; one router per HTTP verticle instance. */
public final class ApiRouter {
  private final Throttled noQuorumLog = new Throttled(Duration.ofSeconds(10));

  private static final Logger log = LoggerFactory.getLogger(ApiRouter.class);

  private final GameAuth auth;
  private final ContributionRoutes contributions;
  private final WinRoutes wins;
  private final JackpotRoutes jackpots;
  private final HealthRoutes health;
  private final TickerRoutes ticker;
  private final AdminRoutes admin;
  private final Quorum quorum;
  private final MetricsRoutes metrics;
  private final OpenApiRoutes openApi = new OpenApiRoutes();

  public ApiRouter(GameAuth auth, ContributionRoutes contributions, WinRoutes wins, JackpotRoutes jackpots,
      HealthRoutes health, TickerRoutes ticker, AdminRoutes admin, Quorum quorum, MetricsRoutes metrics) {
    this.quorum = quorum;
    this.metrics = metrics;
    this.ticker = ticker;
    this.admin = admin;
    this.auth = auth;
    this.contributions = contributions;
    this.wins = wins;
    this.jackpots = jackpots;
    this.health = health;
  }

  /** Which endpoints a port serves. */
  public enum Surface {
    /** Everything: the default, one port. */
    ALL,
    /** Games, players and the ticker: everything but the operators' endpoints. */
    PUBLIC,
    /** The operators': the admin API and /metrics. */
    OPERATOR;

    boolean servesGames() {
      return this != OPERATOR;
    }

    boolean servesOperators() {
      return this != PUBLIC;
    }
  }

  /** Every endpoint, on one router. */
  public Router create(Vertx vertx) {
    return create(vertx, Surface.ALL);
  }

  /** The endpoints of {@code surface}; health and /openapi.yaml are on every surface. */
  public Router create(Vertx vertx, Surface surface) {
    Router router = Router.router(vertx);
    BodyHandler body = BodyHandler.create(false).setBodyLimit(JsonBody.LIMIT);
    router.route("/v1/*").handler(this::requireQuorum);
    router.route("/v1/*").handler(QueryParams::refuseControl);
    health.mount(router);
    openApi.mount(router);
    mountFeatures(router, surface, body);
    if (surface.servesGames()) { // last: /metrics and anything else above are served before the page's catch-all
      // The ticker page: plain HTML + JS from the jar, no build step. Not under /v1/: a GET route
      // there would make every other method on an unknown API path 405 instead of 404.
      router.routeWithRegex(HttpMethod.GET, "^/(?!v1/).*")
          .handler(StaticHandler.create("webroot").setCachingEnabled(false));
    }
    handleErrors(router);
    return router;
  }

  /**
   * Money moves only on the side of the cluster that holds the quorum. Reads pass this guard;
   * reads of the pools themselves are then refused by Hazelcast's protection (Errors: NO_QUORUM).
   */
  private void requireQuorum(RoutingContext ctx) {
    if (ctx.request().method() == HttpMethod.GET || quorum.held()) {
      ctx.next();
      return;
    }
    long refused = noQuorumLog.count(System.nanoTime());
    if (refused > 0) {
      log.warn("{} request(s) refused 503 NO_QUORUM (latest: {} {}); {}; logged at most every 10 s", refused,
          ctx.request().method(), Errors.clipped(ctx.request().path()), quorum.describe());
    }
    Errors.send(ctx, quorum.refusal());
  }

  private void mountFeatures(Router router, Surface surface, BodyHandler body) {
    if (surface.servesGames()) {
      contributions.mount(router, auth, body, quorum);
      wins.mount(router, auth, body);
      jackpots.mount(router);
      ticker.mount(router);
    }
    if (surface.servesOperators()) {
      metrics.mount(router);
      admin.mount(router);
    }
  }

  private static void handleErrors(Router router) {
    router.route().failureHandler(Errors::handle);
    // A path that is not valid percent-encoding fails while routes are matched, with no failure
    // object nor status on the context: Vert.x would answer a plain-text 400.
    router.errorHandler(400, Errors::malformed);
    router.errorHandler(404, Errors::handle);
    router.errorHandler(405, Errors::handle);
  }

  /** Every route served, as "METHOD /path/{param}" (for the OpenAPI check and operations). */
  public static SortedSet<String> operations(Router router) {
    SortedSet<String> out = new TreeSet<>();
    for (Route r : router.getRoutes()) {
      if (r.getPath() == null || r.methods() == null || r.methods().isEmpty()) {
        continue; // handlers on every method (guards, auth, the static page) are not operations
      }
      String path = r.getPath().replaceAll(":([A-Za-z]+)", "{$1}");
      r.methods().forEach(m -> out.add(m.name() + " " + path));
    }
    return out;
  }
}
