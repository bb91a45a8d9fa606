package io.jackpot.award;

import io.jackpot.catalogue.Catalogue;
import io.jackpot.catalogue.JackpotDefinition;
import io.jackpot.catalogue.TierDraw;
import io.jackpot.contribution.RoundClaims;
import io.jackpot.error.ErrorCode;
import io.jackpot.error.Rejection.Kind;
import io.jackpot.error.Rejection;
import io.jackpot.fx.Display;
import io.jackpot.fx.FxHistory;
import io.jackpot.fx.FxHolder;
import io.jackpot.game.Caller;
import io.jackpot.ledger.RoundHistory;
import io.jackpot.ledger.WinHistory;
import io.jackpot.pool.PoolId;
import io.jackpot.pool.Pools;
import io.jackpot.pool.Win;
import io.jackpot.sequencer.Sequencer;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * Pays pools to their claimants and finds wins again. A repeated claim (same round, jackpot and
 * pool) gets the same win, from the ledger or, while it is still in flight, from the pool itself.
 */
public final class AwardService {
  private final Catalogue catalogue;
  private final WinHistory wins;
  private final FxHolder fx;
  private final FxHistory fxHistory;
  private final RoundWins roundWins;
  private final RoundTries tries;
  private final PoolClaim poolClaim;
  private final JackpotGame jackpotGame;

  /**
   * {@code claimRounds}: what a claim's round must be (JACKPOT_CLAIM_ROUNDS); {@code roundClaims}:
   * the rounds whose contributions are on their way, which a claim under {@link ClaimRounds#RECORDED}
   * is told to wait for; {@code pools}: the live pools, read when a drawn tier turns out discontinued.
   */
  public <L extends RoundHistory & WinHistory> AwardService(Catalogue catalogue, L ledger, Sequencer sequencer, Clock clock, TierDraw tiers, FxHolder fx,
      FxHistory fxHistory, ClaimRounds claimRounds, RoundClaims roundClaims, Pools pools) {
    this.catalogue = catalogue;
    this.wins = ledger;
    this.fx = fx;
    this.fxHistory = fxHistory;
    this.roundWins = new RoundWins(ledger, pools, roundClaims);
    this.tries = new RoundTries(roundClaims);
    this.poolClaim = new PoolClaim(sequencer, clock, claimRounds, roundWins);
    this.jackpotGame = new JackpotGame(tiers, claimRounds, roundWins, poolClaim);
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
        .orElseThrow(() -> new Rejection(Kind.NOT_FOUND, ErrorCode.UNKNOWN_POOL, "no jackpot " + request.jackpotId() + ", so no such pool")); // docs/api.md: 404 UNKNOWN_POOL
    if (!caller.speaksFor(request.gameId())) {
      throw notLinked(request);
    }
    if (request.poolKey() != null && jackpot.pool(request.poolKey()).isEmpty()) { // pools are never removed: no claim of one was paid
      throw new Rejection(Kind.NOT_FOUND, ErrorCode.UNKNOWN_POOL, "jackpot " + request.jackpotId() + " has no pool " + request.poolKey());
    }
    return request.poolKey() == null ? jackpotGameClaim(caller, request, jackpot) : poolClaim(caller, request, jackpot);
  }

  private CompletionStage<Win> jackpotGameClaim(Caller caller, ClaimRequest request, JackpotDefinition jackpot) {
    return wins.findWinsByRound(caller.operatorId(), request.roundId()).thenCompose(wins -> {
      Optional<Win> before = RoundWins.playedBefore(wins, request);
      if (before.isPresent() && RoundWins.isSameClaimant(before.get(), request, caller)) {
        return CompletableFuture.completedFuture(before.get());
      }
      checked(jackpot, request);
      return tries.oneAtATime(caller, request, () -> jackpotGame.play(caller, request, jackpot, before),
          () -> roundWins.wonBefore(caller, request, jackpot).thenApply(won -> won.orElseThrow(() -> RoundTries.inProgress(request))));
    });
  }

