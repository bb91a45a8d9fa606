package io.jackpot.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The short form of scripts/drill: a member killed -9, a database backend killed (PostgreSQL
 * crash-recovers) and the database stopped and started, each under 5 s of load through the SDK.
 */
class DrillIT {
  @Test
  void faultsUnderLoadLoseNoAcknowledgedRoundAndPayNoWinTwice() throws Exception {
    Drill.Totals totals = new Drill(5, System.out).run(List.of("member-kill", "db-backend-kill", "db-restart"));
    assertEquals(0, totals.failed(), totals.line());
    assertEquals(0, totals.lost(), totals.line());
    assertEquals(0, totals.paidTwice(), totals.line());
    assertEquals(3, totals.passed(), totals.line());
  }
}
