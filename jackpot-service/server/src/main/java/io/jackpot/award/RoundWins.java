package io.jackpot.award;

import io.jackpot.catalogue.JackpotDefinition;
import io.jackpot.contribution.RoundClaims;
import io.jackpot.error.ErrorCode;
import io.jackpot.error.Rejection.Kind;
import io.jackpot.error.Rejection;
import io.jackpot.game.Caller;
import io.jackpot.ledger.RoundDetail;
import io.jackpot.ledger.RoundHistory;
import io.jackpot.ledger.WinHistory;
import io.jackpot.pool.Pool;
import io.jackpot.pool.Pools;
import io.jackpot.pool.Trigger;
import io.jackpot.pool.Win;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.BiFunction;

/**
 * What the ledger and the live pools know of a claim's round: its wins, recorded and applied but
 * not yet recorded, and the round as recorded. A claim is answered with the round's earlier win.
 */
final class RoundWins {
  private final RoundHistory rounds;
  private final WinHistory wins;
  private final Pools pools;
  private final RoundClaims roundClaims;

  <L extends RoundHistory & WinHistory> RoundWins(L ledger, Pools pools, RoundClaims roundClaims) {
    this.rounds = ledger;
    this.wins = ledger;
    this.pools = pools;
    this.roundClaims = roundClaims;
  }

  /** The round's wins, recorded (of every jackpot) and live (of this jackpot's pools, applied and maybe not yet recorded). */
  CompletionStage<List<Win>> of(Caller caller, ClaimRequest request, JackpotDefinition jackpot) {
    CompletionStage<List<Win>> recorded = wins.findWinsByRound(caller.operatorId(), request.roundId());
    return pools.getAll(jackpot.pools().stream().map(jackpot::poolId).toList())
        .thenCompose(live -> recorded.thenApply(wins -> withLive(wins, live, caller, request)));
  }

  /** The round's win of the jackpot, recorded or live, for this claimant (another's: ROUND_ID_CONFLICT), if there is one. */
  CompletionStage<Optional<Win>> wonBefore(Caller caller, ClaimRequest request, JackpotDefinition jackpot) {
    return now(caller, request, jackpot, (won, live) -> CompletableFuture.completedFuture(won.map(w -> sameClaimant(w, request, caller))));
  }

  /**
   * The round's win of the jackpot as the ledger's wins and the jackpot's live pools have it now,
   * handed to {@code then} with those pools: one read of each.
   */
  <T> CompletionStage<T> now(Caller caller, ClaimRequest request, JackpotDefinition jackpot,
      BiFunction<Optional<Win>, List<Pool>, CompletionStage<T>> then) {
    CompletionStage<List<Win>> recorded = wins.findWinsByRound(caller.operatorId(), request.roundId());
    return pools.getAll(jackpot.pools().stream().map(jackpot::poolId).toList())
        .thenCompose(live -> recorded.thenCompose(wins -> then.apply(playedBefore(withLive(wins, live, caller, request), request), live)));
  }

  /**
   * The claim's round as the ledger has it. A round not recorded whose contribution is on its way
   * (claimed in the cluster) is refused 409 ROUND_IN_PROGRESS, to be tried again shortly, rather
   * than ROUND_NOT_RECORDED for good: a claim sent by another process than the round's may overtake
   * its answer. The ledger is read again after the claims, as a round recorded between the two
   * reads has its claim released already.
   */
  CompletionStage<Optional<RoundDetail>> recordedRound(Caller caller, ClaimRequest request) {
    return rounds.findRound(caller.operatorId(), request.roundId()).thenCompose(found -> found.isPresent()
        ? CompletableFuture.completedFuture(found)
        : roundClaims.held(RoundClaims.key(caller.operatorId(), request.roundId())).thenCompose(held -> {
          if (held) {
            throw new Rejection(Kind.CONFLICT, ErrorCode.ROUND_IN_PROGRESS, "round " + request.roundId()
                + " is still being recorded: its contribution has not been answered yet; send the claim again shortly");
          }
          return rounds.findRound(caller.operatorId(), request.roundId());
        }));
  }

  private static List<Win> withLive(List<Win> recorded, List<Pool> live, Caller caller, ClaimRequest request) {
    List<Win> all = new ArrayList<>(recorded);
    live.forEach(p -> p.winOf(caller.operatorId(), request.roundId()).ifPresent(all::add));
    return all;
  }

  /**
   * The round's jackpot game already played: its claim of a tier of this jackpot, else the tier its
   * own contribution won (a claim answered with that win must be answered so again: a draw by
   * weights changed since could land on another tier and pay a second one).
   */
  static Optional<Win> playedBefore(List<Win> wins, ClaimRequest request) {
    List<Win> ofJackpot = wins.stream().filter(w -> w.pool().jackpotId().equals(request.jackpotId())).toList();
    return ofJackpot.stream().filter(w -> w.how() == Trigger.Kind.CLAIM).findFirst()
        .or(() -> ofJackpot.stream().findFirst());
  }

  /** The same round id on the same pool must come from the same operator, game and player. */
  static Win sameClaimant(Win win, ClaimRequest request, Caller caller) {
    if (!isSameClaimant(win, request, caller)) {
      throw new Rejection(Kind.CONFLICT, ErrorCode.ROUND_ID_CONFLICT,
          "round " + request.roundId() + " already won this pool for another game or player");
    }
    return win;
  }

  static boolean isSameClaimant(Win win, ClaimRequest request, Caller caller) {
    return win.playerId().equals(request.playerId()) && win.gameId().equals(request.gameId())
        && win.operatorId().equals(caller.operatorId());
  }
}