  private CompletionStage<Win> poolClaim(Caller caller, ClaimRequest request, JackpotDefinition jackpot) {
    PoolId pool = new PoolId(request.jackpotId(), request.poolKey());
    return wins.findClaim(pool, caller.operatorId(), request.roundId()).thenCompose(known -> {
      if (known.isPresent() && RoundWins.isSameClaimant(known.get(), request, caller)) {
        return CompletableFuture.completedFuture(known.get());
      }
      checked(jackpot, request);
      if (known.isPresent()) {
        return poolClaim.on(pool, caller, request, known, null); // another claimant's: ROUND_ID_CONFLICT
      }
      return tries.oneAtATime(caller, request, () -> underRoundClaim(caller, request, jackpot, pool, false),
          () -> underRoundClaim(caller, request, jackpot, pool, true));
    });
  }

  /**
   * A claim of one pool, under the round's jackpot-game claim ({@code held}: another try holds it).
   * The ledger and the live pools are read again: the round's win of this pool answers it; a win of
   * another tier of the jackpot refuses it (409 ROUND_ALREADY_WON), as the jackpot game pays one
   * tier per round. Read under the claim, no earlier try can be on its way unseen, however many
   * wins came between.
   */
  private CompletionStage<Win> underRoundClaim(Caller caller, ClaimRequest request, JackpotDefinition jackpot, PoolId pool,
      boolean held) {
    return roundWins.of(caller, request, jackpot).thenCompose(wins -> {
      Optional<Win> here = wins.stream().filter(w -> w.pool().equals(pool)).findFirst();
      if (here.isPresent()) {
        return CompletableFuture.completedFuture(RoundWins.sameClaimant(here.get(), request, caller));
      }
      Optional<Win> other = RoundWins.playedBefore(wins, request);
      if (other.isPresent()) {
        RoundWins.sameClaimant(other.get(), request, caller);
        throw new Rejection(Kind.CONFLICT, ErrorCode.ROUND_ALREADY_WON, "round " + request.roundId() + " already won tier "
            + other.get().pool().poolKey() + " of jackpot " + request.jackpotId() + " (win " + other.get().winId()
            + "); a round wins one tier of a jackpot");
      }
      if (held) {
        throw RoundTries.inProgress(request);
      }
      return poolClaim.on(pool, caller, request, Optional.empty(), null);
    });
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
    return wins.findWin(winId).thenApply(win -> {
      Win w = win.orElseThrow(() -> new Rejection(Kind.NOT_FOUND, ErrorCode.UNKNOWN_WIN, "no win " + winId));
      if (!w.operatorId().equals(caller.operatorId())) {
        throw new Rejection(Kind.FORBIDDEN, ErrorCode.OTHER_OPERATOR, "win " + winId + " belongs to another operator");
      }
      return w;
    });
  }

  public CompletionStage<List<Win>> findByRound(Caller caller, String roundId) {
    return wins.findWinsByRound(caller.operatorId(), roundId);
  }

  /** A new claim: the game linked to the jackpot, the currency shown. */
  private void checked(JackpotDefinition jackpot, ClaimRequest r) {
    if (!jackpot.links(r.gameId())) {
      throw notLinked(r);
    }
    if (!display(r.currency()).shows(jackpot.currency())) {
      throw Rejection.invalid(ErrorCode.UNSUPPORTED_CURRENCY, "jackpot " + r.jackpotId() + " pays in " + jackpot.currency()
          + "; no exchange rates to show it in " + r.currency());
    }
  }

  private static Rejection notLinked(ClaimRequest r) {
    return new Rejection(Kind.FORBIDDEN, ErrorCode.GAME_NOT_LINKED, "game " + r.gameId() + " may not claim jackpot " + r.jackpotId() + " with this key");
  }
}
