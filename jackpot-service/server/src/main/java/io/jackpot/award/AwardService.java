package io.jackpot.award;

import io.jackpot.catalogue.Catalogue;
import io.jackpot.catalogue.JackpotDefinition;
import io.jackpot.catalogue.PoolDefinition;
import io.jackpot.catalogue.TierDraw;
import io.jackpot.contribution.RoundClaims;
import io.jackpot.error.Failures;
import io.jackpot.error.OverloadedException;
import io.jackpot.error.Rejection.Kind;
import io.jackpot.error.Rejection;
import io.jackpot.fx.Display;
import io.jackpot.fx.FxHistory;
import io.jackpot.fx.FxHolder;
import io.jackpot.game.Caller;
import io.jackpot.ledger.RoundDetail;
import io.jackpot.ledger.RoundHistory;
import io.jackpot.ledger.WinHistory;
import io.jackpot.pool.Pool;
import io.jackpot.pool.PoolCommand;
import io.jackpot.pool.PoolId;
import io.jackpot.pool.PoolOutcome;
import io.jackpot.pool.PoolStatus;
import io.jackpot.pool.Pools;
import io.jackpot.pool.Trigger;
import io.jackpot.pool.Win;
import io.jackpot.sequencer.Sequencer;
import io.jackpot.sequencer.Submission;
import java.time.Clock;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiFunction;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Pays pools to their claimants (win times in whole milliseconds, as the API and the ledger keep them), in the order the claims reach the pool, and finds wins again.
 * A repeated claim (same round, jackpot and pool) gets the same win, from the ledger or, while it
 * is still in flight, from the pool itself.
 */
public final class AwardService {
  private final Catalogue catalogue;
  private final RoundHistory roundHistory;
  private final WinHistory winHistory;
  private final Sequencer sequencer;
  private final Clock clock;
  private final TierDraw tiers;
  private final FxHolder fx;
  private final FxHistory fxHistory;
  private final ClaimRounds claimRounds;
  private final RoundClaims roundClaims;
  private final Pools pools;
  /** The claims of a round on a jackpot being played on this member, by round key (oneAtATime). */
  private final ConcurrentHashMap<String, CompletableFuture<Void>> localTries =
      new ConcurrentHashMap<>();
  private static final Logger log = LoggerFactory.getLogger(AwardService.class);

  /**
   * {@code claimRounds}: what a claim's round must be (JACKPOT_CLAIM_ROUNDS); {@code roundClaims}:
   * the rounds whose contributions are on their way, which a claim under {@link ClaimRounds#RECORDED}
   * is told to wait for; {@code pools}: the live pools, read when a drawn tier turns out discontinued;
   * {@code ledger}: the recorded rounds a claim must name, and the wins a repeated claim is answered with.
   */
  public <L extends RoundHistory & WinHistory> AwardService(Catalogue catalogue, L ledger, Sequencer sequencer, Clock clock, TierDraw tiers, FxHolder fx,
      FxHistory fxHistory, ClaimRounds claimRounds, RoundClaims roundClaims, Pools pools) {
    this.pools = pools;
    this.claimRounds = claimRounds;
    this.roundClaims = roundClaims;
    this.fx = fx;
    this.fxHistory = fxHistory;
    this.tiers = tiers;
    this.catalogue = catalogue;
    this.roundHistory = ledger;
    this.winHistory = ledger;
    this.sequencer = sequencer;
    this.clock = clock;
  }

