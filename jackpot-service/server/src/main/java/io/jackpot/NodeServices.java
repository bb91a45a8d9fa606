package io.jackpot;

import io.jackpot.access.Credentials;
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
import io.jackpot.admin.TransitSweep;
import io.jackpot.admin.http.AdminAuth;
import io.jackpot.admin.http.AdminRoutes;
import io.jackpot.admin.http.JsonStoredForms;
import io.jackpot.award.AwardService;
import io.jackpot.catalogue.Catalogue;
import io.jackpot.catalogue.JackpotDefinition;
import io.jackpot.catalogue.TierDraw;
import io.jackpot.catalogue.hz.HzCatalogue;
import io.jackpot.cluster.ClusterSecrets;
import io.jackpot.cluster.Membership;
import io.jackpot.config.ServiceConfig;
import io.jackpot.contribution.ClaimKeeper;
import io.jackpot.contribution.ContributionService;
import io.jackpot.contribution.RetriedReleases;
import io.jackpot.contribution.hz.ClaimHolders;
import io.jackpot.contribution.hz.HzRoundClaims;
import io.jackpot.fx.FxHolder;
import io.jackpot.fx.hz.HzFxRates;
import io.jackpot.ledger.PoolLoader;
import io.jackpot.ledger.pg.PgLedger;
import io.jackpot.ledger.pg.PgPools;
import io.jackpot.metrics.ServiceMetrics;
import io.jackpot.pool.Pools;
import io.jackpot.pool.RandomSource;
import io.jackpot.pool.StrongRandomSource;
import io.jackpot.pool.hz.HzPools;
import io.jackpot.sequencer.DepartedSweep;
import io.jackpot.sequencer.Sequencer;
import io.jackpot.sequencer.SequencerSettings;
import io.jackpot.sequencer.StepRecovery;
import io.jackpot.sequencer.hz.HzStepJournal;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The member's features wired to their adapters: the live pools loaded from the ledger (step 4),
 * then the sequencer and the services over it (step 5). Each part is kept as soon as it is built,
 * so that a start failing half-way stops what did start.
 */
final class NodeServices {
  /** The start-up steps are the node's log lines. */
  private static final Logger log = LoggerFactory.getLogger(JackpotNode.class);

  private final ServiceConfig config;
  private final Clock clock;
  private final LiveCredentials live;
  /** As at the start: only whether they are the dev ones is read from it. */
  private final Credentials credentials;
  private final NodeCluster cluster;
  private final NodeThreads threads;
  private final RandomSource random = new StrongRandomSource();
  /** Rates against the pools' currency; every seed jackpot is kept in EUR. */
  final FxHolder fx = new FxHolder("EUR");
  final Catalogue catalogue = new Catalogue(List.of());
  Pools pools;
  PgLedger ledger;
  PoolLoader loader;
  HzCatalogue definitions;
  HzFxRates fxRates;
  ServiceMetrics metrics;
  HzStepJournal journal;
  Sequencer sequencer;
  ClaimHolders claimHolders;
  ClaimKeeper claimKeeper;
  ContributionService contributions;
  AwardService awards;
  AdminRoutes adminRoutes;
  DepartedSweep departedSweep;
  TransitSweep transitSweep;

  NodeServices(ServiceConfig config, Clock clock, LiveCredentials live, Credentials credentials, NodeCluster cluster,
      NodeThreads threads) {
    this.config = config;
    this.clock = clock;
    this.live = live;
    this.credentials = credentials;
    this.cluster = cluster;
    this.threads = threads;
  }

  NodeCluster cluster() {
    return cluster;
  }

  Membership membership() {
    return cluster.membership();
  }

  /** Step 4: the catalogue, the exchange rates and every pool live, from the ledger if not in the cluster already (blocking). */
  void loadPools(PgPools pg, Supplier<List<JackpotDefinition>> initial) throws Exception {
    var hz = cluster.hz();
    pools = new HzPools(hz.getMap(HzPools.MAP), threads.hzCallbacks);
    PgLedger ledger = new PgLedger(pg.limited(), pg.unlimited());
    this.ledger = ledger;
    loader = new PoolLoader(catalogue, pools, ledger, clock, random);
    definitions = new HzCatalogue(hz.getMap(HzCatalogue.MAP), catalogue, threads.hzPublishes);
    definitions.start(ledger, initial, loader::load);
    loader.loadAll().toCompletableFuture().get();
    fxRates = new HzFxRates(hz.getMap(HzFxRates.MAP), fx, threads.hzPublishes);
    fxRates.start(ledger);
    log.info("step 4/6: {} pools live", catalogue.poolIds().size());
  }

