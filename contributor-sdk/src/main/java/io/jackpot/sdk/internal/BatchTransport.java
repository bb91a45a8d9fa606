package io.jackpot.sdk.internal;

import java.util.concurrent.CompletionStage;

/**
 * One attempt at sending a batch to the next endpoint: the service's answer, or a failure that is
 * {@link Retryable} when worth trying again and a JackpotException when the service refused it.
 */
interface BatchTransport {
  CompletionStage<String> send(String body);

  /** Ends the transport's connections (the contributor is closing). */
  default void close() {}
}
