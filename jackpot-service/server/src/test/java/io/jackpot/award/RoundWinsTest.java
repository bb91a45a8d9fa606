package io.jackpot.award;

import static io.jackpot.pool.Commands.claim;
import static io.jackpot.pool.Commands.stake;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.jackpot.error.ErrorCode;
import io.jackpot.error.Rejection;
import io.jackpot.game.Caller;
import io.jackpot.money.Rate;
import io.jackpot.pool.Pool;
import io.jackpot.pool.PoolCommand;
import io.jackpot.pool.PoolId;
import io.jackpot.pool.PoolOutcome;
import io.jackpot.pool.PoolTerms;
import io.jackpot.pool.SeededRandom;
import io.jackpot.pool.Trigger;
import io.jackpot.pool.Win;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class RoundWinsTest {
  private static final SeededRandom RANDOM = new SeededRandom(5);
  private static final ClaimRequest REQUEST = new ClaimRequest("r-1", "bewitched", "p-r-1", "bewitched", null, "EUR");
  private static final Caller DEMO = new Caller("demo", Set.of("bewitched"));

  /** Round r-1's win of {@code pool}, by claim, or by the random trigger its stake sets off for certain. */
  private static Win won(PoolId pool, boolean claimed) {
    Pool created = Pool.created(pool, new PoolTerms(1_000_000, new Rate(10_000), new Trigger.Random(1)), RANDOM.next());
    PoolCommand command = claimed ? claim("r-1") : stake("r-1", 1_000_000);
    PoolOutcome outcome = created.apply(new Pool.Batch("t", 1, "op-1", RANDOM.next(), List.of(command))).outcomes().get(0);
    return outcome instanceof PoolOutcome.Won w ? w.win() : ((PoolOutcome.Contributed) outcome).triggered();
  }

  @Test
  void theRoundsClaimOfTheJackpotAnswersBeforeATierItsContributionWon() {
    Win triggered = won(new PoolId("bewitched", "mini"), false);
    Win claimed = won(new PoolId("bewitched", "grand"), true);
    Win elsewhere = won(new PoolId("creepy-candy", "grand"), true);
    assertEquals(Trigger.Kind.RANDOM, triggered.how());
    assertEquals(Optional.of(claimed), RoundWins.playedBefore(List.of(elsewhere, triggered, claimed), REQUEST));
    assertEquals(Optional.of(triggered), RoundWins.playedBefore(List.of(elsewhere, triggered), REQUEST));
    assertEquals(Optional.empty(), RoundWins.playedBefore(List.of(elsewhere), REQUEST));
  }

  @Test
  void anotherPlayersWinOfTheRoundIsARoundIdConflict() {
    Win win = won(new PoolId("bewitched", "grand"), true);
    assertSame(win, RoundWins.sameClaimant(win, REQUEST, DEMO));
    ClaimRequest other = new ClaimRequest("r-1", "bewitched", "p-2", "bewitched", "grand", "EUR");
    assertEquals(ErrorCode.ROUND_ID_CONFLICT, assertThrows(Rejection.class, () -> RoundWins.sameClaimant(win, other, DEMO)).code());
    assertEquals(ErrorCode.ROUND_ID_CONFLICT, assertThrows(Rejection.class,
        () -> RoundWins.sameClaimant(win, REQUEST, new Caller("other", Set.of("bewitched")))).code());
  }
}
