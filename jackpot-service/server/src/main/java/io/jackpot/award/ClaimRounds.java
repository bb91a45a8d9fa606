package io.jackpot.award;

import io.jackpot.error.ErrorCode;
import io.jackpot.error.Rejection.Kind;
import io.jackpot.error.Rejection;
import io.jackpot.ledger.RoundDetail;
import io.jackpot.pool.PoolId;
import java.util.Optional;

/**
 * What a claim's round must be before a pool pays it (JACKPOT_CLAIM_ROUNDS). docs/api.md takes a game's
 * word for its round. A network that wants more holds each claim to the ledger: only a round the
 * claiming game and player played, and whose contribution fed the pool claimed, may win it. A game
 * fault or a leaked game key then cannot pay a pool from a round that never fed it, such as
 * Bewitched's 1.00 coin pool from a spin at 0.01.
 */
public enum ClaimRounds {
  /** Any round id (docs/api.md). */
  ANY,
  /** A recorded round of the same game and player that fed the pool claimed. */
  RECORDED;

  /**
   * Refuses (409) a claim of {@code pool} whose round, as the ledger has it ({@code round}, empty if
   * not recorded), may not win it. The round's contribution must have been answered before the claim
   * is sent: a round still on its way is not recorded yet.
   */
  public void check(ClaimRequest claim, PoolId pool, Optional<RoundDetail> round) {
    if (this == ANY) {
      return;
    }
    RoundDetail r = played(claim, round);
    if (!r.fed(pool)) {
      throw new Rejection(Kind.CONFLICT, ErrorCode.ROUND_DID_NOT_FEED_POOL, "round " + claim.roundId() + " fed no share to pool "
          + pool.jackpotId() + "/" + pool.poolKey() + ", so it cannot win it");
    }
  }

  /** The claim's round as recorded, if it was played by the claiming game and player; refused (409) otherwise. */
  public RoundDetail played(ClaimRequest claim, Optional<RoundDetail> round) {
    RoundDetail r = round.orElseThrow(() -> new Rejection(Kind.CONFLICT, ErrorCode.ROUND_NOT_RECORDED, "round " + claim.roundId()
        + " has no recorded contribution: a claim is taken once its round's contribution has been answered"));
    if (!r.gameId().equals(claim.gameId()) || !r.playerId().equals(claim.playerId())) {
      throw new Rejection(Kind.CONFLICT, ErrorCode.ROUND_ID_CONFLICT, "round " + claim.roundId() + " was played by another game or player");
    }
    return r;
  }
}