  /**
   * A claim answered before (same round, jackpot and pool, or for a jackpot game the round's earlier
   * win of the jackpot) is answered with the same win again, whatever was changed since: the game
   * unlinked, the claim's currency dropped from the rates, the draw weights set to 0. A retry after
   * such a change must not be refused a win that was paid. Only the caller's key is checked first;
   * a new claim is checked in full.
   */
  public CompletionStage<Win> claim(Caller caller, ClaimRequest request) {
    JackpotDefinition jackpot = catalogue.jackpot(request.jackpotId())
        .orElseThrow(() -> new Rejection(Kind.NOT_FOUND, "UNKNOWN_POOL", "no jackpot " + request.jackpotId() + ", so no such pool")); // API.md: 404 UNKNOWN_POOL
    if (!caller.speaksFor(request.gameId())) {
      throw notLinked(request);
    }
    if (request.poolKey() != null && jackpot.pool(request.poolKey()).isEmpty()) { // pools are never removed: no claim of one was paid
      throw new Rejection(Kind.NOT_FOUND, "UNKNOWN_POOL", "jackpot " + request.jackpotId() + " has no pool " + request.poolKey());
    }
    if (request.poolKey() == null) {
      return winHistory.findWinsByRound(caller.operatorId(), request.roundId()).thenCompose(wins -> {
        Optional<Win> before = playedBefore(wins, request);
        if (before.isPresent() && isSameClaimant(before.get(), request, caller)) {
          return CompletableFuture.completedFuture(before.get());
        }
        checked(jackpot, request);
        return oneAtATime(caller, request, jackpot, () -> claimRounds == ClaimRounds.RECORDED ? recordedJackpotGame(caller, request, jackpot, before)
            : jackpotGame(caller, request, jackpot),
            () -> wonBefore(caller, request, jackpot).thenApply(won -> won.orElseThrow(() -> inProgress(request))));
      });
    }
    PoolId pool = new PoolId(request.jackpotId(), request.poolKey());
    return winHistory.findClaim(pool, caller.operatorId(), request.roundId()).thenCompose(known -> {
      if (known.isPresent() && isSameClaimant(known.get(), request, caller)) {
        return CompletableFuture.completedFuture(known.get());
      }
      checked(jackpot, request);
      if (known.isPresent()) {
        return claimOn(pool, caller, request, known, null); // another claimant's: ROUND_ID_CONFLICT
      }
      return oneAtATime(caller, request, jackpot, () -> poolClaim(caller, request, jackpot, pool, false),
          () -> poolClaim(caller, request, jackpot, pool, true));
    });
  }

  /**
   * A claim of one pool, under the round's jackpot-game claim ({@code held}: another try holds it).
   * The ledger and the live pools are read again: the round's win of this pool answers it; a win of
   * another tier of the jackpot refuses it (409 ROUND_ALREADY_WON), as the jackpot game pays one
   * tier per round. Read under the claim, no earlier try can be on its way unseen, however many
   * wins came between.
   */
  private CompletionStage<Win> poolClaim(Caller caller, ClaimRequest request, JackpotDefinition jackpot, PoolId pool, boolean held) {
    return roundWins(caller, request, jackpot).thenCompose(wins -> {
      Optional<Win> here = wins.stream().filter(w -> w.pool().equals(pool)).findFirst();
      if (here.isPresent()) {
        return CompletableFuture.completedFuture(sameClaimant(here.get(), request, caller));
      }
      Optional<Win> other = playedBefore(wins, request);
      if (other.isPresent()) {
        sameClaimant(other.get(), request, caller);
        throw new Rejection(Kind.CONFLICT, "ROUND_ALREADY_WON", "round " + request.roundId() + " already won tier "
            + other.get().pool().poolKey() + " of jackpot " + request.jackpotId() + " (win " + other.get().winId()
            + "); a round wins one tier of a jackpot");
      }
      if (held) {
        throw inProgress(request);
      }
      return claimOn(pool, caller, request, Optional.empty(), null);
    });
  }

