package io.jackpot.admin;

import io.jackpot.access.Admin;
import io.jackpot.catalogue.Catalogue;
import io.jackpot.catalogue.GameCurrencies;
import io.jackpot.catalogue.JackpotDefinition;
import io.jackpot.catalogue.PoolDefinition;
import io.jackpot.catalogue.StakeShares;
import io.jackpot.catalogue.http.DefinitionJson;
import io.jackpot.error.DoneInPart;
import io.jackpot.error.Failures;
import io.jackpot.error.OverloadedException;
import io.jackpot.error.Rejection.Kind;
import io.jackpot.error.Rejection;
import io.jackpot.fx.FxRates;
import io.jackpot.fx.hz.HzFxRates;
import io.jackpot.http.JsonFields;
import io.jackpot.ledger.AuditEntry;
import io.jackpot.ledger.Ledger;
import io.jackpot.ledger.PoolLoader;
import io.jackpot.money.Decimals;
import io.jackpot.money.Money;
import io.jackpot.money.Total;
import io.jackpot.pool.Pool;
import io.jackpot.pool.PoolCommand;
import io.jackpot.pool.PoolId;
import io.jackpot.pool.PoolOutcome;
import io.jackpot.pool.PoolStatus;
import io.jackpot.pool.Pools;
import io.jackpot.pool.Win;
import io.jackpot.reconciliation.Reconciliation;
import io.jackpot.sequencer.Sequencer;
import io.jackpot.sequencer.Submission;
import io.vertx.core.json.JsonObject;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.function.ToLongFunction;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What operators do to running jackpots: pause and resume pools (through the sequencer, so the
 * change is ordered with contributions and claims, and recorded with its audit entry in one
 * transaction), and read wins and the audit log. Every call checks the token's role and scope.
 */
public final class AdminService {
  private static final Logger log = LoggerFactory.getLogger(AdminService.class);
  private final Catalogue catalogue;
  private final Ledger ledger;
  private final Sequencer sequencer;
  private final Clock clock;
  private final BiFunction<JackpotDefinition, Long, CompletionStage<Boolean>> publish;
  private final PoolLoader loader;
  private final RoundLookup rounds;
  private final Pools pools;
  private final Function<String, Set<String>> gamesOf;
  private final Function<String, Set<String>> operatorsOf;

  /**
   * {@code publish} makes a saved definition the cluster's (with the version the ledger gave it),
   * answering whether it is in force (false: a newer version is); {@code loader} creates new pools;
   * {@code gamesOf} names the games an operator's game keys speak for, {@code operatorsOf} the
   * operators whose keys speak for a game (a scoped token may link only games its operator alone plays,
   * and change no jackpot such a game of another operator feeds).
   */
  public AdminService(Catalogue catalogue, Ledger ledger, Sequencer sequencer, Clock clock,
      BiFunction<JackpotDefinition, Long, CompletionStage<Boolean>> publish, PoolLoader loader, Pools pools,
      Function<String, Set<String>> gamesOf,
      Function<String, Set<String>> operatorsOf) {
    this.pools = pools;
    this.gamesOf = gamesOf;
    this.operatorsOf = operatorsOf;
    this.publish = publish;
    this.loader = loader;
    this.rounds = new RoundLookup(ledger);
    this.catalogue = catalogue;
    this.ledger = ledger;
    this.sequencer = sequencer;
    this.clock = clock;
  }

  /** The jackpot, if this token may see it: unknown → 404, another operator's → 403. */
  public JackpotDefinition visible(Admin admin, String jackpotId) {
    JackpotDefinition j = catalogue.jackpot(jackpotId)
        .orElseThrow(() -> new Rejection(Kind.NOT_FOUND, "UNKNOWN_JACKPOT", "no jackpot " + jackpotId));
    if (!admin.covers(j.owner())) {
      throw new Rejection(Kind.FORBIDDEN, "OTHER_OPERATOR", "jackpot " + jackpotId + " belongs to another operator");
    }
    return j;
  }

  public List<JackpotDefinition> visibleJackpots(Admin admin) {
    return catalogue.jackpots().stream().filter(j -> admin.covers(j.owner())).toList();
  }

