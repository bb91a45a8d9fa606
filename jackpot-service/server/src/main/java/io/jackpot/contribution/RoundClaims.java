package io.jackpot.contribution;

import java.util.Collection;
import java.util.Map;
import java.util.concurrent.CompletionStage;

/**
 * Cluster-wide claims on rounds while their contributions are in flight, so that a round sent
 * twice at once is applied once. A round's key is the caller's to make (ContributionService
 * claims "operator/round id": round ids are each operator's own); "round" below means that key. Claims are released once the round is in the ledger, which then
 * answers for it; they also expire, as a safety net for a member that died holding them.
 */
public interface RoundClaims {
  /** NEW: claimed now; SAME: already claimed with this content; DIFFERENT: claimed with other content. */
  enum Claim { NEW, SAME, DIFFERENT }

  /** Claims each round for its fingerprint on behalf of one request, identified by {@code token}. */
  CompletionStage<Map<String, Claim>> claim(Map<String, String> fingerprintByRound, String token);

  /** Releases the claims this request ({@code token}) holds; anyone else's are left alone. */
  CompletionStage<Void> release(Map<String, String> fingerprintByRound, String token);

  /**
   * Keeps the claims on {@code rounds} standing until at least {@code untilMillis}, whoever holds
   * them: their rounds are applied but not yet recorded (ClaimKeeper). Unclaimed rounds stay so.
   */
  CompletionStage<Void> keep(Collection<String> rounds, long untilMillis);

  /**
   * Whether {@code round} is claimed now by anyone: its contribution is on its way to the ledger
   * (or its holder died and the claim has not lapsed yet). Reads only.
   */
  CompletionStage<Boolean> held(String round);

  /**
   * The key an operator's round is claimed under: round ids are each operator's own (API.md: chosen
   * by the game), so another operator's round of the same id is another round. The operator's id
   * comes first with its length ("4:demo/R1"), so no two operators' keys meet whatever characters
   * ids hold; the round id comes last, where HzRoundClaims.bucketOf reads its counter.
   */
  static String key(String operatorId, String roundId) {
    return operatorId.length() + ":" + operatorId + "/" + roundId;
  }

  /**
   * The key a round's jackpot game of {@code jackpotId} is claimed under while one claim of it is
   * played (AwardService): "game:" and the jackpot's id with its length before {@link #key}, so it
   * meets no round's key (those start with a digit) and no other jackpot's.
   */
  static String jackpotGameKey(String jackpotId, String operatorId, String roundId) {
    return "game:" + jackpotId.length() + ":" + jackpotId + "/" + key(operatorId, roundId);
  }
}