  /**
   * Plays a round's claim of a jackpot ({@code game}: its jackpot game, or a claim of one pool) while
   * no other claim of the round on that jackpot is played anywhere in the cluster. The try holds the
   * round's jackpot-game claim ({@link RoundClaims#jackpotGameKey}) until its outcome is known, and
   * reads the ledger and the live pools under it, so it finds an earlier try's win. Without it, two
   * tries on two members could each pay a tier: a pool only knows its own wins. A try that finds the
   * claim held gets {@code whileHeld}: the round's win if one is there already, else 409
   * ROUND_IN_PROGRESS, to be sent again shortly (the SDK does). The claim is released before the
   * try is answered; except when the try's step was refused with its note standing (the cluster
   * applies it when this member leaves): then ClaimKeeper keeps it while the note is in the journal,
   * and it lapses by its TTL once it is not.
   */
  private CompletionStage<Win> oneAtATime(Caller caller, ClaimRequest request, JackpotDefinition jackpot,
      Supplier<CompletionStage<Win>> game, Supplier<CompletionStage<Win>> whileHeld) {
    String key = RoundClaims.jackpotGameKey(request.jackpotId(), caller.operatorId(), request.roundId());
    // A try of the same round on this member: played again once it is over, so that a claim sent
    // several times at once gets the first try's win rather than ROUND_IN_PROGRESS.
    CompletableFuture<Void> mine = new CompletableFuture<>();
    CompletableFuture<Void> running = localTries.putIfAbsent(key, mine);
    if (running != null) {
      return running.thenCompose(over -> oneAtATime(caller, request, jackpot, game, whileHeld));
    }
    CompletionStage<Win> tried = Failures.attempt(() -> clusterWide(key, caller, request, game, whileHeld));
    return tried.whenComplete((win, error) -> {
      localTries.remove(key, mine);
      mine.complete(null);
    });
  }

  private CompletionStage<Win> clusterWide(String key, Caller caller, ClaimRequest request,
      Supplier<CompletionStage<Win>> game, Supplier<CompletionStage<Win>> whileHeld) {
    Map<String, String> claim = Map.of(key, request.gameId() + "\u0000" + request.playerId());
    String token = UUID.randomUUID().toString();
    return roundClaims.claim(claim, token).thenCompose(claimed -> {
      if (claimed.get(key) != RoundClaims.Claim.NEW) {
        return whileHeld.get();
      }
      CompletionStage<Win> played = Failures.attempt(game);
      return played.handle((win, error) -> error).thenCompose(error -> {
        if (error != null && OverloadedException.leftNoteStanding(error)) {
          return CompletableFuture.<Void>completedFuture(null); // its win may still be applied: no other try may draw meanwhile
        }
        return Failures.attempt(() -> roundClaims.release(claim, token)).exceptionally(e -> {
          log.warn("could not release the jackpot-game claim of round {} at once (tried again in the background, else it lapses"
              + " by its TTL): {}", request.roundId(), e.toString());
          return null;
        });
      }).thenCompose(released -> played);
    });
  }

  private static Rejection inProgress(ClaimRequest request) {
    return new Rejection(Kind.CONFLICT, "ROUND_IN_PROGRESS", "round " + request.roundId() + " is claiming a tier of "
        + request.jackpotId() + " in another claim of it; send the claim again shortly to get that claim's outcome");
  }

  /** The round's wins, recorded (of every jackpot) and live (of this jackpot's pools, applied and maybe not yet recorded). */
  private CompletionStage<List<Win>> roundWins(Caller caller, ClaimRequest request, JackpotDefinition jackpot) {
    CompletionStage<List<Win>> recorded = winHistory.findWinsByRound(caller.operatorId(), request.roundId());
    return pools.getAll(jackpot.pools().stream().map(jackpot::poolId).toList())
        .thenCompose(live -> recorded.thenApply(wins -> withLive(wins, live, caller, request)));
  }

  private static List<Win> withLive(List<Win> recorded, List<Pool> live, Caller caller, ClaimRequest request) {
    List<Win> all = new ArrayList<>(recorded);
    live.forEach(p -> p.winOf(caller.operatorId(), request.roundId()).ifPresent(all::add));
    return all;
  }

  /** The round's win of the jackpot, recorded or live, for this claimant (another's: ROUND_ID_CONFLICT), if there is one. */
  private CompletionStage<Optional<Win>> wonBefore(Caller caller, ClaimRequest request, JackpotDefinition jackpot) {
    return roundNow(caller, request, jackpot, (won, live) -> CompletableFuture.completedFuture(won.map(w -> sameClaimant(w, request, caller))));
  }

  /**
   * The round's win of the jackpot as the ledger's wins and the jackpot's live pools have it now
   * ({@link #wonBy}), handed to {@code then} with those pools: one read of each.
   */
  private <T> CompletionStage<T> roundNow(Caller caller, ClaimRequest request, JackpotDefinition jackpot,
      BiFunction<Optional<Win>, List<Pool>, CompletionStage<T>> then) {
    CompletionStage<List<Win>> recorded = winHistory.findWinsByRound(caller.operatorId(), request.roundId());
    return pools.getAll(jackpot.pools().stream().map(jackpot::poolId).toList())
        .thenCompose(live -> recorded.thenCompose(wins -> then.apply(wonBy(wins, live, caller, request), live)));
  }

