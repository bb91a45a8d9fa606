package io.jackpot.contribution;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.jackpot.ledger.RoundRecord;
import io.jackpot.plan.ContributionPlanner.Plan;
import io.jackpot.pool.PoolCommand;
import io.jackpot.pool.PoolId;
import io.jackpot.sequencer.Submission;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** A round's commands: a pool it won before, and for a jackpot paying one tier per round, every pool of that jackpot. */
class OutcomesTest {
  static final PoolId HIGH = new PoolId("one", "high");
  static final PoolId LOW = new PoolId("one", "low");
  static final PoolId ANY_A = new PoolId("any", "a");
  static final PoolId ANY_B = new PoolId("any", "b");
  static final RoundRecord ROUND = new RoundRecord("r1", "fp", "g", "op", "p", 1_000_000, "EUR", null, Instant.EPOCH);

  private static List<Boolean> wonBefore(Submission s) {
    return s.targets().stream().map(t -> ((PoolCommand.Contribute) t.command()).wonBefore()).toList();
  }

  @Test
  void aClaimOfOneTierComingFirstKeepsTheRoundFromEveryTierOfAOneWinJackpot() {
    var feed = new Plan.Feed(List.of(HIGH, LOW, ANY_A, ANY_B), 1_000_000, null, List.of(0, 1, -1, -1));
    assertEquals(List.of(true, true, false, false), wonBefore(Outcomes.submission(ROUND, feed, Set.of(LOW))));
    assertEquals(List.of(false, false, true, false), wonBefore(Outcomes.submission(ROUND, feed, Set.of(ANY_A))),
        "a jackpot paying any number of wins: the won pool only");
    assertEquals(List.of(false, false, false, false), wonBefore(Outcomes.submission(ROUND, feed, Set.of())));
  }
}
