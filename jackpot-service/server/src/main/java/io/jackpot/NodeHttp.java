package io.jackpot;

import io.jackpot.access.Credentials;
import io.jackpot.access.http.GameAuth;
import io.jackpot.access.json.LiveCredentials;
import io.jackpot.award.HallOfFame;
import io.jackpot.award.http.WinRoutes;
import io.jackpot.catalogue.http.JackpotRoutes;
import io.jackpot.cluster.Membership;
import io.jackpot.config.ServiceConfig;
import io.jackpot.contribution.http.ContributionRoutes;
import io.jackpot.http.ConnectionGuard;
import io.jackpot.http.Quorum;
import io.jackpot.http.api.ApiRouter;
import io.jackpot.http.api.HealthRoutes;
import io.jackpot.http.api.HttpVerticle;
import io.jackpot.http.api.MetricsRoutes;
import io.jackpot.pool.PoolReads;
import io.jackpot.ticker.http.DisplayNow;
import io.jackpot.ticker.http.TickerHub;
import io.jackpot.ticker.http.TickerRoutes;
import io.jackpot.ticker.http.TickerSampler;
import io.jackpot.ticker.http.TickerVerticle;
import io.vertx.core.DeploymentOptions;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The member's face: the ticker's broadcasting, the HTTP API on its port and, if it has one, the
 * admin port (step 6). Each deployment is kept as soon as it is made, so that a start failing
 * half-way stops what did start.
 */
final class NodeHttp {
  /** The start-up and stop steps are the node's log lines. */
  private static final Logger log = LoggerFactory.getLogger(JackpotNode.class);

  private final ServiceConfig config;
  private final Clock clock;
  private final Vertx vertx;
  private final List<String> httpDeployments = new ArrayList<>();
  private String tickerDeployment;
  TickerHub tickerHub;
  ApiRouter api;
  /** The bounds on slow and greedy HTTP clients, shared by this member's ports. */
  ConnectionGuard connectionGuard;
  int httpPort;
  int adminPort;
  private int instances;

  NodeHttp(ServiceConfig config, Clock clock, Vertx vertx) {
    this.config = config;
    this.clock = clock;
    this.vertx = vertx;
  }

  /** Starts the ticker, then serves; {@code up}: the member is started and has kept its identity (blocking). */
  void start(NodeServices services, LiveCredentials live, Credentials credentials, BooleanSupplier up) {
    tickerHub = new TickerHub(new DisplayNow(services.fx, services.catalogue));
    TickerSampler ticker = new TickerSampler(vertx, services.catalogue, services.pools, tickerHub, config.ticker(), clock,
        config.publicWins()).onRead(services.metrics::poolsRead);
    tickerDeployment = vertx.deployVerticle(new TickerVerticle(ticker)).await();
    // The public reads wait for the ticker's next sample; the direct read per request is kept only for scripts/bench --read-flood.
    PoolReads publicReads = Boolean.getBoolean(JackpotNode.DIRECT_PUBLIC_READS) ? services.pools::getAll : ticker.reads();
    api = router(services, live, publicReads, up);
    serve(credentials.isDev());
  }

  private ApiRouter router(NodeServices services, LiveCredentials live, PoolReads publicReads, BooleanSupplier up) {
    Membership membership = services.membership();
    var sequencer = services.sequencer;
    var catalogue = services.catalogue;
    Quorum quorum = new Quorum(config.cluster().minMembers(), membership::quorumMet, membership::size);
    BooleanSupplier member = () -> up.getAsBoolean() && membership.running() && quorum.held();
    BooleanSupplier readyNow = () -> member.getAsBoolean() && sequencer.healthy();
    // Contribution streams are closed (so games reconnect elsewhere) on what lasts: no quorum, a lost
    // identity, or applies or commits failing for 30 s. Not on a blip: every member shares the
    // database, and closing every stream at its first failed commit would make all games reconnect at once.
    BooleanSupplier serving = () -> member.getAsBoolean()
        && !sequencer.failingFor(Duration.ofSeconds(30));
    ContributionRoutes contributionRoutes = new ContributionRoutes(services.contributions, catalogue, serving, config.streamPing());
    services.metrics.contributionStreams(contributionRoutes::openStreams);
    return new ApiRouter(new GameAuth(live::get), contributionRoutes,
        new WinRoutes(services.awards, catalogue, config.claimsPerSecond()),
        new JackpotRoutes(catalogue, publicReads, services.fx, new HallOfFame(services.ledger), config.publicWins()),
        new HealthRoutes(readyNow),
        new TickerRoutes(catalogue, publicReads, tickerHub, config.ticker(), clock, services.fx, config.publicWins()),
        services.adminRoutes,
        quorum, new MetricsRoutes(services.cluster().metricsRegistry()));
  }

  /**
   * With the dev credentials (public in docs/api.md), only this machine may call: anyone on the network
   * would otherwise be an admin. Configured credentials listen on every interface.
   */
  private void serve(boolean dev) {
    instances = Math.max(1, Runtime.getRuntime().availableProcessors());
    String host = dev ? "127.0.0.1" : "0.0.0.0";
    Integer ownAdminPort = config.adminPort();
    int sendBuffer = config.ticker().socketSendBufferBytes();
    ConnectionGuard guard = new ConnectionGuard(config.http());
    connectionGuard = guard;
    if (ownAdminPort != null) {
      // First, so that a port already taken stops the start before games are served.
      httpDeployments.add(vertx.deployVerticle(() -> new HttpVerticle(host, ownAdminPort, sendBuffer, api, ApiRouter.Surface.OPERATOR, guard),
          new DeploymentOptions().setInstances(1)).await());
    }
    ApiRouter.Surface surface = ownAdminPort == null ? ApiRouter.Surface.ALL : ApiRouter.Surface.PUBLIC;
    httpDeployments.add(vertx.deployVerticle(() -> new HttpVerticle(host, config.httpPort(), sendBuffer, api, surface, guard),
        new DeploymentOptions().setInstances(instances)).await());
    httpPort = config.httpPort();
    adminPort = ownAdminPort == null ? httpPort : ownAdminPort;
  }

  void logReady() {
    if (config.adminPort() == null) {
      log.info("step 6/6: HTTP API on port {} ({} event loops), admin API and /metrics on it too; ready", httpPort, instances);
    } else {
      log.info("step 6/6: HTTP API on port {} ({} event loops), admin API and /metrics on port {} only; ready", httpPort, instances,
          adminPort);
    }
  }

  /** No new requests; those in flight answered (both ports, even if one fails). */
  void stopHttp() {
    if (httpDeployments.isEmpty()) {
      return;
    }
    try {
      Future.join(httpDeployments.stream().map(vertx::undeploy).toList()).await();
      log.info("stopping: HTTP closed, requests in flight answered");
    } catch (Exception e) {
      log.warn("stopping HTTP: {}", e.toString());
    }
  }

  /** After HTTP: the public reads in flight wait for its next sample. */
  void stopTicker() {
    if (tickerDeployment != null) {
      try {
        vertx.undeploy(tickerDeployment).await();
      } catch (Exception e) {
        log.warn("stopping the ticker: {}", e.toString());
      }
    }
  }
}