  /**
   * A jackpot-game claim (no pool key), any round: the tier drawn by weight, or the round's earlier
   * win, which {@link #drawnClaim} reads under the claim. A jackpot game is played once per round:
   * a claim without pool key for a round that won a tier before gets that win, even if the draw
   * would now land elsewhere (weights changed, a pool was added).
   */
  private CompletionStage<Win> jackpotGame(Caller caller, ClaimRequest request, JackpotDefinition jackpot) {
    return drawnClaim(caller, request, jackpot, p -> true, null, () -> noWeights(request));
  }

  /**
   * The claim of the tier drawn among the {@code eligible} pools (none: {@code none}'s rejection).
   * A discontinued pool keeps its definition's draw weight, so if the drawn tier is discontinued
   * the round draws again ({@link TierDraw#drawUsable}) until a tier not discontinued (read from
   * the live pools): a jackpot game that drew a tier which can no longer be won is not refused for
   * good. Still one tier per round: a win of the round on any of the jackpot's pools, live (a
   * concurrent claim's, not yet recorded) or recorded, answers the claim instead, and the tier
   * drawn does not depend on which other tiers are discontinued.
   */
  private CompletionStage<Win> drawnClaim(Caller caller, ClaimRequest request, JackpotDefinition jackpot,
      Predicate<PoolDefinition> eligible, Optional<RoundDetail> round,
      Supplier<Rejection> none) {
    // Read again under the round's jackpot-game claim (oneAtATime): an earlier try's win is in the
    // ledger, or, applied and not yet recorded (its commit under way), only in the live pools. A
    // retry drawing by weights changed meanwhile would otherwise win a second tier: the drawn pool
    // only knows its own wins. Drawn only then: with every weight set to 0 since, that win is
    // still the answer, not {@code none}'s refusal.
    return wonBefore(caller, request, jackpot).thenCompose(won -> won.isPresent() ? CompletableFuture.completedFuture(won.get())
        : drawnClaimOn(jackpot.poolId(tiers.draw(jackpot, caller.operatorId(), request.roundId(), eligible).orElseThrow(none)), caller,
            request, jackpot, eligible, round));
  }

  /** The jackpot's win of the claim's round among {@code recorded} and the {@code live} pools' recent wins. */
  private static Optional<Win> wonBy(List<Win> recorded, List<Pool> live, Caller caller, ClaimRequest request) {
    return playedBefore(withLive(recorded, live, caller, request), request);
  }

  /**
   * {@link #drawnClaim}'s claim of the tier drawn (no earlier win of the round: it would have been
   * found), drawn again if that tier is discontinued.
   */
  private CompletionStage<Win> drawnClaimOn(PoolId drawn, Caller caller, ClaimRequest request, JackpotDefinition jackpot,
      Predicate<PoolDefinition> eligible, Optional<RoundDetail> round) {
    return claimOn(drawn, caller, request, Optional.empty(), round).exceptionallyCompose(failure -> {
      if (!Rejection.is(failure, "POOL_DISCONTINUED")) {
        return CompletableFuture.failedStage(failure);
      }
      return roundNow(caller, request, jackpot, (won, livePools) -> { // asked meanwhile
        if (won.isPresent()) {
          return CompletableFuture.completedFuture(sameClaimant(won.get(), request, caller));
        }
        Set<PoolId> gone = livePools.stream().filter(p -> p.status() == PoolStatus.DISCONTINUED)
            .map(Pool::id).collect(Collectors.toSet());
        Optional<PoolDefinition> tier = tiers.drawUsable(jackpot, caller.operatorId(), request.roundId(), eligible,
            p -> !gone.contains(jackpot.poolId(p)));
        if (tier.isEmpty()) {
          return CompletableFuture.<Win>failedStage(failure); // every tier it could draw is discontinued
        }
        log.info("claim of round {}: drawn tier {} is discontinued; drawn again: {}", request.roundId(), drawn, jackpot.poolId(tier.get()));
        return claimOn(jackpot.poolId(tier.get()), caller, request, Optional.empty(), round);
      });
    });
  }

