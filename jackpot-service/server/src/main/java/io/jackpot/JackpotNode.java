package io.jackpot;

import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.core.LifecycleEvent;
import com.hazelcast.map.IMap;
import io.jackpot.access.Credentials;
import io.jackpot.access.http.GameAuth;
import io.jackpot.access.json.LiveCredentials;
import io.jackpot.admin.AuditTrail;
import io.jackpot.admin.DefinitionChecks;
import io.jackpot.admin.Definitions;
import io.jackpot.admin.ExchangeRates;
import io.jackpot.admin.Lifecycle;
import io.jackpot.admin.Listings;
import io.jackpot.admin.Ownership;
import io.jackpot.admin.PoolSteps;
import io.jackpot.admin.Reconciler;
import io.jackpot.admin.RoundLookup;
import io.jackpot.admin.Transfers;
import io.jackpot.admin.http.AdminAuth;
import io.jackpot.admin.http.AdminRoutes;
import io.jackpot.admin.http.JsonStoredForms;
import io.jackpot.award.AwardService;
import io.jackpot.award.http.WinRoutes;
import io.jackpot.catalogue.Catalogue;
import io.jackpot.catalogue.DefaultCatalogue;
import io.jackpot.catalogue.JackpotDefinition;
import io.jackpot.catalogue.TierDraw;
import io.jackpot.catalogue.http.JackpotRoutes;
import io.jackpot.catalogue.hz.HzCatalogue;
import io.jackpot.cluster.HazelcastConfigs;
import io.jackpot.cluster.PeriodicTask;
import io.jackpot.config.ServiceConfig;
import io.jackpot.contribution.ClaimKeeper;
import io.jackpot.contribution.ContributionService;
import io.jackpot.contribution.RetriedReleases;
import io.jackpot.contribution.http.ContributionRoutes;
import io.jackpot.contribution.hz.ClaimHolders;
import io.jackpot.contribution.hz.HzRoundClaims;
import io.jackpot.fx.FxHolder;
import io.jackpot.fx.hz.HzFxRates;
import io.jackpot.game.Games;
import io.jackpot.http.ConnectionGuard;
import io.jackpot.http.Quorum;
import io.jackpot.http.api.ApiRouter;
import io.jackpot.http.api.HealthRoutes;
import io.jackpot.http.api.HttpVerticle;
import io.jackpot.http.api.MetricsRoutes;
import io.jackpot.ledger.PoolLoader;
import io.jackpot.ledger.pg.PgLedger;
import io.jackpot.ledger.pg.PgPools;
import io.jackpot.ledger.pg.PgSchema;
import io.jackpot.ledger.pg.PgTls;
import io.jackpot.metrics.ServiceMetrics;
import io.jackpot.pool.Pool;
import io.jackpot.pool.PoolReads;
import io.jackpot.pool.Pools;
import io.jackpot.pool.RandomSource;
import io.jackpot.pool.StrongRandomSource;
import io.jackpot.pool.hz.HzPools;
import io.jackpot.sequencer.Sequencer;
import io.jackpot.sequencer.SequencerSettings;
import io.jackpot.sequencer.StepJournal;
import io.jackpot.sequencer.StepRecovery;
import io.jackpot.sequencer.hz.HzStepJournal;
import io.jackpot.ticker.http.TickerHub;
import io.jackpot.ticker.http.TickerRoutes;
import io.jackpot.ticker.http.TickerSampler;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.vertx.core.DeploymentOptions;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.micrometer.Label;
import io.vertx.micrometer.MicrometerMetricsFactory;
import io.vertx.micrometer.MicrometerMetricsOptions;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.spi.cluster.hazelcast.HazelcastClusterManager;
import java.io.IOException;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.SortedSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One member of the jackpot network: its ledger connection, its Hazelcast member (through a
 * clustered Vert.x), its sequencer and its HTTP API. Started step by step, each step logged;
 * {@link #close()} stops it in reverse order.
 */
public final class JackpotNode implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(JackpotNode.class);

  private final AtomicBoolean ready = new AtomicBoolean();
  /** Set when {@link #close()} begins: Hazelcast stopping after that is the member's own stop. */
  private final AtomicBoolean closing = new AtomicBoolean();
  private final CompletableFuture<String> identityLost = new CompletableFuture<>();
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

  private final ExecutorService loop = Executors.newSingleThreadExecutor(r -> new Thread(r, "sequencer"));
  /** Where Hazelcast results are handed over, off its partition threads. */
  private final ExecutorService hzCallbacks = Executors.newFixedThreadPool(2, r -> new Thread(r, "hz-callbacks"));
  /**
   * The journal's key scans (the sweep's and ClaimKeeper's): blocking calls that wait out partition
   * moves after a member leaves, which on hz-callbacks would hold up every claim and pool answer.
   */
  private final ExecutorService journalReads = Executors.newSingleThreadExecutor(r -> new Thread(r, "journal-reads"));
  /** Publishes of definitions and exchange rates: blocking compare-and-set on their maps, rare, off hz-callbacks. */
  private final ExecutorService hzPublishes = Executors.newSingleThreadExecutor(r -> new Thread(r, "hz-publishes"));
  /** The sequencer's retries and the round claims' released again (RetriedReleases): short tasks that start calls. */
  private final ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor(r -> new Thread(r, "retries"));
  private PgPools pg;
  private PrometheusMeterRegistry metricsRegistry;
  private Vertx vertx;
  private int httpPort;
  /** The bounds on slow and greedy HTTP clients, shared by this member's ports. */
  private ConnectionGuard connectionGuard;
  private int adminPort;
  private Pools pools;
  private HazelcastInstance hz;
  private Sequencer sequencer;
  private HzStepJournal journal;
  private ApiRouter api;
  private StepRecovery recovery;
  private ClaimHolders claimHolders;
  private ClaimKeeper claimKeeper;
  /** The catalogue in force on this member, set at start, before the ticker's sampler runs. */
  private volatile Catalogue catalogue;
  /** Each update at the rates in force then, as a subscriber's currency was accepted (JackpotRoutes.display). */
  private final TickerHub tickerHub = new TickerHub(currency -> JackpotRoutes.shown(this.fx.get(), catalogue,
      currency));
  /** Rates against the pools' currency; every seed jackpot is kept in EUR. */
  private final FxHolder fx = new FxHolder("EUR");
  private TickerSampler ticker;
  private long departedSweeper = -1;
  private long overflowSweeper = -1;
  private long claimKeeping = -1;
  /** The timer that reads the credentials file again, or -1. */
  private long credentialsReloads = -1;
  private final List<String> httpDeployments = new ArrayList<>();

  /**
   * System property: true makes every public read call the cluster itself, as before they were
   * answered from the ticker's samples; for scripts/bench --read-flood only.
   */
  public static final String DIRECT_PUBLIC_READS = "jackpot.bench.directPublicReads";

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
    PgConnectOptions pgOptions;
    if (config.pgUrl() == null) {
      throw new IllegalArgumentException("JACKPOT_PG_URL is not set: a member needs its PostgreSQL (scripts/run provisions a local one)");
    } else {
      // a URL it cannot read, or TLS settings that do not fit its sslmode, are refused here, before anything starts
      pgOptions = config.pgTls().applyTo(pgOptions(config.pgUrl()));
      log.info("step 1/6: using external PostgreSQL {} (sslmode={}{})", redacted(config.pgUrl()), pgOptions.getSslMode().value,
          config.pgTls().certFile() == null ? "" : ", with a client certificate");
      String weakness = PgTls.weakness(pgOptions);
      if (weakness != null) {
        log.warn("{}", weakness);
      }
    }
    HazelcastClusterManager cm = new HazelcastClusterManager(HazelcastConfigs.of(config.cluster()));
    metricsRegistry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    vertx = Vertx.builder()
        // Vert.x's default labels include the HTTP method, which is whatever token a client sends:
        // anyone could create meters without bound (XQ1 /, XQ2 /, ...). Status codes are ours, and so
        // are the client names and namespaces (the ledger's two pools, PgPools), which keep their meters apart.
        .with(new VertxOptions().setMetricsOptions(new MicrometerMetricsOptions().setEnabled(true).setJvmMetricsEnabled(true)
            .setLabels(EnumSet.of(Label.HTTP_CODE, Label.POOL_TYPE,
                Label.POOL_NAME, Label.EB_SIDE, Label.CLIENT_NAME,
                Label.NAMESPACE))))
        .withMetrics(new MicrometerMetricsFactory(metricsRegistry))
        .withClusterManager(cm).buildClustered().await();
    HazelcastInstance hz = cm.getHazelcastInstance();
    this.hz = hz;
    log.info("step 2/6: joined cluster '{}' as {} ({} members)", config.cluster().clusterName(),
        hz.getCluster().getLocalMember().getAddress(), hz.getCluster().getMembers().size());
    pg = PgPools.open(vertx, pgOptions, config.pgPoolSize(), config.pgTimeout());
    pg.checkLimited().await();
    int version = PgSchema.migrate(pg.unlimited()).await();
    log.info("step 3/6: ledger schema at version {}; commits and the reads games wait on are given up after {} s"
        + " without an answer from the database", version, config.pgTimeout().toSeconds());

    pools = new HzPools(hz.getMap(HzPools.MAP), hzCallbacks);
    PgLedger ledger = new PgLedger(pg.limited(), pg.unlimited());
    RandomSource random = new StrongRandomSource();
    Catalogue catalogue = new Catalogue(List.of());
    this.catalogue = catalogue;
    PoolLoader loader = new PoolLoader(catalogue, pools, ledger, clock, random);
    HzCatalogue definitions = new HzCatalogue(hz.getMap(HzCatalogue.MAP), catalogue, hzPublishes);
    definitions.start(ledger, initial, loader::load);
    loader.loadAll().toCompletableFuture().get();
    HzFxRates fxRates = new HzFxRates(hz.getMap(HzFxRates.MAP), fx, hzPublishes);
    fxRates.start(ledger);
    log.info("step 4/6: {} pools live", catalogue.poolIds().size());

    ServiceMetrics metrics = new ServiceMetrics(metricsRegistry, () -> hz.getCluster().getMembers().size(), catalogue::currencyOf);
    String memberId = hz.getCluster().getLocalMember().getUuid().toString();
    HzStepJournal journal = new HzStepJournal(hz.getMap(HzStepJournal.MAP), HzStepJournal.codecOf(hz), hzCallbacks, journalReads, clock,
        () -> hz.getCluster().getLocalMember().getUuid().toString());
    long claimTtlMillis = config.cluster().roundClaimTtlSeconds() * 1000L;
    sequencer = new Sequencer(pools, ledger, loop, scheduler, SequencerSettings.forClaimTtl(Duration.ofMillis(claimTtlMillis)), clock,
        random, metrics, memberId, journal);
    hz.getLifecycleService().addLifecycleListener(event -> {
      if (event.getState() == LifecycleEvent.LifecycleState.MERGED) {
        String now = hz.getCluster().getLocalMember().getUuid().toString();
        if (!now.equals(memberId)) {
          loseIdentity(memberId, now);
        }
      } else if (event.getState() == LifecycleEvent.LifecycleState.SHUTTING_DOWN && !closing.get()) {
        loseInstance(memberId);
      }
    });
    recovery = new StepRecovery(pools, ledger, journal, clock);
    this.journal = journal;
    claimHolders = new ClaimHolders(hz.getCluster(), journal, clock, claimTtlMillis);
    var roundClaims = new RetriedReleases(new HzRoundClaims(hz.getMap(HzRoundClaims.MAP), hzCallbacks, clock,
        claimTtlMillis, memberId, claimHolders::released), (after, task) -> scheduler.schedule(task,
        after.toMillis() + ThreadLocalRandom.current().nextLong(after.toMillis() / 4 + 1),
        TimeUnit.MILLISECONDS), RetriedReleases.PAUSES);
    var contributions = new ContributionService(catalogue, fx, roundClaims, ledger, sequencer, clock);
    claimKeeper = new ClaimKeeper(journal, roundClaims, clock, claimTtlMillis);
    var awards = new AwardService(catalogue, ledger, sequencer, clock, new TierDraw(clusterSecret(hz, "tier-draw")), fx,
        HzFxRates.history(ledger, fx.get().base()), config.claimRounds(), roundClaims, pools);
    log.info("step 5/6: services wired ({})", credentials.isDev() ? "DEV credentials" : "configured credentials");

    var ownership = new Ownership(catalogue, game -> live.get().operatorsOf(game));
    var steps = new PoolSteps(pools, sequencer, clock);
    var transfers = new Transfers(catalogue, ledger, sequencer, clock);
    var forms = new JsonStoredForms();
    var audits = new AuditTrail(clock);
    var adminRoutes = new AdminRoutes(ownership,
        new Definitions(catalogue, ledger, pools, loader, definitions::publish,
            new DefinitionChecks(catalogue, ownership, operator -> live.get().gamesOf(operator), forms), steps, forms, audits),
        new Lifecycle(catalogue, ownership, steps, transfers, clock), new ExchangeRates(ledger, fx, fxRates::publish, forms, audits),
        new Listings(ledger, ownership), new RoundLookup(ledger), new Reconciler(ledger, pools, ownership),
        catalogue, pools, new AdminAuth(live::get));
    int completed = transfers.completePendingTransfers().toCompletableFuture().get();
    if (completed > 0) {
      log.warn("completed {} transfers left half-done by the last stop", completed);
    }
    startSweepers(catalogue, transfers, hz);
    startClaimKeeping(hz);
    startCredentialReloads(live);
    ticker = new TickerSampler(vertx, catalogue, pools, tickerHub, config.ticker(), clock, config.publicWins()).onRead(metrics::poolsRead);
    ticker.start();
    Quorum quorum = new Quorum(config.cluster().minMembers(),
        () -> hz.getSplitBrainProtectionService().getSplitBrainProtection(HazelcastConfigs.QUORUM).hasMinimumSize(),
        () -> hz.getCluster().getMembers().size());
    BooleanSupplier member = () -> ready.get() && !identityLost.isDone()
        && hz.getLifecycleService().isRunning() && quorum.held();
    BooleanSupplier readyNow = () -> member.getAsBoolean() && sequencer.healthy();
    // Contribution streams are closed (so games reconnect elsewhere) on what lasts: no quorum, a lost
    // identity, or applies or commits failing for 30 s. Not on a blip: every member shares the
    // database, and closing every stream at its first failed commit would make all games reconnect at once.
    BooleanSupplier serving = () -> member.getAsBoolean()
        && !sequencer.failingFor(Duration.ofSeconds(30));
    ContributionRoutes contributionRoutes = new ContributionRoutes(contributions, catalogue, serving, config.streamPing());
    metrics.contributionStreams(contributionRoutes::openStreams);
    metrics.departedStepsLeft(departedStepsLeft::get);
    // The public reads wait for the ticker's next sample; the direct read per request is kept only for scripts/bench --read-flood.
    PoolReads publicReads = Boolean.getBoolean(DIRECT_PUBLIC_READS) ? pools::getAll : ticker.reads();
    api = new ApiRouter(new GameAuth(live::get), contributionRoutes,
        new WinRoutes(awards, catalogue, config.claimsPerSecond()), new JackpotRoutes(catalogue, publicReads, fx, config.publicWins()),
        new HealthRoutes(readyNow),
        new TickerRoutes(catalogue, publicReads, tickerHub, config.ticker(), clock, fx, config.publicWins()),
        adminRoutes, quorum,
        new MetricsRoutes(metricsRegistry));
    int instances = Math.max(1, Runtime.getRuntime().availableProcessors());
    // With the dev credentials (public in API.md), only this machine may call: anyone on the network
    // would otherwise be an admin. Configured credentials listen on every interface.
    String host = credentials.isDev() ? "127.0.0.1" : "0.0.0.0";
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
    ready.set(true);
    if (ownAdminPort == null) {
      log.info("step 6/6: HTTP API on port {} ({} event loops), admin API and /metrics on it too; ready", httpPort, instances);
    } else {
      log.info("step 6/6: HTTP API on port {} ({} event loops), admin API and /metrics on port {} only; ready", httpPort, instances,
          adminPort);
    }
  }

  /**
   * Two sweeps, once a second each, on timers of their own, so that neither waits for the other:
   * <ul>
   *   <li>departed members: their unrecorded steps are finished (the oldest member does it), then
   *       the members whose claims no longer stand are found (ClaimHolders). The games' retries of
   *       a dead member's rounds wait for it, so it must not queue behind a transfer or a flush
   *       waiting on a ledger that refuses commits.
   *   <li>money in transit: transfers sent but not received are completed, and pools that owe
   *       overflow to another pool send it, as one recorded transfer each, when that pool is active.
   * </ul>
   * Any member may do the second: the flush is atomic on the pool, so a second one finds nothing
   * owed; a transfer whose first step is a departed member's is completed once that step is recorded.
   */
  private void startSweepers(Catalogue catalogue, Transfers transfers, HazelcastInstance hz) {
    // A failure to finish steps is logged and retried next second; it does not hold up the scan.
    departedSweeper = every("the departed members' sweep", 1000, MINUTE, () -> finishDepartedSteps(hz).exceptionally(e -> {
      log.error("finishing the steps of departed members failed (retried every second): {}", e.toString());
      return null;
    }).thenCompose(x -> claimHolders.rescan()), e -> log.warn("departed members' sweep: {}", e.toString()));
    overflowSweeper = every("the sweep of money in transit", 1000, MINUTE, () -> transfers.completePendingTransfers().thenCompose(n -> pools.getAll(catalogue.poolIds())).thenCompose(live -> {
      List<CompletableFuture<?>> flushes = new ArrayList<>();
      Pool.owingOverflowToActivePools(live)
          .forEach(p -> flushes.add(transfers.flushOverflow(p.id(), catalogue.jackpot(p.id().jackpotId()).map(j -> j.owner()).orElse(null))
              .toCompletableFuture()));
      return CompletableFuture.allOf(flushes.toArray(CompletableFuture[]::new));
    }), e -> log.warn("overflow sweep: {}", e.toString()));
  }

  private static final Duration MINUTE = Duration.ofMinutes(1);

  /**
   * Runs {@code work} every {@code millis}, never two at once (a tick while the last run is under
   * way is skipped); a run that fails, thrown or completed so, is handed to {@code failed} and the
   * next tick tries again. A run under way for longer than {@code stuckAfter} is logged as an
   * error, naming {@code what}, at the ticks it holds up, at most once per {@code stuckAfter}
   * (PeriodicTask). Answers the timer's id.
   */
  private long every(String what, long millis, Duration stuckAfter,
      Supplier<CompletionStage<?>> work, Consumer<Throwable> failed) {
    var task = new PeriodicTask(work, failed, stuckAfter,
        (running, skipped) -> log.error("{} has been under way for {} s ({} ticks skipped): it waits for a call that has not"
            + " answered", what, running.toSeconds(), skipped), System::nanoTime);
    return vertx.setPeriodic(millis, id -> task.tick());
  }

  /**
   * On the oldest member only: the claims of rounds applied but not yet recorded are kept standing
   * (ClaimKeeper) while the ledger is not taking commits. The timer runs until this member leaves
   * the cluster (close() cancels it last), since until then it may be the oldest. Every tick a run
   * holds up is logged: the claims kept last lapse about three ticks after a run that hangs began.
   */
  private void startClaimKeeping(HazelcastInstance hz) {
    claimKeeping = every("keeping unrecorded rounds' claims", claimKeeper.intervalMillis(), Duration.ZERO,
        () -> isOldest(hz) ? claimKeeper.keep() : CompletableFuture.completedFuture(0),
        e -> log.error("could not keep the claims of unrecorded rounds standing (tried again in {} s): {}",
            claimKeeper.intervalMillis() / 1000, e.toString()));
  }

  /** Reads the credentials file again every so often, off the event loops (LiveCredentials says what changes). */
  private void startCredentialReloads(LiveCredentials live) {
    if (live.reloadSeconds() > 0) {
      credentialsReloads = every("reading the credentials file", live.reloadSeconds() * 1000, MINUTE, () -> vertx.executeBlocking(live::reload, false).toCompletionStage(),
          e -> log.error("reading the credentials file again failed (tried again in {} s): {}", live.reloadSeconds(), e.toString()));
    }
  }

  private static boolean isOldest(HazelcastInstance hz) {
    var members = hz.getCluster().getMembers();
    return !members.isEmpty() && members.iterator().next().localMember();
  }

  /**
   * On the oldest member only (one finisher at a time): the journal's steps of senders that are no
   * longer members are finished and recorded (StepRecovery); a member that dies while doing it
   * leaves the notes for the next oldest. Until then those members' round claims stay held.
   */
  private CompletionStage<Void> finishDepartedSteps(HazelcastInstance hz) {
    if (!isOldest(hz)) {
      departedStepsLeft.set(0); // the oldest member counts them
      return CompletableFuture.completedFuture(null);
    }
    journal.dropOldFences().exceptionally(e -> {
      log.warn("could not drop the journal's old fences (tried again in a minute): {}", e.toString());
      return null;
    });
    return recovery.finishDeparted(() -> hz.getCluster().getMembers().stream().map(m -> m.getUuid().toString())
        .collect(Collectors.toSet())).thenAccept(departedStepsLeft::set).whenComplete((v, failed) -> {
      if (failed != null) {
        // The journal's senders could not be read: what is left is not known, so at least one is
        // shown, not a 0 this member may have set while it was not the oldest.
        departedStepsLeft.accumulateAndGet(1, Math::max);
      }
    });
  }

  /**
   * Departed members' steps the last sweep left unfinished (0 on members other than the oldest):
   * above 0 for more than a few sweeps, a step the ledger refuses or a pool that cannot be reached
   * holds money in pools that the ledger lacks (StepRecovery logs which step and why).
   */
  private final AtomicInteger departedStepsLeft = new AtomicInteger();

  /**
   * A 256-bit secret shared by every member: the first member to ask draws it (strong source), the
   * others read it. It lives as long as the cluster does.
   */
  private static byte[] clusterSecret(HazelcastInstance hz, String name) {
    IMap<String, byte[]> secrets = hz.getMap("jackpot.secrets");
    byte[] fresh = new byte[32];
    new SecureRandom().nextBytes(fresh);
    byte[] drawnFirst = secrets.putIfAbsent(name, fresh);
    return drawnFirst != null ? drawnFirst : fresh;
  }

  /** The operations the HTTP API serves ("METHOD /path/{param}"). */
  public SortedSet<String> operations() {
    return ApiRouter.operations(api.create(vertx));
  }

  public int httpPort() {
    return httpPort;
  }

  /** The port of the admin API and /metrics: {@link #httpPort()} unless JACKPOT_ADMIN_PORT is set. */
  public int adminPort() {
    return adminPort;
  }

  /** This member's HTTP connections by client, for operations and tests. */
  public ConnectionGuard connectionGuard() {
    return connectionGuard;
  }

  /** This member's ticker subscribers, for operations and tests. */
  public TickerHub tickerHub() {
    return tickerHub;
  }

  /**
   * Hazelcast gives a member a new identity when it merges back after a network split. The cluster
   * then treats the old one as departed: it finishes that member's unrecorded steps and takes over
   * its round claims. So the member must not go on under the old identity (its commits would clash
   * with those made on its behalf): it refuses all new work and reports not-ready for good, and
   * {@link #identityLost()} completes, whereupon the service process stops to start again as a
   * new member (Main, exit code 3).
   */
  private void loseIdentity(String was, String now) {
    lose(was, "this member rejoined the cluster after a network split and is restarting", "rejoined the cluster after a network"
        + " split as a new member (" + now + ", was " + was + "): the cluster finishes the old identity's unrecorded steps and takes"
        + " over its round claims, so this member takes no more work and stops to start again");
  }

  /** Refuses all new work ({@code retired}), says {@code why}, and completes {@link #identityLost()} with {@code was}. */
  private void lose(String was, String retired, String why) {
    sequencer.retire(retired);
    log.error("{}", why);
    identityLost.complete(was);
  }

  /**
   * Hazelcast stopped by itself, not by {@link #close()}: its out-of-memory handler stops every
   * instance of the process, for one. Nothing can be applied or journalled any more, so the member
   * would stay up and not ready for ever; it refuses all new work and {@link #identityLost()}
   * completes, whereupon the service process stops to start again (Main, exit code 3). The cluster
   * finishes this member's unrecorded steps, as for any member that left.
   */
  private void loseInstance(String memberId) {
    lose(memberId, "this member's Hazelcast instance stopped; the member is restarting", "this member's Hazelcast instance is"
        + " stopping, not by the member's own stop (an out-of-memory error in one of its threads, say): the member takes no more"
        + " work and stops to start again; the cluster finishes its unrecorded steps");
  }

  /**
   * Completes (with the old member id) when this member lost its cluster identity: in a split-brain
   * merge, or with its Hazelcast instance stopping by itself.
   */
  public CompletionStage<String> identityLost() {
    return identityLost;
  }

  /** This member's Hazelcast instance, for operations and tests. */
  public HazelcastInstance hazelcast() {
    return hz;
  }

  /** The live pools, for operations and tests. */
  public Pools pools() {
    return pools;
  }

  /**
   * Stops cleanly: no new requests, requests in flight answered, everything applied to the pools
   * committed to the ledger; only then does the member leave the cluster (its pools move to the
   * others with nothing unrecorded in them).
   */
  @Override
  public void close() throws IOException {
    closing.set(true);
    ready.set(false);
    if (vertx != null && overflowSweeper >= 0) {
      vertx.cancelTimer(overflowSweeper); // it goes through the sequencer, which drains below
    }
    if (vertx != null && !httpDeployments.isEmpty()) {
      try {
        Future.join(httpDeployments.stream().map(vertx::undeploy).toList()).await(); // both ports, even if one fails
        log.info("stopping: HTTP closed, requests in flight answered");
      } catch (Exception e) {
        log.warn("stopping HTTP: {}", e.toString());
      }
    }
    if (ticker != null) {
      ticker.stop(); // after HTTP: the public reads in flight wait for its next sample
    }
    if (sequencer != null) {
      try {
        sequencer.idle().toCompletableFuture().get(DRAIN_SECONDS, TimeUnit.SECONDS);
        log.info("stopping: sequencer drained, everything applied is committed");
      } catch (Exception e) {
        log.error("stopping: the sequencer did not drain within {} s; uncommitted work may be lost: {}", DRAIN_SECONDS, e.toString());
      }
    }
    if (journal != null) {
      try {
        journal.dropsDone().toCompletableFuture().get(JOURNAL_SECONDS, TimeUnit.SECONDS);
      } catch (Exception e) {
        log.warn("stopping: notes of recorded steps left in the journal (finished as no-ops by another member): {}", e.toString());
      }
    }
    if (vertx != null) {
      // Only now, just before the ledger's connections close and the member leaves: until then it
      // may still be the oldest, the one keeping the claims of unrecorded rounds (its own drain
      // included) standing and finishing the steps of members that died meanwhile (neither goes
      // through the sequencer).
      LongStream.of(claimKeeping, departedSweeper, credentialsReloads).filter(t -> t >= 0).forEach(vertx::cancelTimer);
    }
    if (pg != null) {
      pg.close(PG_CLOSE_GRACE); // before Vert.x, whose close waits for the server to close each connection
    }
    if (vertx != null) {
      try {
        vertx.close().toCompletionStage().toCompletableFuture().get(VERTX_CLOSE.toMillis(), TimeUnit.MILLISECONDS);
      } catch (TimeoutException e) {
        // Vert.x leaves the cluster only once every resource of it has closed, and a ledger
        // connection still in PostgreSQL's start-up exchange with a silent server never does.
        log.error("stopping: Vert.x did not close within {} s; leaving the cluster without it", VERTX_CLOSE.toSeconds());
        if (hz != null) {
          hz.getLifecycleService().shutdown(); // graceful: waits for an ongoing leave, or makes it
        }
      } catch (Exception e) {
        log.warn("closing Vert.x: {}", e.toString());
      }
    }
    loop.shutdown();
    hzCallbacks.shutdown();
    hzPublishes.shutdown();
    journalReads.shutdown();
    scheduler.shutdownNow();
    log.info("stopped");
  }

  /** The client's parse error quotes the whole URL, password included: it must not reach a log. */
  static PgConnectOptions pgOptions(String url) {
    PgTls.checkUrlParameters(url);
    try {
      return PgConnectOptions.fromUri(url);
    } catch (RuntimeException e) {
      throw new IllegalArgumentException("JACKPOT_PG_URL is not a valid postgresql:// URL (percent-encode any special"
          + " characters of the user and password); the URL is not repeated here, as it may hold a password");
    }
  }

  /**
   * A database URL fit for logs: its password (user:password@, or ?password=) replaced whole. A
   * password may hold '@', '/', '?' or '&' unencoded, so its userinfo ends at the last '@' followed
   * by a host (or none: a socket directory); where a query's '@' could pass for one, more is hidden, never less.
   */
  static String redacted(String url) {
    String out = url;
    int start = url.indexOf("//");
    if (start >= 0) {
      start += 2;
      for (int at = url.lastIndexOf('@'); at >= start; at = url.lastIndexOf('@', at - 1)) {
        if (HOST_AFTER.matcher(url).region(at + 1, url.length()).lookingAt()) {
          int colon = url.indexOf(':', start);
          if (colon >= 0 && colon < at) {
            out = url.substring(0, colon + 1) + "***" + url.substring(at);
          }
          break;
        }
      }
    }
    // A query's password runs to the next parameter ("&name="), or the end.
    return out.replaceAll("(?i)([?&]password=).*?(?=&[A-Za-z_][A-Za-z0-9_]*=|$)", "$1***");
  }

  /** Hosts (with ports, comma-separated), then the path, the query or the end. */
  private static final Pattern HOST_AFTER = Pattern.compile("[A-Za-z0-9.\\-\\[\\]:,%_]*(?=[/?#]|$)");
}
