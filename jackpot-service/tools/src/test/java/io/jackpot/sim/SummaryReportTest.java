package io.jackpot.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/** The summary lines loadgen prints, which scripts and tests read. */
class SummaryReportTest {
  private static String printed(LoadRun.Summary s) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    Locale before = Locale.getDefault();
    Locale.setDefault(Locale.ROOT);
    try {
      SummaryReport.print(s, new PrintStream(bytes, true, StandardCharsets.UTF_8));
    } finally {
      Locale.setDefault(before);
    }
    return bytes.toString(StandardCharsets.UTF_8);
  }

  @Test
  void aMatchingRunPrintsItsCountsAndNoFailure() {
    var s = new LoadRun.Summary("LGX", 1000, 1000, 0, 0, 2, 1, 0, null, 2.0, 1500, 2500, 3500, 9000, 4000, 1000, 4000, false);
    assertEquals("""

        rounds       1,000 started, 1,000 acknowledged, 0 refused, 0 failed (run LGX)
        throughput   500 contributions/s acknowledged over 2.0 s
        latency      p50 1.5 ms  p95 2.5 ms  p99 3.5 ms  max 9.0 ms (contribute to acknowledgement)
        wins         2 (games' claims: 1 sent, 0 failed)
        ledger       1,000 rounds with 4,000 pool shares under LGX-: exactly the acknowledged ones (lost 0)
        """, printed(s));
  }

  @Test
  void anUnansweredCountAndAStallAreSaid() {
    var s = new LoadRun.Summary("LGX", 10, 10, 0, 0, 0, 1, 1, "claim failed", 1.0, 0, 0, 0, 0, 40, -1, -1, true);
    String out = printed(s);
    assertEquals(true, out.contains("ledger       UNKNOWN: the service did not answer the count of rounds under LGX-\n"), out);
    assertEquals(true, out.endsWith("FAILED: the service stopped answering\nFAILED: 1 of the games' claims failed; the first: claim failed\n"), out);
  }
}
