package io.jackpot;

import io.jackpot.access.json.LiveCredentials;
import io.jackpot.cluster.PeriodicVerticle;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The member's background tasks, each a verticle on a timer of its own so that none waits for
 * another: the two sweeps, once a second each, the keeping of unrecorded rounds' claims, and the
 * credentials file read again.
 */
final class NodeTasks {
  private static final Logger log = LoggerFactory.getLogger(JackpotNode.class);
  private static final Duration MINUTE = Duration.ofMinutes(1);

  private final Vertx vertx;
  /** The sweep of money in transit: stopped first, as it goes through the sequencer, which drains in the stop. */
  private String transitSweep;
  /** The rest, stopped just before the member leaves (JackpotNode.close says why). */
  private final List<String> untilLeaving = new ArrayList<>();

  NodeTasks(Vertx vertx) {
    this.vertx = vertx;
  }

  /** Deploys every task (blocking). */
  void start(NodeServices services, LiveCredentials live) {
    untilLeaving.add(deploy(departedSweep(services)));
    transitSweep = deploy(new PeriodicVerticle("the sweep of money in transit", 1000, MINUTE, services.transitSweep::run,
        e -> log.warn("overflow sweep: {}", e.toString())));
    untilLeaving.add(deploy(claimKeeping(services)));
    if (live.reloadSeconds() > 0) {
      untilLeaving.add(deploy(credentialReloads(live)));
    }
  }

  /**
   * Departed members: their unrecorded steps are finished (the oldest member does it), then the
   * members whose claims no longer stand are found (ClaimHolders). The games' retries of a dead
   * member's rounds wait for it, so it must not queue behind a transfer or a flush waiting on a
   * ledger that refuses commits: hence a timer apart from the transit sweep's. A transfer whose
   * first step is a departed member's is completed once that step is recorded.
   */
  private static PeriodicVerticle departedSweep(NodeServices services) {
    return new PeriodicVerticle("the departed members' sweep", 1000, MINUTE, services.departedSweep::run,
        e -> log.warn("departed members' sweep: {}", e.toString()));
  }

  /**
   * On the oldest member only: the claims of rounds applied but not yet recorded are kept standing
   * (ClaimKeeper) while the ledger is not taking commits. It runs until this member leaves the
   * cluster, since until then it may be the oldest. Every tick a run holds up is logged: the claims
   * kept last lapse about three ticks after a run that hangs began.
   */
  private static PeriodicVerticle claimKeeping(NodeServices services) {
    var keeper = services.claimKeeper;
    var membership = services.membership();
    return new PeriodicVerticle("keeping unrecorded rounds' claims", keeper.intervalMillis(), Duration.ZERO,
        () -> membership.isOldest() ? keeper.keep() : CompletableFuture.completedFuture(0),
        e -> log.error("could not keep the claims of unrecorded rounds standing (tried again in {} s): {}",
            keeper.intervalMillis() / 1000, e.toString()));
  }

  /** Reads the credentials file again every so often, off the event loops (LiveCredentials says what changes). */
  private PeriodicVerticle credentialReloads(LiveCredentials live) {
    return new PeriodicVerticle("reading the credentials file", live.reloadSeconds() * 1000, MINUTE,
        () -> vertx.executeBlocking(live::reload, false).toCompletionStage(),
        e -> log.error("reading the credentials file again failed (tried again in {} s): {}", live.reloadSeconds(), e.toString()));
  }

  private String deploy(PeriodicVerticle task) {
    return vertx.deployVerticle(task).await();
  }

  void stopTransitSweep() {
    if (transitSweep != null) {
      undeploy(List.of(transitSweep));
    }
  }

  void stopUntilLeaving() {
    undeploy(untilLeaving);
  }

  private void undeploy(List<String> deployments) {
    try {
      Future.join(deployments.stream().map(vertx::undeploy).toList()).await();
    } catch (Exception e) {
      log.warn("stopping background tasks: {}", e.toString());
    }
  }
}
