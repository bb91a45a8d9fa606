package io.jackpot.error;

import java.util.Objects;

/**
 * A request that failed after part of it was durably done (a definition saved, then not sent to
 * every pool). Answered with the status and code its cause gets, but with this message, which says
 * what was done and how to finish it: the cause's own answer may say that nothing was changed.
 */
public final class DoneInPart extends RuntimeException {
  /** @param cause what failed (required: the answer's status and code are its) */
  public DoneInPart(String message, Throwable cause) {
    super(message, Objects.requireNonNull(cause, "cause"), false, false);
  }
}
