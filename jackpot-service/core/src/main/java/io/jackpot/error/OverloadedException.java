package io.jackpot.error;

/** The sequencer's queue is full: the caller should retry later (HTTP 503 with Retry-After). */
public final class OverloadedException extends RuntimeException {
  private final boolean noteMayStand;

  public OverloadedException(String message) {
    this(message, false);
  }

  /**
   * {@code noteMayStand}: refused unapplied, but the step's journal note may have been written (an
   * attempt's answer was lost) and could not be dropped, so the cluster may yet apply it, once, when
   * this member leaves: its rounds' claims must stand until then, or a game's retry elsewhere would
   * apply them a second time.
   */
  public OverloadedException(String message, boolean noteMayStand) {
    super(message, null, false, false);
    this.noteMayStand = noteMayStand;
  }

  /** Whether {@code failure} (as a stage hands it over) is a refusal whose step's note may stand. */
  public static boolean leftNoteStanding(Throwable failure) {
    return Failures.cause(failure) instanceof OverloadedException o && o.noteMayStand();
  }

  /** See {@link #OverloadedException(String, boolean)}. */
  public boolean noteMayStand() {
    return noteMayStand;
  }
}
