package io.jackpot.sdk.internal;

import java.util.Arrays;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The service's error codes (docs/api.md) that change what the SDK does, and what each makes it do.
 * Any other code is the service's final word ({@link #OTHER}). Callers still see the wire string.
 */
enum ErrorCode {
  /** The service is busy: a round answered so is sent again after a backoff. */
  OVERLOADED(Reaction.ASK_AGAIN),
  /** The round is still being recorded: the round, or a claim of it, is sent again. */
  ROUND_IN_PROGRESS(Reaction.ASK_AGAIN),
  /** A base URL with a wrong path: the endpoint cannot take the call, so it is tried again, elsewhere too. */
  NOT_FOUND(Reaction.WRONG_ENDPOINT),
  METHOD_NOT_ALLOWED(Reaction.WRONG_ENDPOINT),
  /** A proxy dropped the WebSocket upgrade: that endpoint's batches go by POST for a while. */
  WEBSOCKET_REQUIRED(Reaction.WRONG_ENDPOINT),
  /** Too large for the service or a proxy (413): final. The SDK uses it for a 413 without the service's error. */
  PAYLOAD_TOO_LARGE(Reaction.FINAL),
  /** Any code this SDK does not tell apart, or none. */
  OTHER(Reaction.FINAL);

  private enum Reaction { ASK_AGAIN, WRONG_ENDPOINT, FINAL }

  private static final Map<String, ErrorCode> BY_WIRE =
      Arrays.stream(values()).filter(c -> c != OTHER).collect(Collectors.toUnmodifiableMap(Enum::name, Function.identity()));

  private final Reaction reaction;

  ErrorCode(Reaction reaction) {
    this.reaction = reaction;
  }

  /** The code for a wire string; {@link #OTHER} for null or a code this SDK does not know. */
  static ErrorCode of(String wire) {
    return wire == null ? OTHER : BY_WIRE.getOrDefault(wire, OTHER);
  }

  /** The code as the service writes it. */
  String wire() {
    return name();
  }

  /** "Not just now": the same call is sent again after a backoff. */
  boolean asksAgain() {
    return reaction == Reaction.ASK_AGAIN;
  }

  /** Says the endpoint cannot take the call, not that the call is wrong: an endpoint failure, not a refusal. */
  boolean wrongEndpoint() {
    return reaction == Reaction.WRONG_ENDPOINT;
  }
}