  /**
   * Creates or changes a jackpot. Validated as a whole (every problem named); a scoped token may
   * only define its operator's jackpots; pools may be added but not removed (discontinue them), and
   * the currency of a jackpot with pools never changes. Saved with its audit entry, published to
   * every member; a running pool's new terms wait for its next win, new pools start at their seed.
   * The definition in force sent again is not saved again (no new version, no audit entry) but
   * published and sent to the pools again: a PUT is idempotent, and a failed one is completed so.
   */
  public CompletionStage<JackpotDefinition> define(Admin admin, String id, JsonObject body) {
    writer(admin);
    DefinitionJson.Parsed parsed = DefinitionJson.parse(id, body);
    if (parsed instanceof DefinitionJson.Parsed.Invalid invalid) {
      throw Rejection.invalid("INVALID_DEFINITION", String.join("; ", invalid.problems()));
    }
    JackpotDefinition next = ((DefinitionJson.Parsed.Ok) parsed).definition();
    List<String> badInput = DefinitionJson.newInputProblems(next);
    if (!badInput.isEmpty()) {
      throw Rejection.invalid("INVALID_DEFINITION", String.join("; ", badInput));
    }
    if (!admin.covers(next.owner())) {
      throw new Rejection(Kind.FORBIDDEN, "OTHER_OPERATOR", "token " + admin.name() + " may only define jackpots owned by " + admin.operatorScope());
    }
    JackpotDefinition before = catalogue.jackpot(id).orElse(null);
    if (before != null) {
      checkChange(admin, before, next);
    }
    Map<PoolId, String> overflowTargets = checkOverflowTargets(admin, next);
    if (admin.operatorScope() != null && !gamesOf.apply(admin.operatorScope()).containsAll(next.games())) {
      throw new Rejection(Kind.FORBIDDEN, "GAME_NOT_LINKED", "games: a token scoped to " + admin.operatorScope()
          + " may only link its operator's games " + new TreeSet<>(gamesOf.apply(admin.operatorScope())));
    }
    if (admin.operatorScope() != null) {
      // Every operator's contributions for a game feed every jackpot linking it (a wide-area
      // network): linking a game other operators play too would take their players' money into
      // this operator's jackpot, or refuse their rounds (another currency, coin values). Only an
      // unscoped (network) token may link a shared game.
      for (String game : next.games()) {
        Set<String> others = new TreeSet<>(operatorsOf.apply(game));
        others.remove(admin.operatorScope());
        if (!others.isEmpty() && (before == null || !before.games().contains(game))) {
          throw new Rejection(Kind.FORBIDDEN, "GAME_SHARED", "games: " + game + " is also played by operators " + others
              + "; only a network (unscoped) admin token may link it");
        }
      }
      if (!next.equals(before)) { // the definition in force sent again changes nothing: idempotent
        if (before != null) {
          // Its pools hold other operators' players' stakes: an extra pool or a raised rate would take
          // more of them into a jackpot this operator's players can win, or send them elsewhere.
          refuseShared(admin, before, "", "change its terms, pools or games");
        }
        for (PoolDefinition p : next.pools()) {
          PoolId to = p.overflowTo();
          boolean named = to != null && !to.jackpotId().equals(id)
              && (before == null || before.pool(p.key()).map(PoolDefinition::overflowTo).filter(to::equals).isEmpty());
          if (named) {
            catalogue.jackpot(to.jackpotId()).ifPresent(target ->
                refuseShared(admin, target, "pools." + p.key() + ".overflowTo: ", "overflow into its pool " + to));
          }
        }
      }
    }
    String after = DefinitionJson.of(next).encode();
    AuditEntry audit = new AuditEntry(clock.instant(), admin.name(), next.owner(), "jackpot.define", id,
        before == null ? null : DefinitionJson.of(before).encode(), after);
    // New pools are in the cluster before the definition that routes contributions to them is
    // published: a contribution routed to a pool not there yet would hold up its member's sequencer.
    // A discontinued overflow pool refuses a new version only: the version in force sent again may be
    // one saved and not put in force, which every other change of the jackpot waits behind (409),
    // and a pool owing overflow to a discontinued pool keeps what it owes.
    // The running pools a linked game's round feeds are read too: each takes its terms in force
    // until its next win, a rate this change lowers included (StakeShares).
    Set<PoolId> read = new HashSet<>(overflowTargets.keySet());
    catalogue.jackpots().stream().filter(j -> j.id().equals(id) || next.games().stream().anyMatch(j::links))
        .forEach(j -> j.pools().forEach(p -> read.add(j.poolId(p))));
    return pools.getAll(read)
        .thenCompose(live -> {
          Rejection discontinued = firstDiscontinued(live, overflowTargets, "INVALID_DEFINITION");
          Map<PoolId, Long> takes = new HashMap<>();
          live.stream().filter(p -> p.status() != PoolStatus.DISCONTINUED)
              .forEach(p -> takes.put(p.id(), p.terms().stakeSharePpm()));
          return ledger.saveDefinition(id, after, admin.name(), audit, inForce -> {
            boolean save = checkInForce(inForce, before, next, pool -> takes.getOrDefault(pool, 0L));
            if (save && discontinued != null) {
              throw discontinued;
            }
            return save;
          });
        })
        .thenCompose(version -> installNewPools(before, next).thenCompose(v -> pauseNewPoolsOfPausedJackpot(admin, before, next))
            .thenCompose(v -> publish.apply(next, (long) version))
            .thenApply(inForce -> inForceOrRefused(inForce, "DEFINITION_CHANGED", "jackpot " + id + " was saved as version "
                + version + ", but a newer version was saved meanwhile and is in force; its terms were not sent to the pools"))
            .thenCompose(v -> changeTerms(admin, before, next, version))
            .handle((done, failed) -> {
              if (failed != null) {
                throw savedButIncomplete(id, version, failed);
              }
              return done;
            }));
  }

  /**
   * A define that failed once its version was saved: answered with the status and code its failure
   * gets (a 503 stays a 503, so callers retry; a fault stays a logged 500), with a message saying
   * that the version is saved and that sending the same definition again completes it, never the
   * "nothing was changed" of an infrastructure failure's usual answer. A refusal other than "not
   * now" keeps its own answer: a version overtaken before it was put in force
   * ({@code DEFINITION_CHANGED}) says so and went no further.
   */
  static RuntimeException savedButIncomplete(String id, int version, Throwable failed) {
    return savedButIncomplete("jackpot " + id + " was saved as version " + version + " but did not reach every pool",
        "send the same definition again to complete it", failed);
  }

  /**
   * The same for any change saved and then not carried out in full: {@code saved} says what was
   * saved and what it did not reach, {@code again} how to complete it.
   */
  static RuntimeException savedButIncomplete(String saved, String again, Throwable failed) {
    Throwable cause = Failures.cause(failed);
    if (cause instanceof Rejection r && r.kind() != Kind.UNAVAILABLE) {
      return r;
    }
    boolean known = cause instanceof Rejection || cause instanceof OverloadedException;
    // Not logged here: the answer's log line (Errors) names the cause and this message.
    return new DoneInPart(saved + " (" + (known ? cause.getMessage() : "the cluster or the ledger failed; logged")
        + "); " + again, cause);
  }

