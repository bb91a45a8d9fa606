package io.jackpot.admin;

import io.jackpot.access.Admin;
import io.jackpot.catalogue.Catalogue;
import io.jackpot.catalogue.JackpotDefinition;
import io.jackpot.error.ErrorCode;
import io.jackpot.ledger.AuditEntry;
import io.jackpot.ledger.Ledger;
import io.jackpot.ledger.PoolLoader;
import io.jackpot.pool.Pool;
import io.jackpot.pool.PoolCommand;
import io.jackpot.pool.PoolId;
import io.jackpot.pool.PoolStatus;
import io.jackpot.pool.Pools;
import io.jackpot.sequencer.Submission;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.BiFunction;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Creates and changes jackpots: a definition checked (DefinitionChecks), saved with its audit
 * entry, its new pools installed, published to every member, and its terms sent to the running pools.
 */
public final class Definitions {
  private static final Logger log = LoggerFactory.getLogger(Definitions.class);
  private final Catalogue catalogue;
  private final Ledger ledger;
  private final Pools pools;
  private final PoolLoader loader;
  private final BiFunction<JackpotDefinition, Long, CompletionStage<Boolean>> publish;
  private final DefinitionChecks checks;
  private final PoolSteps steps;
  private final StoredForms forms;
  private final AuditTrail audits;

  /**
   * {@code publish} makes a saved definition the cluster's (with the version the ledger gave it),
   * answering whether it is in force (false: a newer version is); {@code loader} creates new pools.
   */
  public Definitions(Catalogue catalogue, Ledger ledger, Pools pools, PoolLoader loader,
      BiFunction<JackpotDefinition, Long, CompletionStage<Boolean>> publish, DefinitionChecks checks, PoolSteps steps,
      StoredForms forms, AuditTrail audits) {
    this.catalogue = catalogue;
    this.ledger = ledger;
    this.pools = pools;
    this.loader = loader;
    this.publish = publish;
    this.checks = checks;
    this.steps = steps;
    this.forms = forms;
    this.audits = audits;
  }

  /**
   * Creates or changes a jackpot ({@code next}, read from the request and checked as a whole). A
   * scoped token may only define its operator's jackpots; pools may be added but not removed
   * (discontinue them), and the currency of a jackpot with pools never changes. Saved with its
   * audit entry, published to every member; a running pool's new terms wait for its next win, new
   * pools start at their seed. The definition in force sent again is not saved again (no new
   * version, no audit entry) but published and sent to the pools again: a PUT is idempotent, and a
   * failed one is completed so.
   */
  public CompletionStage<JackpotDefinition> define(Admin admin, JackpotDefinition next) {
    Ownership.requireWriter(admin);
    String id = next.id();
    JackpotDefinition before = catalogue.jackpot(id).orElse(null);
    Map<PoolId, String> overflowTargets = checks.check(admin, before, next);
    String after = forms.definition(next);
    AuditEntry audit = audits.entry(admin, next.owner(), "jackpot.define", id,
        before == null ? null : forms.definition(before), after);
    // New pools are in the cluster before the definition that routes contributions to them is
    // published: a contribution routed to a pool not there yet would hold up its member's sequencer.
    return pools.getAll(poolsToRead(next, overflowTargets))
        .thenCompose(live -> save(admin, before, next, after, audit, live, overflowTargets))
        .thenCompose(version -> putInForce(admin, before, next, version));
  }

  /**
   * The overflow targets, and the running pools a linked game's round feeds: each takes its terms
   * in force until its next win, a rate this change lowers included (StakeShares).
   */
  private Set<PoolId> poolsToRead(JackpotDefinition next, Map<PoolId, String> overflowTargets) {
    Set<PoolId> read = new HashSet<>(overflowTargets.keySet());
    catalogue.jackpots().stream().filter(j -> j.id().equals(next.id()) || next.games().stream().anyMatch(j::links))
        .forEach(j -> j.pools().forEach(p -> read.add(j.poolId(p))));
    return read;
  }

  /**
   * Saves {@code next} unless it is the version in force already; answers the version. A
   * discontinued overflow pool refuses a new version only: the version in force sent again may be
   * one saved and not put in force, which every other change of the jackpot waits behind (409),
   * and a pool owing overflow to a discontinued pool keeps what it owes.
   */
  private CompletionStage<Integer> save(Admin admin, JackpotDefinition before, JackpotDefinition next, String after,
      AuditEntry audit, List<Pool> live, Map<PoolId, String> overflowTargets) {
    var discontinued = PoolSteps.firstDiscontinued(live, overflowTargets, ErrorCode.INVALID_DEFINITION);
    Map<PoolId, Long> takes = new HashMap<>();
    live.stream().filter(p -> p.status() != PoolStatus.DISCONTINUED)
        .forEach(p -> takes.put(p.id(), p.terms().stakeSharePpm()));
    return ledger.saveDefinition(next.id(), after, admin.name(), audit, inForce -> {
      boolean save = checks.checkInForce(inForce, before, next, pool -> takes.getOrDefault(pool, 0L));
      if (save && discontinued != null) {
        throw discontinued;
      }
      return save;
    });
  }

