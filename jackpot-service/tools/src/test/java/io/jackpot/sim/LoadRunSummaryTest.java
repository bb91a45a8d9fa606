package io.jackpot.sim;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** What the load generator may claim from its counts, and when a run is one to trust. */
class LoadRunSummaryTest {
  private static LoadRun.Summary summary(long acknowledged, long refused, long failed, long ledger, boolean stalled) {
    return summary(acknowledged, refused, failed, ledger, 4 * acknowledged, 4 * ledger, stalled);
  }

  private static LoadRun.Summary summary(long acknowledged, long refused, long failed, long ledger, long shares, long ledgerShares,
      boolean stalled) {
    return new LoadRun.Summary("p", acknowledged + refused + failed, acknowledged, refused, failed, 0, 0, 0, null, 1.0, 0, 0, 0, 0,
        shares, ledger, ledgerShares, stalled);
  }

  @Test
  void countsProveTheLedgerExactOnlyWhenNoRoundWasGivenUp() {
    assertTrue(summary(100, 3, 0, 100, false).ok(), "refused rounds are recorded nowhere");
    // One given-up round recorded after all, one acknowledged round lost: the counts still agree.
    assertFalse(summary(100, 0, 1, 100, false).ledgerMatches());
    assertFalse(summary(100, 0, 0, 99, false).ledgerMatches());
  }

  @Test
  void everyRoundMustHaveTheSharesItWasAnsweredWith() {
    assertTrue(summary(100, 0, 0, 100, 400, 400, false).ok());
    assertFalse(summary(100, 0, 0, 100, 400, 399, false).ledgerMatches(), "a share recorded nowhere");
    assertFalse(summary(100, 0, 0, 100, 400, 401, false).ledgerMatches(), "a share recorded that no answer told of");
  }

  @Test
  void aRunInWhichAGamesClaimFailedIsNotOk() {
    LoadRun.Summary claimFailed = new LoadRun.Summary("p", 100, 100, 0, 0, 2, 2, 1, "claim of round r failed", 1.0, 0, 0, 0, 0,
        400, 100, 400, false);
    assertTrue(claimFailed.ledgerMatches());
    assertFalse(claimFailed.ok(), "a win its player was not paid");
  }

  @Test
  void aStalledOrEmptyRunIsNotOk() {
    assertFalse(summary(100, 0, 0, 100, true).ok());
    assertFalse(summary(0, 5, 0, 0, false).ok(), "0 = 0, but nothing was shown");
  }
}
