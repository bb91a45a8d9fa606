package io.jackpot.admin;

import io.jackpot.error.DoneInPart;
import io.jackpot.error.ErrorCode;
import io.jackpot.error.Failures;
import io.jackpot.error.OverloadedException;
import io.jackpot.error.Rejection.Kind;
import io.jackpot.error.Rejection;

/**
 * The answers of a change saved in the ledger and then put in force on the cluster (a definition,
 * a set of exchange rates) when a step after the save fails or a newer change overtakes it.
 */
final class SavedChanges {
  private SavedChanges() {}

  /**
   * A define that failed once its version was saved: answered with the status and code its failure
   * gets (a 503 stays a 503, so callers retry; a fault stays a logged 500), with a message saying
   * that the version is saved and that sending the same definition again completes it, never the
   * "nothing was changed" of an infrastructure failure's usual answer. A refusal other than "not
   * now" keeps its own answer: a version overtaken before it was put in force
   * ({@code DEFINITION_CHANGED}) says so and went no further.
   */
  static RuntimeException incomplete(String id, int version, Throwable failed) {
    return incomplete("jackpot " + id + " was saved as version " + version + " but did not reach every pool",
        "send the same definition again to complete it", failed);
  }

  /**
   * The same for any change saved and then not carried out in full: {@code saved} says what was
   * saved and what it did not reach, {@code again} how to complete it.
   */
  static RuntimeException incomplete(String saved, String again, Throwable failed) {
    Throwable cause = Failures.cause(failed);
    if (cause instanceof Rejection r && r.kind() != Kind.UNAVAILABLE) {
      return r;
    }
    boolean known = cause instanceof Rejection || cause instanceof OverloadedException;
    // Not logged here: the answer's log line (Errors) names the cause and this message.
    return new DoneInPart(saved + " (" + (known ? cause.getMessage() : "the cluster or the ledger failed; logged")
        + "); " + again, cause);
  }

  /**
   * A saved change that a newer one overtook before the cluster ran it (two PUTs on different
   * members, the first one's publish late) is not taken further: its steps after publishing would
   * otherwise follow the newer change's and undo them. Refused 409, as a race lost at the save is.
   */
  static Void inForceOrRefused(boolean inForce, ErrorCode code, String message) {
    if (!inForce) {
      throw new Rejection(Kind.CONFLICT, code, message);
    }
    return null;
  }
}
