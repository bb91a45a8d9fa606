package io.jackpot.contribution;

import io.jackpot.error.ErrorCode;
import io.jackpot.ledger.RecordedRound;
import io.jackpot.plan.ContributionResult;

/** The answers for a round this request does not apply: recorded already, in progress elsewhere, or sent with other content. */
final class RoundAnswers {
  private RoundAnswers() {}

  /** A recorded round asked for again: its DUPLICATE if recorded with this content ({@code fingerprint}), else a conflict. */
  static ContributionResult recordedOrConflict(String roundId, String fingerprint, RecordedRound known) {
    return known.fingerprint().equals(fingerprint) ? Outcomes.duplicateOf(known, known.triggers()) : conflict(roundId);
  }

  static ContributionResult inProgress(String roundId) {
    return ContributionResult.rejected(roundId, ErrorCode.ROUND_IN_PROGRESS,
        "round " + roundId + " is being applied by another request; retry to get its outcome");
  }

  static ContributionResult conflict(String roundId) {
    return ContributionResult.rejected(roundId, ErrorCode.ROUND_ID_CONFLICT,
        "round " + roundId + " was already sent with other content");
  }
}
