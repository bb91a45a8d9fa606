package io.jackpot.sdk;

/**
 * The service refused a call for a reason that retrying will not change: its HTTP status, error
 * code and message (docs/api.md). Only the service's own refusals become one, and any 413 (too large
 * for the service or a proxy); other answers from a proxy are retried instead. Immutable.
 */
public class JackpotException extends RuntimeException {
  private final int status;
  private final String code;

  public JackpotException(int status, String code, String message) {
    super(status + " " + code + ": " + message);
    this.status = status;
    this.code = code;
  }

  public int status() {
    return status;
  }

  public String code() {
    return code;
  }
}
