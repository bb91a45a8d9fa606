package io.jackpot.sdk;

import io.jackpot.sdk.internal.HttpJackpotContributor;
import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.function.Consumer;

/**
 * A game's connection to the jackpot network: contributions, claims, win look-ups and the
 * jackpot-won ticker. Thread-safe: call from any number of threads.
 */
public interface JackpotContributor extends AutoCloseable {

  /** Creates a client and starts its sender thread; {@link #close()} it when the game stops. */
  static JackpotContributor of(ContributorConfig config) {
    return new HttpJackpotContributor(config);
  }

  /**
   * Queues a contribution without blocking; it is batched, sent over kept-alive connections and
   * delivered: retried with backoff and jitter, honouring Retry-After, across endpoints. The service
   * applies a round id once, so a resent round may complete DUPLICATE: treat it as applied.
   * <p>Completes once recorded: APPLIED, DUPLICATE, PAUSED or REJECTED (refused for good). Fails at
   * once with {@link BufferFullException}, or IllegalStateException after {@link #close()}; later
   * with IOException for an unknown or unreadable answer (the round may be recorded: look it up), or
   * IllegalStateException when close() gave it up. A null contribution throws NullPointerException.
   */
  CompletionStage<RoundResult> contribute(Contribution contribution);

  /**
   * Claims a pool (or, with poolKey null, draws a tier) for a round; retried until answered. The
   * same claim again returns the same win. A claim of a round this client is still delivering waits
   * for that round's answer, so its share is in the pool it wins.
   * <p>409 ROUND_IN_PROGRESS (another client still delivering the round, or another claim of the
   * round's jackpot game in play) is retried for up to three request timeouts, then fails so.
   * Fails with {@link JackpotException} when refused, and IllegalStateException after
   * {@link #close()}. A null {@code roundId} throws NullPointerException; other nulls get a 400.
   */
  CompletionStage<Win> claim(String roundId, String playerId, String jackpotId, String poolKey, String currency);

  /**
   * The wins of a round (e.g. after a reconnect), this operator's only; retried like a claim until
   * answered. Fails with {@link JackpotException} when refused, and with IllegalStateException
   * after {@link #close()}. A null {@code roundId} throws NullPointerException (nothing sent).
   */
  CompletionStage<List<Win>> findWins(String roundId);

  /**
   * Calls {@code listener} for every jackpot won on the network (from the live ticker), e.g. to
   * stop autoplay. Reconnects by itself; a win made while it reconnected is told from the next
   * snapshot (each pool's last win). The listener runs on the SDK's thread: keep it short. The
   * stage completes once the SDK is subscribed (wins from then on are reported); after
   * {@link #close()} it fails with IllegalStateException.
   */
  CompletionStage<Void> onJackpotWon(Consumer<Win> listener);

  /** Contributions held by the SDK right now (queued, in flight, or waiting to be retried). */
  int held();

  /**
   * Stops taking work, then waits up to three request timeouts for held contributions to be
   * delivered and claims and look-ups to be answered. What is still unconfirmed then fails with
   * IllegalStateException; it may be recorded, so look it up or resend it (round ids are idempotent).
   *
   * <p>Callbacks run on the SDK's threads, never the closing one; they get the rest of the time, at
   * least 1 s. Slower callbacks, or an interrupt during the waits, let close() return first. An
   * interrupt pending before the call does not shorten the waits and stays set. Idempotent.
   */
  @Override
  void close();
}