  /** Step 5: the sequencer, the journal of its steps, and the services that submit to it; identity loss watched from here on. */
  void wire(MemberIdentity identity) throws Exception {
    var membership = cluster.membership();
    metrics = new ServiceMetrics(cluster.metricsRegistry(), membership::size, catalogue::currencyOf);
    String memberId = membership.localId();
    StepRecovery recovery = wireSequencer(identity, memberId);
    wireServices(memberId);
    log.info("step 5/6: services wired ({})", credentials.isDev() ? "DEV credentials" : "configured credentials");

    Transfers transfers = wireAdmin();
    int completed = transfers.completePendingTransfers().toCompletableFuture().get();
    if (completed > 0) {
      log.warn("completed {} transfers left half-done by the last stop", completed);
    }
    departedSweep = new DepartedSweep(membership::isOldest, membership::memberIds, journal::dropOldFences, recovery::finishDeparted,
        claimHolders::rescan);
    metrics.departedStepsLeft(departedSweep::stepsLeft);
    transitSweep = new TransitSweep(catalogue, pools, transfers::completePendingTransfers, transfers::flushOverflow);
  }

  /** The journal, the sequencer over it (watched for identity loss) and who holds claims; returns the recovery of departed steps. */
  private StepRecovery wireSequencer(MemberIdentity identity, String memberId) {
    var hz = cluster.hz();
    var membership = cluster.membership();
    journal = new HzStepJournal(hz.getMap(HzStepJournal.MAP), HzStepJournal.codecOf(hz), threads.hzCallbacks, threads.journalReads,
        clock, membership::localId);
    sequencer = new Sequencer(pools, ledger, threads.loop, threads.scheduler, SequencerSettings.forClaimTtl(Duration.ofMillis(claimTtlMillis())),
        clock, random, metrics, memberId, journal);
    identity.watch(membership, memberId, sequencer);
    var recovery = new StepRecovery(pools, ledger, journal, clock);
    claimHolders = new ClaimHolders(hz.getCluster(), journal, clock, claimTtlMillis());
    return recovery;
  }

  private void wireServices(String memberId) {
    var hz = cluster.hz();
    long claimTtlMillis = claimTtlMillis();
    var roundClaims = new RetriedReleases(new HzRoundClaims(hz.getMap(HzRoundClaims.MAP), threads.hzCallbacks, clock,
        claimTtlMillis, memberId, claimHolders::released), (after, task) -> threads.scheduler.schedule(task,
        after.toMillis() + ThreadLocalRandom.current().nextLong(after.toMillis() / 4 + 1),
        TimeUnit.MILLISECONDS), RetriedReleases.PAUSES);
    contributions = new ContributionService(catalogue, fx, roundClaims, ledger, sequencer, clock);
    claimKeeper = new ClaimKeeper(journal, roundClaims, clock, claimTtlMillis);
    awards = new AwardService(catalogue, ledger, sequencer, clock, new TierDraw(ClusterSecrets.shared(hz, "tier-draw")), fx,
        HzFxRates.history(ledger, fx.get().base()), config.claimRounds(), roundClaims, pools);
  }

  /** The admin API's routes over the admin services; returns the transfers, finished and swept by {@link #wire}. */
  private Transfers wireAdmin() {
    var ownership = new Ownership(catalogue, game -> live.get().operatorsOf(game));
    var steps = new PoolSteps(pools, sequencer, clock);
    var transfers = new Transfers(catalogue, ledger, sequencer, clock);
    var forms = new JsonStoredForms();
    var audits = new AuditTrail(clock);
    adminRoutes = new AdminRoutes(ownership,
        new Definitions(catalogue, ledger, pools, loader, definitions::publish,
            new DefinitionChecks(catalogue, ownership, operator -> live.get().gamesOf(operator), forms), steps, forms, audits),
        new Lifecycle(catalogue, ownership, steps, transfers, clock), new ExchangeRates(ledger, fx, fxRates::publish, forms, audits),
        new Listings(ledger, ownership), new RoundLookup(ledger), new Reconciler(ledger, pools, ownership),
        catalogue, pools, new AdminAuth(live::get));
    return transfers;
  }

  private long claimTtlMillis() {
    return config.cluster().roundClaimTtlSeconds() * 1000L;
  }
}
