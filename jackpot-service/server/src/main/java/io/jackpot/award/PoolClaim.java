package io.jackpot.award;

import io.jackpot.error.ErrorCode;
import io.jackpot.error.Rejection.Kind;
import io.jackpot.error.Rejection;
import io.jackpot.game.Caller;
import io.jackpot.ledger.RoundDetail;
import io.jackpot.pool.PoolCommand;
import io.jackpot.pool.PoolId;
import io.jackpot.pool.PoolOutcome;
import io.jackpot.pool.PoolStatus;
import io.jackpot.pool.Win;
import io.jackpot.sequencer.Sequencer;
import io.jackpot.sequencer.Submission;
import java.time.Clock;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * A claim of one pool sent to the pool: once its round passes {@link ClaimRounds}, the pool pays it
 * (win times in whole milliseconds, as the API and the ledger keep them), in the order claims reach it.
 */
final class PoolClaim {
  private final Sequencer sequencer;
  private final Clock clock;
  private final ClaimRounds claimRounds;
  private final RoundWins roundWins;

  PoolClaim(Sequencer sequencer, Clock clock, ClaimRounds claimRounds, RoundWins roundWins) {
    this.sequencer = sequencer;
    this.clock = clock;
    this.claimRounds = claimRounds;
    this.roundWins = roundWins;
  }

  /**
   * The round's earlier win of this claim ({@code known}), or a new one from the pool once the
   * round passes {@link ClaimRounds} (a claim already won was checked when it won); {@code round}
   * is the round as the ledger has it, or null if not read yet.
   */
  CompletionStage<Win> on(PoolId pool, Caller caller, ClaimRequest request, Optional<Win> known, Optional<RoundDetail> round) {
    if (known.isPresent()) {
      return CompletableFuture.completedFuture(RoundWins.sameClaimant(known.get(), request, caller));
    }
    CompletionStage<Void> roundChecked = claimRounds == ClaimRounds.ANY ? CompletableFuture.completedFuture(null)
        : (round != null ? CompletableFuture.completedFuture(round) : roundWins.recordedRound(caller, request))
            .thenAccept(r -> claimRounds.check(request, pool, r));
    return roundChecked.thenCompose(v -> {
      var command = new PoolCommand.Claim(request.roundId(), request.playerId(), request.gameId(),
          caller.operatorId(), clock.instant().truncatedTo(ChronoUnit.MILLIS));
      return sequencer.submit(Submission.of(List.of(new Submission.Target(pool, command)), null));
    }).thenApply(outcomes -> won(outcomes.get(0), request, caller, pool));
  }

  private static Win won(PoolOutcome outcome, ClaimRequest request, Caller caller, PoolId pool) {
    if (outcome instanceof PoolOutcome.Won won) {
      return RoundWins.sameClaimant(won.win(), request, caller);
    }
    PoolStatus status = ((PoolOutcome.Refused) outcome).status();
    ErrorCode code = status == PoolStatus.PAUSED ? ErrorCode.POOL_PAUSED : ErrorCode.POOL_DISCONTINUED;
    throw new Rejection(Kind.CONFLICT, code, "pool " + pool + " is " + status.name().toLowerCase());
  }
}