  /**
   * The same for a recorded round ({@code before}: its earlier win of the jackpot): the tier drawn among those the round fed, by weight. A tier paused when the round was
   * played, or added since, would otherwise refuse the player's jackpot game for good.
   */
  private CompletionStage<Win> recordedJackpotGame(Caller caller, ClaimRequest request, JackpotDefinition jackpot,
      Optional<Win> before) {
    if (!TierDraw.drawable(jackpot)) {
      // The jackpot's configuration, not the round: said first, as for any round (no round checks);
      // as there, a win applied before the weights went to 0 and not yet recorded is the answer.
      return jackpotGame(caller, request, jackpot);
    }
    if (before.isPresent()) {
      return CompletableFuture.completedFuture(sameClaimant(before.get(), request, caller));
    }
    // No recorded win of the jackpot (before is empty); one applied and not yet recorded is looked
    // for by drawnClaim, under the round's jackpot-game claim.
    return recordedRound(caller, request).thenCompose(round -> {
      RoundDetail played = claimRounds.played(request, round);
      return drawnClaim(caller, request, jackpot, p -> played.fed(jackpot.poolId(p)), round,
          () -> new Rejection(Kind.CONFLICT, "ROUND_DID_NOT_FEED_POOL", "round " + request.roundId() + " fed no tier of jackpot "
              + request.jackpotId() + " that can be drawn, so it cannot win one"));
    });
  }

  /**
   * The claim's round as the ledger has it. A round not recorded whose contribution is on its way
   * (claimed in the cluster) is refused 409 ROUND_IN_PROGRESS, to be tried again shortly, rather
   * than ROUND_NOT_RECORDED for good: a claim sent by another process than the round's may overtake
   * its answer. The ledger is read again after the claims, as a round recorded between the two
   * reads has its claim released already.
   */
  private CompletionStage<Optional<RoundDetail>> recordedRound(Caller caller, ClaimRequest request) {
    return roundHistory.findRound(caller.operatorId(), request.roundId()).thenCompose(found -> found.isPresent()
        ? CompletableFuture.completedFuture(found)
        : roundClaims.held(RoundClaims.key(caller.operatorId(), request.roundId())).thenCompose(held -> {
          if (held) {
            throw new Rejection(Kind.CONFLICT, "ROUND_IN_PROGRESS", "round " + request.roundId()
                + " is still being recorded: its contribution has not been answered yet; send the claim again shortly");
          }
          return roundHistory.findRound(caller.operatorId(), request.roundId());
        }));
  }

  /**
   * The round's jackpot game already played: its claim of a tier of this jackpot, else the tier its
   * own contribution won (a claim answered with that win must be answered so again: a draw by
   * weights changed since could land on another tier and pay a second one).
   */
  private static Optional<Win> playedBefore(List<Win> wins, ClaimRequest request) {
    List<Win> ofJackpot = wins.stream().filter(w -> w.pool().jackpotId().equals(request.jackpotId())).toList();
    return ofJackpot.stream().filter(w -> w.how() == Trigger.Kind.CLAIM).findFirst()
        .or(() -> ofJackpot.stream().findFirst());
  }

  private static Rejection noWeights(ClaimRequest request) {
    return Rejection.invalid("POOL_KEY_REQUIRED", "poolKey is required: no pool of jackpot " + request.jackpotId() + " has a draw weight");
  }

