package io.jackpot.admin;

import io.jackpot.access.Admin;
import io.jackpot.ledger.AuditEntry;
import io.jackpot.sequencer.Submission;
import java.time.Clock;

/** The audit entries admin changes are recorded with: who did what to whose jackpot, and when. */
public final class AuditTrail {
  private final Clock clock;

  public AuditTrail(Clock clock) {
    this.clock = clock;
  }

  /** An entry saved with a change of the ledger's own (a definition, exchange rates); before and after as stored. */
  AuditEntry entry(Admin admin, String owner, String action, String target, String before, String after) {
    return new AuditEntry(clock.instant(), admin.name(), owner, action, target, before, after);
  }

  /** The entry a pool step of the token's is recorded with. */
  static Submission.Audit step(Admin admin, String owner, String action) {
    return new Submission.Audit(admin.name(), owner, action);
  }

  /** The entry of a step the service takes on its own (a sweep). */
  static Submission.Audit system(String owner, String action) {
    return new Submission.Audit("system", owner, action);
  }
}
