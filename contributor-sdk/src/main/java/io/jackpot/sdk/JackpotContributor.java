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
   * Queues a contribution; never blocks. Contributions are held (up to the configured buffer),
   * coalesced into batches and sent over kept-alive connections.
   *
   * <p>A contribution the SDK accepted is delivered. It is retried for as long as the service is
   * unreachable: with backoff and jitter, honouring Retry-After, failing over between endpoints.
   * The service applies a round id at most once. So a round the SDK had to send again may complete
   * DUPLICATE although the game sent it once (its first try was recorded, the answer lost). Treat
   * DUPLICATE as applied; it carries the original shares and triggers.
   *
   * <p>Completes once the service has durably recorded the round: APPLIED, DUPLICATE, PAUSED, or
   * REJECTED for a contribution the service refuses for good. Completes exceptionally:
   * <ul>
   *   <li>at once, with {@link BufferFullException} when the buffer is full, or with
   *       IllegalStateException after {@link #close()};
   *   <li>later, with an IOException for a status this SDK does not know or an answer it cannot
   *       read or match to the rounds sent (the round may be recorded: look it up by id);
   *   <li>with IllegalStateException when {@link #close()} gave it up unconfirmed.
   * </ul>
   * A null contribution throws NullPointerException and takes no buffer slot.
   */
  CompletionStage<RoundResult> contribute(Contribution contribution);

  /**
   * Claims a pool (or, with poolKey null, draws a tier) for a round; retried like contributions
   * until answered. The same claim again returns the same win.
   *
   * <p>A claim of a round this client is still delivering is sent once that round is answered,
   * whatever the answer. Its share is then in the pool it wins, and a service that takes claims
   * only for recorded rounds finds it recorded.
   *
   * <p>Such a service answers 409 ROUND_IN_PROGRESS to a claim of a round another client is still
   * delivering. Every service answers so to a jackpot-game claim (poolKey null) while another claim
   * of the same round's jackpot game is being played. That claim is sent again for up to three
   * request timeouts from the first such answer, then fails with that code.
   *
   * <p>Completes exceptionally with {@link JackpotException} when refused (paused, unknown pool,
   * not linked...), and with IllegalStateException after {@link #close()}. A null {@code roundId}
   * throws NullPointerException (nothing sent). Other fields the service needs, if null, are
   * refused by it (JackpotException, 400).
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
   * Stops taking contributions and claims, then waits up to the request timeout × 3 in all for the
   * contributions held to be delivered and the claims and look-ups under way to be answered.
   *
   * <p>Any contribution still unconfirmed then completes exceptionally with IllegalStateException.
   * It may or may not have been recorded: look it up, or resend it (the round id is idempotent). A
   * claim's win is found by {@link #findWins}. Like every round's, these completions run on the
   * SDK's callback threads, never on the thread closing.
   *
   * <p>Then it gives the callbacks of the rounds answered and given up the rest of that time, and
   * at least 1 s, to run. Called from such a callback, it cannot wait for its own thread. Callbacks
   * that take longer, or an interrupt during the waits, let close() return first; the rest complete
   * after it, on those threads.
   *
   * <p>An interrupt already pending on the calling thread does not shorten these waits, and is
   * still set when close() returns. One that comes during them ends them, and what is unconfirmed
   * then is given up as above. Idempotent.
   */
  @Override
  void close();
}