  /** A saved version's new pools, the cluster's definition and the running pools' terms; see SavedChanges for a failure. */
  private CompletionStage<JackpotDefinition> putInForce(Admin admin, JackpotDefinition before, JackpotDefinition next, int version) {
    return installNewPools(before, next).thenCompose(v -> pauseNewPoolsOfPausedJackpot(admin, before, next))
        .thenCompose(v -> publish.apply(next, (long) version))
        .thenApply(inForce -> SavedChanges.inForceOrRefused(inForce, ErrorCode.DEFINITION_CHANGED, "jackpot " + next.id()
            + " was saved as version " + version + ", but a newer version was saved meanwhile and is in force; its terms were"
            + " not sent to the pools"))
        .thenCompose(v -> changeTerms(admin, before, next, version))
        .handle((done, failed) -> {
          if (failed != null) {
            throw SavedChanges.incomplete(next.id(), version, failed);
          }
          return done;
        });
  }

  /** A saved definition's new pools, each at its seed (or as the ledger has it). */
  private CompletionStage<Void> installNewPools(JackpotDefinition before, JackpotDefinition next) {
    CompletableFuture<?>[] loads = next.pools().stream()
        .filter(p -> before == null || before.pool(p.key()).isEmpty())
        .map(p -> loader.load(next.poolId(p), p).toCompletableFuture())
        .toArray(CompletableFuture[]::new);
    return CompletableFuture.allOf(loads);
  }

  /**
   * A jackpot whose pools are all paused (paused as a whole; its discontinued pools aside) gets its
   * new pools paused too, in one audited step ({@code pool.pause}), before the definition that
   * routes contributions to them is published: adding a pool to a paused jackpot does not start
   * taking money. Resuming the jackpot resumes them with the others.
   */
  private CompletionStage<Void> pauseNewPoolsOfPausedJackpot(Admin admin, JackpotDefinition before, JackpotDefinition next) {
    List<PoolId> added = before == null ? List.of()
        : next.pools().stream().filter(p -> before.pool(p.key()).isEmpty()).map(next::poolId).toList();
    if (added.isEmpty()) {
      return CompletableFuture.completedFuture(null);
    }
    List<PoolId> existing = before.pools().stream().map(before::poolId).toList();
    return pools.getAll(existing).thenCompose(live -> {
      PoolSteps.refuseNotLoaded(existing, live); // a pool unseen could be the one running
      List<PoolStatus> running = live.stream().map(Pool::status).filter(s -> s != PoolStatus.DISCONTINUED).toList();
      if (running.isEmpty() || running.stream().anyMatch(s -> s != PoolStatus.PAUSED)) {
        return CompletableFuture.completedFuture(null);
      }
      log.info("jackpot {} is paused: its new pools {} are paused too", next.id(), added);
      List<Submission.Target> targets = added.stream().map(id -> new Submission.Target(id, steps.pause())).toList();
      return steps.submitLive(targets, AuditTrail.step(admin, next.owner(), "pool.pause")).thenApply(outcomes -> (Void) null);
    });
  }

  /**
   * Submits the terms of every running pool in one step: every pool gets them or none does.
   * All pools, not only changed ones: a define sent again after a failed submit finds the
   * definition already published, and its pools still need the terms.
   * The terms carry the definition's version and a pool takes none older than its last, so steps
   * from two members arriving out of order leave the newer terms.
   */
  private CompletionStage<JackpotDefinition> changeTerms(Admin admin, JackpotDefinition before, JackpotDefinition next, long version) {
    List<Submission.Target> targets = next.pools().stream()
        .filter(p -> before != null && before.pool(p.key()).isPresent())
        .map(p -> new Submission.Target(next.poolId(p), new PoolCommand.ChangeTerms("terms-" + UUID.randomUUID(), p.terms(), version)))
        .toList();
    if (targets.isEmpty()) {
      return CompletableFuture.completedFuture(next);
    }
    return steps.submitLive(targets, AuditTrail.step(admin, next.owner(), "pool.terms")).thenApply(outcomes -> next);
  }
}
