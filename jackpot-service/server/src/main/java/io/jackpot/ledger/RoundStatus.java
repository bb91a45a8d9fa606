package io.jackpot.ledger;

/** What became of a recorded round. */
public enum RoundStatus {
  /** At least one pool took a share, or the round had none to feed (its stake below every pool's minimum). */
  APPLIED,
  /** Every pool it would feed was paused or discontinued: nothing was contributed. */
  PAUSED
}
