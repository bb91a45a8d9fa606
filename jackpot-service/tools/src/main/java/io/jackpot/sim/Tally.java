package io.jackpot.sim;

import io.jackpot.error.Failures;
import io.jackpot.ledger.Ledger;
import java.io.PrintStream;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;

/** A load run's counts and latencies, added to from the SDK's threads. */
final class Tally {
  final LongAdder started = new LongAdder();
  final LongAdder acknowledged = new LongAdder();
  final LongAdder acknowledgedShares = new LongAdder();
  final LongAdder refused = new LongAdder();
  final LongAdder failed = new LongAdder();
  final LongAdder wins = new LongAdder();
  final LongAdder claims = new LongAdder();
  final LongAdder failedClaims = new LongAdder();
  final LatencyHistogram latency = new LatencyHistogram();
  private final AtomicReference<String> firstClaimFailure = new AtomicReference<>();
  private final PrintStream progress;

  Tally(PrintStream progress) {
    this.progress = progress;
  }

  /** Rounds answered one way or another: what the stall check watches. */
  long settled() {
    return acknowledged.sum() + refused.sum() + failed.sum();
  }

  /** Counts a failed claim; the first one is printed as it happens. */
  void claimFailed(String roundId, SimRound round, Throwable e) {
    failedClaims.increment();
    Throwable cause = Failures.cause(e);
    String what = "claim of round " + roundId + " on " + round.claimJackpot() + "/" + round.claimPoolKey() + " failed: " + cause;
    if (firstClaimFailure.compareAndSet(null, what)) {
      progress.println(what);
    }
  }

  LoadRun.Summary summary(String prefix, double seconds, Ledger.RoundCount ledger, boolean stalled) {
    return new LoadRun.Summary(prefix, started.sum(), acknowledged.sum(), refused.sum(), failed.sum(), wins.sum(),
        claims.sum(), failedClaims.sum(), firstClaimFailure.get(), seconds,
        latency.percentileMicros(500), latency.percentileMicros(950), latency.percentileMicros(990), latency.maxMicros(),
        acknowledgedShares.sum(), ledger.rounds(), ledger.contributions(), stalled);
  }
}
