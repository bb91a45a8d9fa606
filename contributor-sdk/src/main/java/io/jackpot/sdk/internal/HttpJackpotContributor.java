package io.jackpot.sdk.internal;

import io.jackpot.sdk.Contribution;
import io.jackpot.sdk.ContributorConfig;
import io.jackpot.sdk.JackpotContributor;
import io.jackpot.sdk.RoundResult;
import io.jackpot.sdk.Win;
import java.net.http.HttpClient;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * The SDK over HTTP/1.1, HTTP/2, or a WebSocket stream per endpoint: wires the buffer, the
 * sender, the transport, claims, the ticker and the drain on close, and implements the public
 * interface on them.
 */
public final class HttpJackpotContributor implements JackpotContributor {
  private final BoundedBuffer buffer;
  private final BatchSender sender;
  private final Claims claims;
  private final Ticker ticker;
  private final Drain drain;
  private volatile boolean closed;

  public HttpJackpotContributor(ContributorConfig config) {
    BooleanSupplier isClosed = () -> closed;
    HttpClient http = HttpTransport.client(config);
    Endpoints endpoints = new Endpoints(config.endpoints());
    // Retries, deferred rounds, the ticker's pings, and the answer deadlines of stream batches and
    // HTTP attempts (each cancelled once answered).
    ScheduledThreadPoolExecutor scheduler = new ScheduledThreadPoolExecutor(1, new DaemonThreads("jackpot-sdk-retry"));
    // A cancelled deadline leaves the queue at once, not when it would have fired.
    scheduler.setRemoveOnCancelPolicy(true);
    HttpTransport post = new HttpTransport(http, config, endpoints, scheduler);
    BatchTransport transport = config.transport() == ContributorConfig.Transport.WEBSOCKET
        ? new StreamTransport(new ContributionStreams(http, config.gameKey(), config.requestTimeout(), scheduler), post, endpoints)
        : post;
    JitteredBackoff backoff = new JitteredBackoff(config.retryInitialBackoff(), config.retryMaxBackoff());
    EndlessRetry retry = new EndlessRetry(backoff, scheduler);
    CallbackThreads callbacks = new CallbackThreads();
    this.buffer = new BoundedBuffer(config.bufferCapacity());
    this.sender = new BatchSender(config, buffer, transport, retry, new BatchAnswers(buffer, scheduler, backoff), callbacks, isClosed);
    this.claims = new Claims(config, buffer, post, retry, callbacks, isClosed);
    this.ticker = new Ticker(config.requestTimeout(), endpoints, scheduler, isClosed);
    this.drain = new Drain(config.requestTimeout(), buffer, claims, sender, transport, ticker, scheduler, callbacks);
    sender.start();
  }

  @Override
  public CompletionStage<RoundResult> contribute(Contribution contribution) {
    // Before a buffer slot is taken: a null must not cost one for good.
    Objects.requireNonNull(contribution, "contribution");
    if (closed) {
      return CompletableFuture.failedFuture(new IllegalStateException("the contributor is closed"));
    }
    return buffer.accept(contribution, () -> closed);
  }

  @Override
  public int held() {
    return buffer.held();
  }

  @Override
  public CompletionStage<Win> claim(String roundId, String playerId, String jackpotId, String poolKey, String currency) {
    return claims.claim(roundId, playerId, jackpotId, poolKey, currency);
  }

  @Override
  public CompletionStage<List<Win>> findWins(String roundId) {
    return claims.findWins(roundId);
  }

  @Override
  public CompletionStage<Void> onJackpotWon(Consumer<Win> listener) {
    return ticker.subscribe(listener);
  }

  @Override
  public void close() {
    closed = true;
    drain.run();
  }
}
