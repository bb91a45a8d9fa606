package io.jackpot.contribution;

import io.jackpot.contribution.RoundClaims.Claim;
import io.jackpot.error.ErrorCode;
import io.jackpot.error.OverloadedException;
import io.jackpot.ledger.RecordedRound;
import io.jackpot.ledger.RoundRecord;
import io.jackpot.plan.ContributionPlanner.Plan;
import io.jackpot.plan.ContributionRequest;
import io.jackpot.plan.ContributionResult;
import io.jackpot.pool.PoolId;
import io.jackpot.sequencer.Sequencer;
import java.time.Clock;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

/**
 * Settles a claimed batch: answers the rounds known (recorded, or claimed by another request) and
 * submits the new ones to the sequencer, answering each with what it did.
 */
final class Settlement {
  private final Sequencer sequencer;
  private final Clock clock;

  Settlement(Sequencer sequencer, Clock clock) {
    this.sequencer = sequencer;
    this.clock = clock;
  }

  /** Each new round is submitted with the pools it has won already ({@code wonPools}, by round id). */
  CompletableFuture<Void> settle(Batch batch, Map<String, Claim> claimed, Map<String, RecordedRound> recorded,
      Map<String, Set<PoolId>> wonPools) {
    List<CompletableFuture<Void>> pending = new ArrayList<>();
    for (Map.Entry<Integer, Plan.Feed> feed : batch.feeds.entrySet()) {
      int i = feed.getKey();
      ContributionRequest r = (ContributionRequest) batch.items.get(i);
      Claim claim = claimed.get(r.roundId());
      RecordedRound known = recorded.get(r.roundId());
      if (claim == Claim.NEW && known == null) {
        pending.add(submit(batch, i, r, feed.getValue(), wonPools.getOrDefault(r.roundId(), Set.of())));
        continue;
      }
      batch.results[i] = answerKnown(batch, r.roundId(), claim, known);
    }
    answerOtherContent(batch, recorded);
    answerRefused(batch, claimed, recorded);
    return CompletableFuture.allOf(pending.toArray(CompletableFuture[]::new));
  }

  /**
   * Never applied: the request's first item of the round id is. Recorded with this very content (by
   * an earlier request), it is that round's DUPLICATE, not a conflict a game could take as refused
   * and refund.
   */
  private static void answerOtherContent(Batch batch, Map<String, RecordedRound> recorded) {
    batch.otherContent.forEach((i, fingerprint) -> {
      String roundId = batch.roundId(i);
      RecordedRound known = recorded.get(roundId);
      batch.results[i] = known == null ? RoundAnswers.conflict(roundId) : RoundAnswers.recordedOrConflict(roundId, fingerprint, known);
    });
  }

  private static void answerRefused(Batch batch, Map<String, Claim> claimed, Map<String, RecordedRound> recorded) {
    batch.refused.forEach((i, fingerprint) -> {
      String roundId = batch.roundId(i);
      RecordedRound known = recorded.get(roundId);
      if (known != null && known.fingerprint().equals(fingerprint)) {
        batch.results[i] = Outcomes.duplicateOf(known, known.triggers());
      } else if (known == null && fingerprint.equals(batch.lookedUpOnly.get(roundId)) && claimed.get(roundId) == Claim.SAME) {
        // Sent before the change and still on its way: its outcome is the ledger's to tell, soon.
        batch.results[i] = RoundAnswers.inProgress(roundId);
      }
    });
  }

  private static ContributionResult answerKnown(Batch batch, String roundId, Claim claim, RecordedRound known) {
    if (known != null) {
      return RoundAnswers.recordedOrConflict(roundId, batch.fingerprints.get(roundId), known);
    }
    if (claim == Claim.DIFFERENT) {
      return RoundAnswers.conflict(roundId);
    }
    return RoundAnswers.inProgress(roundId);
  }

  /** Its claim is released afterwards either way: applied rounds are in the ledger, refused ones never ran. */
  private CompletableFuture<Void> submit(Batch batch, int i, ContributionRequest r, Plan.Feed feed, Set<PoolId> wonBefore) {
    List<PoolId> pools = feed.pools();
    RoundRecord record = new RoundRecord(r.roundId(), batch.fingerprints.get(r.roundId()), r.gameId(),
        batch.caller.operatorId(), r.playerId(), feed.stakeMicros(), r.currency(), r.coinValueMicros(),
        clock.instant().truncatedTo(ChronoUnit.MILLIS),
        feed.fxRatePpm() == null ? null : r.stakeMicros(), feed.fxRatePpm());
    batch.submitted.add(r.roundId());
    return sequencer.submit(Outcomes.submission(record, feed, wonBefore)).toCompletableFuture()
        .handle((outcomes, error) -> {
          if (error != null && OverloadedException.leftNoteStanding(error)) {
            // Refused, but its step's note may stand: the cluster applies it, once, when this
            // member leaves. The claim stands until then (kept while the note is in the journal);
            // released, a game's retry elsewhere would apply the round a second time.
            batch.held.remove(r.roundId());
          }
          batch.results[i] = error == null
              ? Outcomes.applied(r.roundId(), pools, outcomes)
              : ContributionResult.rejected(r.roundId(), ErrorCode.OVERLOADED, error.getMessage());
          return null;
        });
  }
}
