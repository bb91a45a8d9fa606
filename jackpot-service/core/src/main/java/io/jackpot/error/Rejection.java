package io.jackpot.error;

/**
 * A request refused for a reason the caller can act on; nothing was changed, unless the message
 * says what was (a definition or rates saved but overtaken by a newer version before they were put in
 * force: DEFINITION_CHANGED, FX_RATES_CHANGED). A change done in part is a DoneInPart.
 * The kind decides the HTTP status, the code is the API's UPPER_SNAKE error code.
 */
public final class Rejection extends RuntimeException {
  /** Why a request is refused; each maps to one HTTP status (TOO_MANY: 429, this caller holds its most of something). */
  public enum Kind { INVALID, UNAUTHENTICATED, FORBIDDEN, NOT_FOUND, CONFLICT, TOO_MANY, UNAVAILABLE }

  private final Kind kind;
  private final ErrorCode code;

  public Rejection(Kind kind, ErrorCode code, String message) {
    super(message, null, false, false);
    this.kind = kind;
    this.code = code;
  }

  public static Rejection invalid(ErrorCode code, String message) {
    return new Rejection(Kind.INVALID, code, message);
  }

  /** Whether {@code failure} (a stage's, possibly wrapped in CompletionExceptions) is a rejection with {@code code}. */
  public static boolean is(Throwable failure, ErrorCode code) {
    return Failures.cause(failure) instanceof Rejection r && r.code == code;
  }

  public Kind kind() {
    return kind;
  }

  public ErrorCode code() {
    return code;
  }
}
