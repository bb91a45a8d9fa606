package io.jackpot;

import com.hazelcast.core.HazelcastInstance;
import io.jackpot.access.Credentials;
import io.jackpot.access.json.LiveCredentials;
import io.jackpot.catalogue.Catalogue;
import io.jackpot.catalogue.DefaultCatalogue;
import io.jackpot.catalogue.JackpotDefinition;
import io.jackpot.config.ServiceConfig;
import io.jackpot.game.Games;
import io.jackpot.http.ConnectionGuard;
import io.jackpot.http.api.ApiRouter;
import io.jackpot.http.api.HttpVerticle;
import io.jackpot.ledger.pg.PgPools;
import io.jackpot.pool.Pools;
import io.jackpot.ticker.http.TickerHub;
import io.vertx.pgclient.PgConnectOptions;
import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.SortedSet;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One member of the jackpot network: its ledger connection, its Hazelcast member (through a
 * clustered Vert.x), its sequencer and its HTTP API. Started step by step, each step logged (the
 * Node* classes build each part); {@link #close()} stops it in reverse order.
 */
public final class JackpotNode implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(JackpotNode.class);

  /** The stop's waits, at most: the sequencer's drain, and the deletes of recorded steps' notes. */
  static final int DRAIN_SECONDS = 60;
  static final int JOURNAL_SECONDS = 10;
  /** How long the database may take to close the ledger's connections on stop before they are cut (PgPools.close). */
  static final Duration PG_CLOSE_GRACE = Duration.ofSeconds(5);
  /** How long Vert.x may take to close (its own resources) before the member leaves the cluster without it. */
  static final Duration VERTX_CLOSE = Duration.ofSeconds(5);
  /** The longest a stop waits before the member leaves the cluster (a pod's grace period must be longer). */
  public static final int LONGEST_STOP_SECONDS = HttpVerticle.SHUTDOWN_SECONDS + DRAIN_SECONDS + JOURNAL_SECONDS
      + (int) PgPools.longestClose(PG_CLOSE_GRACE).plus(VERTX_CLOSE).toSeconds();

  /**
   * System property: true makes every public read call the cluster itself instead of taking the
   * ticker's samples; for scripts/bench --read-flood only.
   */
  public static final String DIRECT_PUBLIC_READS = "jackpot.bench.directPublicReads";

  private final AtomicBoolean ready = new AtomicBoolean();
  private final MemberIdentity identity = new MemberIdentity();
  private final NodeThreads threads = new NodeThreads();
  private NodeCluster cluster;
  private PgPools pg;
  private NodeServices services;
  private NodeTasks tasks;
  private NodeHttp http;

  private JackpotNode() {}

  /** Starts a member with the default catalogue and waits until it is ready (blocking). */
  public static JackpotNode start(ServiceConfig config, Clock clock) throws Exception {
    return start(config, clock, DefaultCatalogue.create());
  }

  /** Starts a member with the dev credentials and waits until it is ready (blocking). */
  public static JackpotNode start(ServiceConfig config, Clock clock, Catalogue catalogue) throws Exception {
    return start(config, clock, catalogue, Credentials.dev(Games.ids()));
  }

  /** Starts a member and waits until it is ready (blocking; call from a plain thread). */
  public static JackpotNode start(ServiceConfig config, Clock clock, Catalogue initial, Credentials credentials)
      throws Exception {
    return start(config, clock, initial::all, credentials);
  }

  /** The same, with the catalogue a fresh ledger starts with read only if the ledger is fresh. */
  public static JackpotNode start(ServiceConfig config, Clock clock, Supplier<List<JackpotDefinition>> initial,
      Credentials credentials) throws Exception {
    return start(config, clock, initial, LiveCredentials.fixed(credentials));
  }

  /**
   * The same, with credentials that may change while the member runs: those from a file are read
   * again every {@link LiveCredentials#reloadSeconds()} (revoked keys and tokens are refused from then on).
   */
  public static JackpotNode start(ServiceConfig config, Clock clock, Supplier<List<JackpotDefinition>> initial,
      LiveCredentials credentials) throws Exception {
    JackpotNode node = new JackpotNode();
    try {
      node.boot(config, clock, initial, credentials);
      return node;
    } catch (Exception e) {
      node.close();
      throw e;
    }
  }

  private void boot(ServiceConfig config, Clock clock, Supplier<List<JackpotDefinition>> initial,
      LiveCredentials live) throws Exception {
    Credentials credentials = live.get(); // as at the start: only whether they are the dev ones is read from it
    PgConnectOptions pgOptions = NodeDatabase.options(config);
    cluster = NodeCluster.join(config.cluster());
    pg = PgPools.open(cluster.vertx(), pgOptions, config.pgPoolSize(), config.pgTimeout());
    NodeDatabase.migrate(pg, config);
    services = new NodeServices(config, clock, live, credentials, cluster, threads);
    services.loadPools(pg, initial);
    services.wire(identity);
    tasks = new NodeTasks(cluster.vertx());
    tasks.start(services, live);
    http = new NodeHttp(config, clock, cluster.vertx());
    http.start(services, live, credentials, () -> ready.get() && !identity.isLost());
    ready.set(true);
    http.logReady();
  }

  /** The operations the HTTP API serves ("METHOD /path/{param}"). */
  public SortedSet<String> operations() {
    return ApiRouter.operations(http.api.create(cluster.vertx()));
  }

  public int httpPort() {
    return http.httpPort;
  }

  /** The port of the admin API and /metrics: {@link #httpPort()} unless JACKPOT_ADMIN_PORT is set. */
  public int adminPort() {
    return http.adminPort;
  }

  /** This member's HTTP connections by client, for operations and tests. */
  public ConnectionGuard connectionGuard() {
    return http.connectionGuard;
  }

  /** This member's ticker subscribers, for operations and tests. */
  public TickerHub tickerHub() {
    return http.tickerHub;
  }

  /**
   * Completes (with the old member id) when this member lost its cluster identity: in a split-brain
   * merge, or with its Hazelcast instance stopping by itself (MemberIdentity).
   */
  public CompletionStage<String> identityLost() {
    return identity.lost();
  }

  /** This member's Hazelcast instance, for operations and tests. */
  public HazelcastInstance hazelcast() {
    return cluster.hz();
  }

  /** The live pools, for operations and tests. */
  public Pools pools() {
    return services.pools;
  }

  /**
   * Stops cleanly: no new requests, requests in flight answered, everything applied to the pools
   * committed to the ledger; only then does the member leave the cluster (its pools move to the
   * others with nothing unrecorded in them).
   */
  @Override
  public void close() throws IOException {
    identity.closing();
    ready.set(false);
    if (tasks != null) {
      tasks.stopTransitSweep(); // it goes through the sequencer, which drains below
    }
    if (http != null) {
      http.stopHttp();
      http.stopTicker(); // after HTTP: the public reads in flight wait for its next sample
    }
    drain();
    if (tasks != null) {
      // Only now, just before the ledger's connections close and the member leaves: until then it
      // may still be the oldest, the one keeping the claims of unrecorded rounds (its own drain
      // included) standing and finishing the steps of members that died meanwhile (neither goes
      // through the sequencer).
      tasks.stopUntilLeaving();
    }
    if (pg != null) {
      pg.close(PG_CLOSE_GRACE); // before Vert.x, whose close waits for the server to close each connection
    }
    if (cluster != null) {
      closeVertx();
    }
    threads.shutdown();
    log.info("stopped");
  }

  /** Waits for everything applied to be committed, then for the notes of recorded steps to be deleted. */
  private void drain() {
    if (services != null && services.sequencer != null) {
      try {
        services.sequencer.idle().toCompletableFuture().get(DRAIN_SECONDS, TimeUnit.SECONDS);
        log.info("stopping: sequencer drained, everything applied is committed");
      } catch (Exception e) {
        log.error("stopping: the sequencer did not drain within {} s; uncommitted work may be lost: {}", DRAIN_SECONDS, e.toString());
      }
    }
    if (services != null && services.journal != null) {
      try {
        services.journal.dropsDone().toCompletableFuture().get(JOURNAL_SECONDS, TimeUnit.SECONDS);
      } catch (Exception e) {
        log.warn("stopping: notes of recorded steps left in the journal (finished as no-ops by another member): {}", e.toString());
      }
    }
  }

  private void closeVertx() {
    try {
      cluster.vertx().close().toCompletionStage().toCompletableFuture().get(VERTX_CLOSE.toMillis(), TimeUnit.MILLISECONDS);
    } catch (TimeoutException e) {
      // Vert.x leaves the cluster only once every resource of it has closed, and a ledger
      // connection still in PostgreSQL's start-up exchange with a silent server never does.
      log.error("stopping: Vert.x did not close within {} s; leaving the cluster without it", VERTX_CLOSE.toSeconds());
      cluster.hz().getLifecycleService().shutdown(); // graceful: waits for an ongoing leave, or makes it
    } catch (Exception e) {
      log.warn("closing Vert.x: {}", e.toString());
    }
  }
}