  /**
   * The rules across jackpots, checked once, where they hold: under the lock every definition save
   * takes, against the versions in force in the ledger (after the scope checks, so a scoped token
   * hears of other operators' jackpots only for games it may link). This member's catalogue may
   * not have caught up with a save on another member, and two PUTs of different jackpots linking
   * one game at the same moment must not each be checked without the other: the version it was
   * made on, one currency per game (GameCurrencies), and a game's jackpots taking less than the
   * whole stake together (StakeShares; {@code takesNow}: what each running pool takes of a stake
   * until its next win, read from the cluster). Answers whether to save: not when the version in force
   * already is {@code next} (the same definition sent again, checked when it was saved).
   *
   * <p>The version it was made on: the change was checked against this member's catalogue
   * ({@code before}), and is saved only if that is still the version in force. Two PUTs racing, or
   * a member whose catalogue has not caught up, would otherwise save a change checked against an
   * older version (a currency change or a pool removal let through, terms sent out of order).
   */
  private static boolean checkInForce(Map<String, String> inForce, JackpotDefinition before, JackpotDefinition next,
      ToLongFunction<PoolId> takesNow) {
    String latestJson = inForce.get(next.id());
    JackpotDefinition latest = latestJson == null ? null : DefinitionJson.parseStored(next.id(), latestJson);
    if (next.equals(latest)) {
      return false;
    }
    if (!Objects.equals(latest, before)) {
      throw new Rejection(Kind.CONFLICT, "DEFINITION_CHANGED", "jackpot " + next.id() + " was changed meanwhile (or this member has"
          + " not seen the latest version yet); nothing was saved: read it again and retry");
    }
    List<JackpotDefinition> others = new ArrayList<>();
    inForce.forEach((id, json) -> {
      if (!id.equals(next.id())) {
        others.add(DefinitionJson.parseStored(id, json));
      }
    });
    List<String> currencies = GameCurrencies.problems(others, next);
    if (!currencies.isEmpty()) {
      throw Rejection.invalid("INVALID_DEFINITION", "games: " + String.join("; ", currencies));
    }
    others.add(next);
    List<String> tooMuch = StakeShares.problems(others, next.games(), takesNow);
    if (!tooMuch.isEmpty()) {
      throw Rejection.invalid("INVALID_DEFINITION", String.join("; ", tooMuch));
    }
    return true;
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
      refuseNotLoaded(existing, live); // a pool unseen could be the one running
      List<PoolStatus> running = live.stream().map(Pool::status).filter(s -> s != PoolStatus.DISCONTINUED).toList();
      if (running.isEmpty() || running.stream().anyMatch(s -> s != PoolStatus.PAUSED)) {
        return CompletableFuture.completedFuture(null);
      }
      log.info("jackpot {} is paused: its new pools {} are paused too", next.id(), added);
      List<Submission.Target> targets = added.stream().map(id -> new Submission.Target(id, pauseCommand())).toList();
      return submitLive(targets, new Submission.Audit(admin.name(), next.owner(), "pool.pause")).thenApply(outcomes -> (Void) null);
    });
  }

  /**
   * Once the cluster has a saved definition: the terms of every running pool are submitted (a
   * change waits for the next win), all in one step, so that either every pool has them or none
   * does (a refused step is completed by the PUT's retry). All of them, not only those that differ
   * from the previous definition: a define that failed after publishing (its terms not submitted)
   * and is sent again finds the published definition already equal, and its pools must still get
   * their terms. The terms carry the definition's version: a pool takes none older than its last,
   * so a PUT whose step reaches the pools after a newer PUT's (each member has its own sequencer)
   * leaves them with the newer terms; terms a pool already has or awaits change only the version it
   * remembers (recorded, without an audit entry of their own).
   */
  private CompletionStage<JackpotDefinition> changeTerms(Admin admin, JackpotDefinition before, JackpotDefinition next, long version) {
    List<Submission.Target> targets = next.pools().stream()
        .filter(p -> before != null && before.pool(p.key()).isPresent())
        .map(p -> new Submission.Target(next.poolId(p), new PoolCommand.ChangeTerms("terms-" + UUID.randomUUID(), p.terms(), version)))
        .toList();
    if (targets.isEmpty()) {
      return CompletableFuture.completedFuture(next);
    }
    return submitLive(targets, new Submission.Audit(admin.name(), next.owner(), "pool.terms")).thenApply(outcomes -> next);
  }

  /**
   * Every overflowTo names an existing pool (of this definition or another jackpot) in the same
   * currency, not itself. Returns the targets (each with the field naming it) for the live check
   * that none is discontinued.
   */
  private Map<PoolId, String> checkOverflowTargets(Admin admin, JackpotDefinition next) {
    Map<PoolId, String> targets = new LinkedHashMap<>();
    for (PoolDefinition p : next.pools()) {
      PoolId to = p.overflowTo();
      if (to == null) {
        continue;
      }
      if (to.equals(next.poolId(p))) {
        throw Rejection.invalid("INVALID_DEFINITION", "pools." + p.key() + ".overflowTo: a pool cannot overflow into itself");
      }
      JackpotDefinition target = to.jackpotId().equals(next.id()) ? next : catalogue.jackpot(to.jackpotId()).orElse(null);
      if (target == null || target.pool(to.poolKey()).isEmpty()) {
        throw Rejection.invalid("INVALID_DEFINITION", "pools." + p.key() + ".overflowTo: no pool " + to);
      }
      if (!target.currency().equals(next.currency())) {
        throw Rejection.invalid("INVALID_DEFINITION", "pools." + p.key() + ".overflowTo: pool " + to + " is kept in " + target.currency());
      }
      if (!admin.covers(target.owner())) {
        throw new Rejection(Kind.FORBIDDEN, "OTHER_OPERATOR", "pools." + p.key() + ".overflowTo: pool " + to + " belongs to another operator");
      }
      targets.putIfAbsent(to, "pools." + p.key() + ".overflowTo");
    }
    return targets;
  }

  /**
   * Completes when every pool of {@code mustBeLoaded} is loaded on the cluster (503 otherwise: a
   * pool a step or a transfer is for, which could not land, and would be retried for as long) and
   * none of {@code targets} (each with the field that names it) is a discontinued pool (a 400
   * {@code code} naming the first that is). One read of the live pools, without blocking the
   * caller's thread (an event loop). Answers the pools read.
   */
  private CompletionStage<List<Pool>> refuseUnusableTargets(Collection<PoolId> mustBeLoaded, Map<PoolId, String> targets,
      String code) {
    Set<PoolId> read = new HashSet<>(targets.keySet());
    read.addAll(mustBeLoaded);
    if (read.isEmpty()) {
      return CompletableFuture.completedFuture(List.of());
    }
    return pools.getAll(read).thenApply(live -> {
      refuseNotLoaded(mustBeLoaded, live);
      Rejection discontinued = firstDiscontinued(live, targets, code);
      if (discontinued != null) {
        throw discontinued;
      }
      return live;
    });
  }

  /**
   * Refuses (409 TRANSFER_TOO_LARGE) a transfer of all {@code from} holds that would take
   * {@code to} past {@link Pool#MOST_MICROS}, as both are now among {@code live}. Money arithmetic
   * is exact and refuses to wrap: a receipt past a long's range could never be applied, and the
   * member's sequencer would try it again for ever. Checked before anything is sent; transfers of
   * other requests landing meanwhile are not counted (each is checked the same way, and a long
   * holds over nine times the bound).
   */
  private static void refuseOverfilling(List<Pool> live, PoolId from, PoolId to) {
    Total held = value(live, to);
    Total after = held.plus(value(live, from)); // a sum of any size: a long could overflow here too
    if (after.compareTo(MOST_A_POOL_HOLDS) > 0) {
      throw new Rejection(Kind.CONFLICT, "TRANSFER_TOO_LARGE", "transferTo: pool " + to + " holds " + held.toPlainString()
          + " and would hold " + after.toPlainString() + " with what pool " + from + " holds, more than a pool may hold ("
          + MOST_A_POOL_HOLDS.toPlainString() + "); transfer it to another pool, or hold it");
    }
  }

  private static final Total MOST_A_POOL_HOLDS = Total.of(Money.ofMicros(Pool.MOST_MICROS));

  /** All pool {@code id} holds, as {@code live} has it (both pools of a transfer are among them: refuseNotLoaded ran first). */
  private static Total value(List<Pool> live, PoolId id) {
    return live.stream().filter(p -> p.id().equals(id)).findFirst().map(p -> Total.of(p.value())).orElseThrow();
  }

  /** The refusal (400 {@code code}) naming the first of {@code targets} that is a discontinued pool among {@code live}, or null. */
  private static Rejection firstDiscontinued(Collection<Pool> live, Map<PoolId, String> targets, String code) {
    for (Pool p : live) {
      if (targets.containsKey(p.id()) && p.status() == PoolStatus.DISCONTINUED) {
        return Rejection.invalid(code, targets.get(p.id()) + ": pool " + p.id() + " is discontinued");
      }
    }
    return null;
  }

  /**
   * Submits the targets once every one's pool is loaded (503 POOL_NOT_LOADED otherwise, nothing
   * submitted): a step for a pool not loaded would hold up this member's sequencer.
   */
  private CompletionStage<List<PoolOutcome>> submitLive(List<Submission.Target> targets, Submission.Audit audit) {
    return refuseUnusableTargets(targets.stream().map(Submission.Target::pool).toList(), Map.of(), null)
        .thenCompose(v -> sequencer.submit(Submission.audited(targets, audit)));
  }

  private static void refuseNotLoaded(Collection<PoolId> ids, Collection<Pool> live) {
    Set<PoolId> missing = new HashSet<>(ids);
    live.forEach(p -> missing.remove(p.id()));
    if (!missing.isEmpty()) {
      throw new Rejection(Kind.UNAVAILABLE, "POOL_NOT_LOADED", "pool " + missing.iterator().next() + " is not loaded; retry shortly");
    }
  }

  /** Sends a pool's overflow to its overflow pool (two recorded steps, like any transfer). */
  public CompletionStage<PoolOutcome> flushOverflow(PoolId pool, String owner) {
    var flush = new PoolCommand.FlushOverflow("flush-" + UUID.randomUUID(), "t-" + UUID.randomUUID());
    return sequencer.submit(Submission.audited(new Submission.Target(pool, flush), new Submission.Audit("system", owner, "pool.overflow-out")))
        .thenCompose(outcomes -> outcomes.get(0) instanceof PoolOutcome.Transferred t
            ? receive(t.transfer(), new Submission.Audit("system", ownerOf(t.transfer().to()), "pool.overflow-in"))
            : CompletableFuture.completedFuture(outcomes.get(0)));
  }

  /**
   * Lands every transfer the ledger holds as sent but not received (a stop, or a refused second
   * step, between the two): each at most once, by transfer id.
   */
  public CompletionStage<Integer> completePendingTransfers() {
    return ledger.pendingTransfers().thenCompose(pending -> {
      CompletableFuture<?>[] steps = pending.stream()
          .map(t -> receive(t, new Submission.Audit("system", ownerOf(t.to()), "pool.transfer-in.completed")).toCompletableFuture())
          .toArray(CompletableFuture[]::new);
      return CompletableFuture.allOf(steps).thenApply(v -> pending.size());
    });
  }

  private String ownerOf(PoolId pool) {
    return catalogue.jackpot(pool.jackpotId()).map(JackpotDefinition::owner).orElse(null);
  }

  /**
   * Refuses (403 GAME_SHARED) a scoped token's {@code what} on a shared jackpot: one linking a game
   * other operators' keys speak for too, whose pools their players' stakes feed. Only a network
   * (unscoped) token moves such a jackpot's money.
   */
  private void refuseShared(Admin admin, JackpotDefinition j, String field, String what) {
    if (admin.operatorScope() == null) {
      return;
    }
    Set<String> others = new TreeSet<>();
    j.games().forEach(game -> others.addAll(operatorsOf.apply(game)));
    others.remove(admin.operatorScope());
    if (!others.isEmpty()) {
      throw new Rejection(Kind.FORBIDDEN, "GAME_SHARED", field + "jackpot " + j.id() + " is fed by games operators " + others
          + " play too; only a network (unscoped) admin token may " + what);
    }
  }

  private static void checkChange(Admin admin, JackpotDefinition before, JackpotDefinition next) {
    if (!admin.covers(before.owner())) {
      throw new Rejection(Kind.FORBIDDEN, "OTHER_OPERATOR", "jackpot " + before.id() + " belongs to another operator");
    }
    if (!before.currency().equals(next.currency())) {
      throw Rejection.invalid("CURRENCY_CHANGE", "currency: jackpot " + before.id() + " is kept in " + before.currency()
          + "; a jackpot's currency cannot change");
    }
    for (PoolDefinition p : before.pools()) {
      if (next.pool(p.key()).isEmpty()) {
        throw Rejection.invalid("POOL_REMOVAL", "pools: pool " + p.key() + " is missing; discontinue a pool instead of removing it");
      }
    }
  }

  /**
   * Puts new exchange rates in force for the whole network: only an unscoped admin may, since rates
   * apply to every operator. Validated whole; saved with the audit entry; published to every member.
   */
  public CompletionStage<FxRates> setFxRates(Admin admin, JsonObject body, FxRates current,
      BiFunction<FxRates, Long, CompletionStage<Boolean>> publish) {
    writer(admin);
    if (admin.operatorScope() != null) {
      throw new Rejection(Kind.FORBIDDEN, "NETWORK_WIDE", "exchange rates apply to every operator: a token scoped to "
          + admin.operatorScope() + " may not set them");
    }
    if (!current.base().equals(body.getValue("base"))) {
      throw Rejection.invalid("INVALID_FIELD", "base must be " + current.base() + " (the pools' currency)");
    }
    if (!(body.getValue("rates") instanceof JsonObject rates) || rates.isEmpty()) {
      throw Rejection.invalid("INVALID_FIELD", "rates must be an object like {\"GBP\": \"0.85\"}");
    }
    Map<String, Long> parsed = new HashMap<>();
    for (String currency : rates.fieldNames()) {
      if (!JsonFields.isCurrencyCode(currency) || currency.equals(current.base())) {
        throw Rejection.invalid("INVALID_FIELD", "rates." + currency + ": an ISO 4217 code other than " + current.base() + " is needed");
      }
      Object v = rates.getValue(currency);
      try {
        long ppm = Decimals.parseScaled(v instanceof String t ? t : null, 6);
        if (ppm <= 0 || ppm > 1_000_000_000_000L) {
          throw new IllegalArgumentException("must be positive");
        }
        parsed.put(currency, ppm);
      } catch (IllegalArgumentException e) {
        throw Rejection.invalid("INVALID_FIELD", "rates." + currency + " " + e.getMessage() + " (a decimal string like \"0.85\")");
      }
    }
    Object confirm = body.getValue("confirm");
    if (confirm != null && !(confirm instanceof Boolean)) {
      throw Rejection.invalid("INVALID_FIELD", "confirm must be true or false");
    }
    FxRates next = new FxRates(current.base(), parsed);
    boolean confirmed = Boolean.TRUE.equals(confirm);
    String before = HzFxRates.json(current).encode();
    String after = HzFxRates.json(next).encode();
    AuditEntry audit = new AuditEntry(clock.instant(), admin.name(), null, "fx.rates", "fx-rates", before, after);
    // Saved, then shared: a set saved but not shared is in the ledger (and used for wins' display
    // from its time on) while members convert at the old one; sending it again shares it.
    return ledger.saveFxRates(after, admin.name(), audit, saved -> madeOnNewest(saved, current, next, confirmed))
        .thenCompose(version -> publish.apply(next, version).thenApply(inForce -> inForceOrRefused(inForce, "FX_RATES_CHANGED",
            "the rates were saved as set " + version + ", but a newer set was saved meanwhile and is in force"))
            .handle((done, failed) -> {
              if (failed != null) {
                throw savedButIncomplete("the rates were saved as set " + version + " but not shared with the cluster",
                    "send the same set again to put it in force", failed);
              }
              return done;
            }))
        .thenApply(v -> next);
  }

  /**
   * Whether to save the set: it was made on this member's rates ({@code current}), and is saved only
   * if they are still the newest in the ledger, read under the lock that saving takes. Otherwise two
   * PUTs racing could reach the ledger in one order and the cluster in the other, leaving the older
   * set in force while the ledger calls the newer one current (and the audit's "before" would be
   * wrong). The newest set sent again is not saved again, only shared: that completes a PUT that
   * was saved but not shared.
   *
   * <p>A rate moving more than {@link FxRates#JUMP_FACTOR} times is refused unless confirmed
   * ({@code FX_RATE_JUMP}), compared with the rate in force or, for a currency without one, the last
   * it had in any set saved: a rate withdrawn and set again a thousand times off is a jump too.
   */
  private static boolean madeOnNewest(Ledger.FxSaved saved, FxRates current, FxRates next, boolean confirmed) {
    String latestJson = saved.newestJson();
    FxRates latest = latestJson == null ? FxRates.none(current.base()) : HzFxRates.parse(latestJson);
    if (latest.equals(next)) {
      return false;
    }
    if (!latest.equals(current)) {
      throw new Rejection(Kind.CONFLICT, "FX_RATES_CHANGED", "the exchange rates were changed meanwhile (or this member has not"
          + " seen the newest set yet); nothing was saved: read them again and retry");
    }
    Map<String, Long> lastRates = new HashMap<>();
    saved.lastRates().forEach((currency, rate) -> lastRates.put(currency, Decimals.parseScaled(rate, 6)));
    List<String> jumps = latest.jumpsTo(next, lastRates);
    if (!jumps.isEmpty() && !confirmed) {
      throw Rejection.invalid("FX_RATE_JUMP", String.join("; ", jumps) + ": more than " + FxRates.JUMP_FACTOR
          + " times up or down; nothing saved. If that is meant, send the set again with \"confirm\": true");
    }
    return true;
  }

  /**
   * A saved change that a newer one overtook before the cluster ran it (two PUTs on different
   * members, the first one's publish late) is not taken further: its steps after publishing would
   * otherwise follow the newer change's and undo them. Refused 409, as a race lost at the save is.
   */
  private static Void inForceOrRefused(boolean inForce, String code, String message) {
    if (!inForce) {
      throw new Rejection(Kind.CONFLICT, code, message);
    }
    return null;
  }

  /** What a discontinuation did: the source's outcome, and the target's receipt if value moved and it was recorded (else null: in transit). */
  public record Discontinued(PoolOutcome source, PoolOutcome target) {}

  /**
   * Closes a pool for good: its whole value (amount and reserve) moves to {@code transferTo}, or is
   * held (transferTo null). The move is two steps, each recorded: out with the source's change, in
   * with the target's; a transfer left half-done (the receipt not recorded at once, or a stop) is
   * completed by the pending-transfer sweeper, within a second and at the next start.
   */
  public CompletionStage<Discontinued> discontinue(Admin admin, String jackpotId, String poolKey, String reason, PoolId transferTo) {
    writer(admin);
    JackpotDefinition source = visible(admin, jackpotId);
    source.pool(poolKey).orElseThrow(() -> new Rejection(Kind.NOT_FOUND, "UNKNOWN_POOL", "jackpot " + jackpotId + " has no pool " + poolKey));
    PoolId from = new PoolId(jackpotId, poolKey);
    refuseShared(admin, source, "", "discontinue its pools");
    if (transferTo != null) {
      JackpotDefinition target = catalogue.jackpot(transferTo.jackpotId()).orElseThrow(() ->
          Rejection.invalid("UNKNOWN_TARGET", "transferTo: no jackpot " + transferTo.jackpotId()));
      target.pool(transferTo.poolKey()).orElseThrow(() ->
          Rejection.invalid("UNKNOWN_TARGET", "transferTo: jackpot " + transferTo.jackpotId() + " has no pool " + transferTo.poolKey()));
      if (transferTo.equals(from)) {
        throw Rejection.invalid("INVALID_TARGET", "transferTo: a pool cannot transfer to itself");
      }
      if (!admin.covers(target.owner())) {
        throw new Rejection(Kind.FORBIDDEN, "OTHER_OPERATOR", "transferTo: pool " + transferTo + " belongs to another operator");
      }
      refuseShared(admin, target, "transferTo: ", "transfer into its pool " + transferTo);
      if (!target.currency().equals(source.currency())) {
        throw Rejection.invalid("CURRENCY_MISMATCH", "transferTo: pool " + transferTo + " is kept in " + target.currency());
      }
    }
    var command = new PoolCommand.Discontinue("discontinue-" + UUID.randomUUID(), reason, transferTo, "t-" + UUID.randomUUID(), clock.instant());
    Submission s = Submission.audited(new Submission.Target(from, command),
        new Submission.Audit(admin.name(), source.owner(), transferTo == null ? "pool.discontinue.hold" : "pool.discontinue.transfer"));
    Map<PoolId, String> target = transferTo == null ? Map.of() : Map.of(transferTo, "transferTo");
    return refuseUnusableTargets(transferTo == null ? List.of(from) : List.of(from, transferTo), target, "INVALID_TARGET")
        .thenCompose(live -> {
          if (transferTo != null) {
            refuseOverfilling(live, from, transferTo);
          }
          return sequencer.submit(s);
        }).thenCompose(outcomes -> {
      PoolOutcome o = outcomes.get(0);
      if (o instanceof PoolOutcome.Unchanged) {
        throw new Rejection(Kind.CONFLICT, "POOL_DISCONTINUED", "pool " + from + " is already discontinued"
            + (transferTo == null ? "" : " and holds nothing left to transfer"));
      }
      if (o instanceof PoolOutcome.Transferred t) {
        String targetOwner = catalogue.jackpot(t.transfer().to().jackpotId()).map(JackpotDefinition::owner).orElse(null);
        // The value has left the source (recorded): the answer says so whatever happens to the
        // receipt. One refused here lands within a second (the pending-transfer sweeper).
        return receive(t.transfer(), new Submission.Audit(admin.name(), targetOwner, "pool.transfer-in"))
            .handle((in, failed) -> {
              if (failed != null) {
                log.warn("discontinue {}: transfer {} sent, its receipt not yet recorded ({}); the sweeper lands it", from,
                    t.transfer().transferId(), failed.toString());
              }
              return new Discontinued(o, in);
            });
      }
      return CompletableFuture.completedFuture(new Discontinued(o, null));
    });
  }

  /** Lands a transfer in its target (idempotent by transfer id). */
  public CompletionStage<PoolOutcome> receive(PoolOutcome.Transfer t, Submission.Audit audit) {
    var in = new PoolCommand.TransferIn(t.transferId(), t.from(), t.amount(), clock.instant());
    return sequencer.submit(Submission.audited(new Submission.Target(t.to(), in), audit)).thenApply(o -> o.get(0));
  }

  public CompletionStage<PoolOutcome> pause(Admin admin, String jackpotId, String poolKey) {
    return change(admin, jackpotId, poolKey, "pool.pause", pauseCommand());
  }

  public CompletionStage<PoolOutcome> resume(Admin admin, String jackpotId, String poolKey) {
    return change(admin, jackpotId, poolKey, "pool.resume", resumeCommand());
  }

  private PoolCommand pauseCommand() {
    return new PoolCommand.Pause("pause-" + UUID.randomUUID(), clock.instant());
  }

  private PoolCommand resumeCommand() {
    return new PoolCommand.Resume("resume-" + UUID.randomUUID(), clock.instant());
  }

  /**
   * Pauses every pool of a jackpot in one step (the seed rules' "the jackpot could be temporarily
   * deactivated": all contributions paused, amounts kept). Answers each pool's outcome by pool key,
   * in the definition's order: a discontinued pool is left as it is (Refused), not an error.
   */
  public CompletionStage<Map<String, PoolOutcome>> pauseJackpot(Admin admin, String jackpotId) {
    return changeAll(admin, jackpotId, "pool.pause", this::pauseCommand);
  }

  /** Resumes every pool of a jackpot in one step; as {@link #pauseJackpot}. */
  public CompletionStage<Map<String, PoolOutcome>> resumeJackpot(Admin admin, String jackpotId) {
    return changeAll(admin, jackpotId, "pool.resume", this::resumeCommand);
  }

  private CompletionStage<Map<String, PoolOutcome>> changeAll(Admin admin, String jackpotId, String action,
      Supplier<PoolCommand> command) {
    writer(admin);
    JackpotDefinition j = visible(admin, jackpotId);
    List<Submission.Target> targets = j.pools().stream().map(p -> new Submission.Target(j.poolId(p), command.get())).toList();
    return submitLive(targets, new Submission.Audit(admin.name(), j.owner(), action))
        .thenApply(outcomes -> {
          Map<String, PoolOutcome> byPool = new LinkedHashMap<>();
          for (int i = 0; i < targets.size(); i++) {
            byPool.put(targets.get(i).pool().poolKey(), outcomes.get(i));
          }
          return byPool;
        });
  }

  private CompletionStage<PoolOutcome> change(Admin admin, String jackpotId, String poolKey, String action, PoolCommand command) {
    writer(admin);
    JackpotDefinition j = visible(admin, jackpotId);
    j.pool(poolKey).orElseThrow(() -> new Rejection(Kind.NOT_FOUND, "UNKNOWN_POOL", "jackpot " + jackpotId + " has no pool " + poolKey));
    PoolId pool = new PoolId(jackpotId, poolKey);
    return submitLive(List.of(new Submission.Target(pool, command)), new Submission.Audit(admin.name(), j.owner(), action)).thenApply(outcomes -> {
      PoolOutcome o = outcomes.get(0);
      if (o instanceof PoolOutcome.Refused r) {
        throw new Rejection(Kind.CONFLICT, r.status() == PoolStatus.DISCONTINUED ? "POOL_DISCONTINUED" : "POOL_NOT_ACTIVE",
            "pool " + pool + " is " + r.status().name().toLowerCase());
      }
      return o;
    });
  }

  /** The most a page of wins or audit entries holds (and what it holds unless asked for fewer). */
  public static final int PAGE_LIMIT = 10_000;

  /** A page of a listing, and where the next begins (null: this was the last). */
  public record Page<T>(List<T> items, String next) {
    /** The first {@code limit} of {@code found} (asked for one more), and a cursor after the last if there was more. */
    static <T> Page<T> of(List<T> found, int limit, Function<T, String> cursorAfter) {
      List<T> items = found.subList(0, Math.min(limit, found.size()));
      return new Page<>(items, found.size() > limit ? cursorAfter.apply(items.get(items.size() - 1)) : null);
    }

    <U> Page<U> map(Function<T, U> f) {
      return new Page<>(items.stream().map(f).toList(), next);
    }
  }

  /**
   * The most before and after JSON a page of audit entries holds, in bytes, but for its last entry
   * (a page holds at least one): definitions of many pools make entries of tens of kilobytes each.
   */
  public static final long AUDIT_PAGE_BYTES = 4L << 20;

  /**
   * Audit entries, oldest first, a page at a time ({@code after}: a page's {@code next}): at most
   * {@code limit}, and none beginning beyond {@link #AUDIT_PAGE_BYTES}.
   */
  public CompletionStage<Page<AuditEntry>> audit(Admin admin, Instant from, Instant to, String after, int limit) {
    Long afterId = after == null ? null : Cursors.auditId(after);
    return oneAtATime(readingAudit, "a page of audit entries",
        () -> ledger.findAudit(from, to, admin.operatorScope(), afterId, limit + 1, AUDIT_PAGE_BYTES)).thenApply(found -> {
      int fits = (int) found.stream().limit(limit).takeWhile(l -> l.bytesBefore() < AUDIT_PAGE_BYTES).count();
      return Page.of(found, fits, last -> Cursors.ofAudit(last.id())).map(Ledger.Logged::entry);
    });
  }

  /**
   * Wins by time, a page at a time ({@code after}: a page's {@code next}): of one jackpot the token
   * may see (another operator's: 403, as other reads), every one, other operators' players' too (a
   * game the network linked); without a jackpot, a scoped token's are those of its operator's
   * jackpots and those its operator's players won elsewhere.
   */
  public CompletionStage<Page<Win>> wins(Admin admin, String jackpotId, Instant from, Instant to, String after, int limit) {
    String operator = admin.operatorScope();
    List<String> own = List.of();
    if (jackpotId != null) {
      visible(admin, jackpotId);
      operator = null;
    } else if (operator != null) {
      own = visibleJackpots(admin).stream().map(JackpotDefinition::id).toList();
    }
    String byOperator = operator;
    List<String> orJackpots = own;
    Ledger.WinCursor cursor = after == null ? null : Cursors.win(after);
    return oneAtATime(readingWins, "a page of wins",
        () -> ledger.findWins(jackpotId, from, to, byOperator, orJackpots, cursor, limit + 1))
        .thenApply(found -> Page.of(found, limit, Cursors::of));
  }

  /** One recorded round and its wins (see {@link RoundLookup}). */
  public CompletionStage<RoundLookup.Found> round(Admin admin, String roundId, String operatorId) {
    return rounds.find(admin, roundId, operatorId);
  }

  /**
   * How many rounds (and shares) the ledger holds under a round-id prefix, for a load generator or
   * a game checking that what was acknowledged is recorded. Scoped admins count their own.
   */
  public CompletionStage<Ledger.RoundCount> countRounds(Admin admin, String prefix) {
    if (prefix == null || !prefix.matches("[A-Za-z0-9_-]{4,64}")) {
      throw Rejection.invalid("INVALID_FIELD", "prefix must be 4 to 64 letters, digits, '_' or '-'");
    }
    return oneAtATime(countingRounds, "a count of rounds", () -> ledger.countRounds(prefix, admin.operatorScope()));
  }

  private final AtomicBoolean countingRounds = new AtomicBoolean();
  private final AtomicBoolean reconciling = new AtomicBoolean();
  private final AtomicBoolean readingWins = new AtomicBoolean();
  private final AtomicBoolean readingAudit = new AtomicBoolean();

  /**
   * Scans of the whole ledger and pages of wins or audit entries (any viewer token may ask; up to
   * 10,000 rows a page) run one at a time per member and kind: they share the three connections
   * for long reads with pool rebuilds and the sweep for unfinished transfers, whose wait queue has
   * no bound, and many at once would hold those up. Another one meanwhile is refused with 503 BUSY
   * (Retry-After), nothing done.
   */
  static <T> CompletionStage<T> oneAtATime(AtomicBoolean running, String what,
      Supplier<CompletionStage<T>> scan) {
    if (!running.compareAndSet(false, true)) {
      throw new Rejection(Kind.UNAVAILABLE, "BUSY", what + " is already running on this member; retry in a moment");
    }
    CompletionStage<T> started;
    try {
      started = Objects.requireNonNull(scan.get(), "the scan answered no stage");
    } catch (RuntimeException | Error e) { // an error too: the kind would be BUSY for good
      running.set(false);
      throw e;
    }
    return started.whenComplete((v, e) -> running.set(false));
  }

  /**
   * Reconciles the admin's pools: the ledger's figures from one snapshot, then the live pools. A
   * network token checks every pool the ledger knows as well as the catalogue's (money in a pool no
   * definition names still counts), and that every transfer out arrived or is in transit. Live
   * pools include work applied but not yet committed, so on a busy system a pool may differ from
   * the ledger for a moment; a quiet system must match exactly.
   */
  public CompletionStage<Reconciliation.Result> reconcile(Admin admin, Pools pools) {
    Set<PoolId> known = new LinkedHashSet<>();
    visibleJackpots(admin).forEach(j -> j.pools().forEach(p -> known.add(j.poolId(p))));
    boolean everything = admin.operatorScope() == null;
    return oneAtATime(reconciling, "a reconciliation", ledger::figures).thenCompose(figures -> {
      if (everything) {
        known.addAll(figures.flows().keySet());
        known.addAll(figures.balances().keySet());
      }
      List<PoolId> ids = List.copyOf(known);
      return pools.getAll(ids).thenApply(live -> {
        Map<PoolId, Money> amounts = new HashMap<>();
        // The ledger's balance counts all a pool holds: amount, reserve and what it owes.
        live.forEach(p -> amounts.put(p.id(), p.value()));
        return Reconciliation.check(ids, figures.flows(), figures.balances(), amounts, everything ? figures.inTransit() : null);
      });
    });
  }

  private static void writer(Admin admin) {
    if (!admin.mayWrite()) {
      throw new Rejection(Kind.FORBIDDEN, "READ_ONLY_TOKEN", "token " + admin.name() + " has the viewer role: it may only read");
    }
  }
}
