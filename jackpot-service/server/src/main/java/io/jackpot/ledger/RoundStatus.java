package io.jackpot.ledger;

/** What became of a recorded round. */
public enum RoundStatus {
  /** At least one pool took a share. */
  APPLIED,
  /** Every pool it would feed was paused or discontinued: nothing was contributed. */
  PAUSED
}
