package io.jackpot.contribution;

import io.jackpot.ledger.RecordedRound;
import io.jackpot.ledger.RoundRecord;
import io.jackpot.ledger.RoundStatus;
import io.jackpot.plan.ContributionResult.Share;
import io.jackpot.plan.ContributionResult.Status;
import io.jackpot.plan.ContributionPlanner.Plan;
import io.jackpot.plan.ContributionResult;
import io.jackpot.pool.PoolCommand;
import io.jackpot.pool.PoolId;
import io.jackpot.pool.PoolOutcome;
import io.jackpot.pool.Win;
import io.jackpot.sequencer.Submission;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** Translates between contribution rounds and pool commands and outcomes. */
final class Outcomes {
  private Outcomes() {}

  /**
   * The round's contribution to each pool of {@code feed}, marked with the pool's tier rank and the
   * pools it won before. A round that won a pool of a jackpot paying one tier per round (its claim
   * came first) wins no other pool of it: each is marked as won before.
   */
  static Submission submission(RoundRecord round, Plan.Feed feed, Set<PoolId> wonBefore) {
    List<PoolId> pools = feed.pools();
    List<Submission.Target> targets = new ArrayList<>(pools.size());
    PoolCommand.Contribute plain = round.contribution();
    Set<String> wonJackpots = new HashSet<>();
    wonBefore.forEach(p -> wonJackpots.add(p.jackpotId()));
    for (int i = 0; i < pools.size(); i++) {
      PoolId pool = pools.get(i);
      int rank = feed.oneWinRanks().get(i);
      PoolCommand.Contribute command = rank < 0 ? plain : plain.withOneWinRank(rank);
      boolean won = wonBefore.contains(pool) || rank >= 0 && wonJackpots.contains(pool.jackpotId());
      targets.add(new Submission.Target(pool, won ? command.toPoolWonBefore() : command));
    }
    return Submission.of(targets, round);
  }

  /**
   * APPLIED with the shares taken and the wins they triggered; PAUSED when no pool took one. A
   * round whose stake was below every pool's minimum fed none and is APPLIED, with no shares.
   */
  static ContributionResult applied(String roundId, List<PoolId> pools, List<PoolOutcome> outcomes) {
    List<Share> shares = new ArrayList<>();
    List<Win> triggers = new ArrayList<>();
    for (int i = 0; i < outcomes.size(); i++) {
      if (outcomes.get(i) instanceof PoolOutcome.Contributed c) {
        shares.add(new Share(pools.get(i), c.share(), c.amountAfter()));
        if (c.triggered() != null) {
          triggers.add(c.triggered());
        }
      }
    }
    return shares.isEmpty() && !pools.isEmpty() ? ContributionResult.paused(roundId)
        : new ContributionResult(roundId, Status.APPLIED, shares, triggers, null, null);
  }

  /**
   * A round seen before: DUPLICATE with its original shares and triggers; a round that fed nothing
   * (every pool paused) is answered PAUSED again, its original outcome, so a retry is never taken
   * for a contribution.
   */
  static ContributionResult duplicateOf(RecordedRound known, List<Win> triggers) {
    if (known.status() == RoundStatus.PAUSED) {
      return ContributionResult.paused(known.roundId());
    }
    List<Share> shares = known.shares().stream()
        .map(s -> new Share(s.pool(), s.share(), s.amountAfter()))
        .toList();
    return new ContributionResult(known.roundId(), Status.DUPLICATE, shares, triggers, null, null);
  }
}