  /**
   * The round's earlier win of this claim ({@code known}), or a new one from the pool once the
   * round passes {@link ClaimRounds} (a claim already won was checked when it won); {@code round}
   * is the round as the ledger has it, or null if not read yet.
   */
  private CompletionStage<Win> claimOn(PoolId pool, Caller caller, ClaimRequest request, Optional<Win> known,
      Optional<RoundDetail> round) {
    if (known.isPresent()) {
      return CompletableFuture.completedFuture(sameClaimant(known.get(), request, caller));
    }
    CompletionStage<Void> roundChecked = claimRounds == ClaimRounds.ANY ? CompletableFuture.completedFuture(null)
        : (round != null ? CompletableFuture.completedFuture(round) : recordedRound(caller, request))
            .thenAccept(r -> claimRounds.check(request, pool, r));
    return roundChecked.thenCompose(v -> {
      var command = new PoolCommand.Claim(request.roundId(), request.playerId(), request.gameId(),
          caller.operatorId(), clock.instant().truncatedTo(ChronoUnit.MILLIS));
      return sequencer.submit(Submission.of(List.of(new Submission.Target(pool, command)), null));
    }).thenApply(outcomes -> won(outcomes.get(0), request, caller, pool));
  }

  /** How to show amounts in {@code currency} at the rates in force now (WinJson falls back to the pool's own). */
  public Display display(String currency) {
    return fx.get().display(currency).orElse(Display.identity(currency));
  }

  /**
   * How to show {@code win}'s amount in {@code currency}: at the rates in force when it was won, so
   * that the claim's answer, a repeated claim's and a look-up's agree to the cent however the rates
   * changed since (WinJson falls back to the pool's own currency when those rates had none for it).
   */
  public CompletionStage<Display> displayOf(Win win, String currency) {
    if (currency.equals(catalogue.currencyOf(win.pool()))) {
      return CompletableFuture.completedFuture(Display.identity(currency)); // its own: no rates needed
    }
    return fxHistory.at(win.wonAt()).thenApply(rates -> rates.display(currency).orElse(Display.identity(currency)));
  }

  public CompletionStage<Win> find(Caller caller, String winId) {
    return winHistory.findWin(winId).thenApply(win -> {
      Win w = win.orElseThrow(() -> new Rejection(Kind.NOT_FOUND, "UNKNOWN_WIN", "no win " + winId));
      if (!w.operatorId().equals(caller.operatorId())) {
        throw new Rejection(Kind.FORBIDDEN, "OTHER_OPERATOR", "win " + winId + " belongs to another operator");
      }
      return w;
    });
  }

  public CompletionStage<List<Win>> findByRound(Caller caller, String roundId) {
    return winHistory.findWinsByRound(caller.operatorId(), roundId);
  }

  /** A new claim: the game linked to the jackpot, the currency shown. */
  private void checked(JackpotDefinition jackpot, ClaimRequest r) {
    if (!jackpot.links(r.gameId())) {
      throw notLinked(r);
    }
    if (!display(r.currency()).shows(jackpot.currency())) {
      throw Rejection.invalid("UNSUPPORTED_CURRENCY", "jackpot " + r.jackpotId() + " pays in " + jackpot.currency()
          + "; no exchange rates to show it in " + r.currency());
    }
  }

  private static Rejection notLinked(ClaimRequest r) {
    return new Rejection(Kind.FORBIDDEN, "GAME_NOT_LINKED", "game " + r.gameId() + " may not claim jackpot " + r.jackpotId() + " with this key");
  }

  private static Win won(PoolOutcome outcome, ClaimRequest request, Caller caller, PoolId pool) {
    if (outcome instanceof PoolOutcome.Won won) {
      return sameClaimant(won.win(), request, caller);
    }
    PoolStatus status = ((PoolOutcome.Refused) outcome).status();
    String code = status == PoolStatus.PAUSED ? "POOL_PAUSED" : "POOL_DISCONTINUED";
    throw new Rejection(Kind.CONFLICT, code, "pool " + pool + " is " + status.name().toLowerCase());
  }

  /** The same round id on the same pool must come from the same operator, game and player. */
  private static Win sameClaimant(Win win, ClaimRequest request, Caller caller) {
    if (!isSameClaimant(win, request, caller)) {
      throw new Rejection(Kind.CONFLICT, "ROUND_ID_CONFLICT",
          "round " + request.roundId() + " already won this pool for another game or player");
    }
    return win;
  }

  private static boolean isSameClaimant(Win win, ClaimRequest request, Caller caller) {
    return win.playerId().equals(request.playerId()) && win.gameId().equals(request.gameId())
        && win.operatorId().equals(caller.operatorId());
  }
}
