package io.jackpot.ledger;

/**
 * A commit the ledger refuses for good (a constraint or check violated, a row recorded differently):
 * no retry can cure it, so the sequencer stops moving money instead of retrying.
 */
public final class LedgerRefusal extends RuntimeException {
  public LedgerRefusal(String message, Throwable cause) {
    super(message, cause);
  }
}
