package io.jackpot.award;

import io.jackpot.catalogue.JackpotDefinition;
import io.jackpot.catalogue.PoolDefinition;
import io.jackpot.catalogue.TierDraw;
import io.jackpot.error.ErrorCode;
import io.jackpot.error.Rejection.Kind;
import io.jackpot.error.Rejection;
import io.jackpot.game.Caller;
import io.jackpot.ledger.RoundDetail;
import io.jackpot.pool.Pool;
import io.jackpot.pool.PoolId;
import io.jackpot.pool.PoolStatus;
import io.jackpot.pool.Win;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A jackpot-game claim (no pool key): the tier drawn by weight pays, one tier per round. Played
 * under the round's jackpot-game claim ({@link RoundTries}).
 */
final class JackpotGame {
  private static final Logger log = LoggerFactory.getLogger(JackpotGame.class);
  private final TierDraw tiers;
  private final ClaimRounds claimRounds;
  private final RoundWins roundWins;
  private final PoolClaim poolClaim;

  JackpotGame(TierDraw tiers, ClaimRounds claimRounds, RoundWins roundWins, PoolClaim poolClaim) {
    this.tiers = tiers;
    this.claimRounds = claimRounds;
    this.roundWins = roundWins;
    this.poolClaim = poolClaim;
  }

  /** The round's jackpot game ({@code before}: its recorded win of the jackpot), as {@link ClaimRounds} wants it drawn. */
  CompletionStage<Win> play(Caller caller, ClaimRequest request, JackpotDefinition jackpot, Optional<Win> before) {
    return claimRounds == ClaimRounds.RECORDED ? recorded(caller, request, jackpot, before) : any(caller, request, jackpot);
  }

  /**
   * Any round: the tier drawn by weight, or the round's earlier win, which {@link #drawn} reads
   * under the claim. A jackpot game is played once per round: a claim without pool key for a round
   * that won a tier before gets that win, even if the draw would now land elsewhere (weights
   * changed, a pool was added).
   */
  private CompletionStage<Win> any(Caller caller, ClaimRequest request, JackpotDefinition jackpot) {
    return drawn(caller, request, jackpot, p -> true, null, () -> noWeights(request));
  }

  /**
   * A recorded round ({@code before}: its earlier win of the jackpot): the tier drawn among those the
   * round fed, by weight. A tier paused when the round was played, or added since, would otherwise
   * refuse the player's jackpot game for good.
   */
  private CompletionStage<Win> recorded(Caller caller, ClaimRequest request, JackpotDefinition jackpot, Optional<Win> before) {
    if (!TierDraw.drawable(jackpot)) {
      // The jackpot's configuration, not the round: said first, as for any round (no round checks);
      // as there, a win applied before the weights went to 0 and not yet recorded is the answer.
      return any(caller, request, jackpot);
    }
    if (before.isPresent()) {
      return CompletableFuture.completedFuture(RoundWins.sameClaimant(before.get(), request, caller));
    }
    // No recorded win of the jackpot (before is empty); one applied and not yet recorded is looked
    // for by drawn, under the round's jackpot-game claim.
    return roundWins.recordedRound(caller, request).thenCompose(round -> {
      RoundDetail played = claimRounds.played(request, round);
      return drawn(caller, request, jackpot, p -> played.fed(jackpot.poolId(p)), round,
          () -> new Rejection(Kind.CONFLICT, ErrorCode.ROUND_DID_NOT_FEED_POOL, "round " + request.roundId() + " fed no tier of jackpot "
              + request.jackpotId() + " that can be drawn, so it cannot win one"));
    });
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
  private CompletionStage<Win> drawn(Caller caller, ClaimRequest request, JackpotDefinition jackpot,
      Predicate<PoolDefinition> eligible, Optional<RoundDetail> round, Supplier<Rejection> none) {
    // Read again under the round's jackpot-game claim: an earlier try's win is in the ledger, or,
    // applied and not yet recorded (its commit under way), only in the live pools. A retry drawing
    // by weights changed meanwhile would otherwise win a second tier: the drawn pool only knows its
    // own wins. Drawn only then: with every weight set to 0 since, that win is still the answer,
    // not {@code none}'s refusal.
    return roundWins.wonBefore(caller, request, jackpot).thenCompose(won -> won.isPresent() ? CompletableFuture.completedFuture(won.get())
        : drawnOn(jackpot.poolId(tiers.draw(jackpot, caller.operatorId(), request.roundId(), eligible).orElseThrow(none)), caller,
            request, jackpot, eligible, round));
  }

  /**
   * {@link #drawn}'s claim of the tier drawn (no earlier win of the round: it would have been
   * found), drawn again if that tier is discontinued.
   */
  private CompletionStage<Win> drawnOn(PoolId drawn, Caller caller, ClaimRequest request, JackpotDefinition jackpot,
      Predicate<PoolDefinition> eligible, Optional<RoundDetail> round) {
    return poolClaim.on(drawn, caller, request, Optional.empty(), round).exceptionallyCompose(failure -> {
      if (!Rejection.is(failure, ErrorCode.POOL_DISCONTINUED)) {
        return CompletableFuture.failedStage(failure);
      }
      return roundWins.now(caller, request, jackpot, (won, livePools) -> { // asked meanwhile
        if (won.isPresent()) {
          return CompletableFuture.completedFuture(RoundWins.sameClaimant(won.get(), request, caller));
        }
        Set<PoolId> gone = livePools.stream().filter(p -> p.status() == PoolStatus.DISCONTINUED)
            .map(Pool::id).collect(Collectors.toSet());
        Optional<PoolDefinition> tier = tiers.drawUsable(jackpot, caller.operatorId(), request.roundId(), eligible,
            p -> !gone.contains(jackpot.poolId(p)));
        if (tier.isEmpty()) {
          return CompletableFuture.<Win>failedStage(failure); // every tier it could draw is discontinued
        }
        log.info("claim of round {}: drawn tier {} is discontinued; drawn again: {}", request.roundId(), drawn, jackpot.poolId(tier.get()));
        return poolClaim.on(jackpot.poolId(tier.get()), caller, request, Optional.empty(), round);
      });
    });
  }

  private static Rejection noWeights(ClaimRequest request) {
    return Rejection.invalid(ErrorCode.POOL_KEY_REQUIRED, "poolKey is required: no pool of jackpot " + request.jackpotId() + " has a draw weight");
  }
}
