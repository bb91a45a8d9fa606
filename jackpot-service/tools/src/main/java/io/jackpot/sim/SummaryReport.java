package io.jackpot.sim;

import java.io.PrintStream;

/** The summary lines {@code scripts/loadgen} prints after a run; scripts and tests read them. */
final class SummaryReport {
  private SummaryReport() {}

  static void print(LoadRun.Summary s, PrintStream out) {
    out.printf("%nrounds       %,d started, %,d acknowledged, %,d refused, %,d failed (run %s)%n", s.started(),
        s.acknowledged(), s.refused(), s.failed(), s.prefix());
    out.printf("throughput   %,.0f contributions/s acknowledged over %.1f s%n", s.perSecond(), s.seconds());
    out.printf("latency      p50 %.1f ms  p95 %.1f ms  p99 %.1f ms  max %.1f ms (contribute to acknowledgement)%n",
        s.p50Micros() / 1000.0, s.p95Micros() / 1000.0, s.p99Micros() / 1000.0, s.maxMicros() / 1000.0);
    out.printf("wins         %,d (games' claims: %,d sent, %,d failed)%n", s.wins(), s.claims(), s.failedClaims());
    ledger(s, out);
    verdict(s, out);
  }

  private static void ledger(LoadRun.Summary s, PrintStream out) {
    if (s.ledgerRounds() < 0) {
      out.printf("ledger       UNKNOWN: the service did not answer the count of rounds under %s-%n", s.prefix());
    } else {
      out.printf("ledger       %,d rounds with %,d pool shares under %s-: %s (lost %,d)%n", s.ledgerRounds(),
          s.ledgerShares(), s.prefix(), s.ledgerMatches() ? "exactly the acknowledged ones"
              : s.failed() > 0 ? "NOT PROVEN: %,d rounds failed (given up; each may or may not be recorded)".formatted(s.failed())
              : "MISMATCH with %,d acknowledged rounds with %,d shares".formatted(s.acknowledged(), s.acknowledgedShares()),
          s.lost());
    }
  }

  private static void verdict(LoadRun.Summary s, PrintStream out) {
    if (s.stalled()) {
      out.println("FAILED: the service stopped answering");
    } else if (s.acknowledged() == 0) {
      out.println("FAILED: no round was acknowledged");
    }
    if (s.failedClaims() > 0) {
      out.printf("FAILED: %,d of the games' claims failed; the first: %s%n", s.failedClaims(), s.firstClaimFailure());
    }
  }
}
