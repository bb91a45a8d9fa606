package io.jackpot.sdk.internal;

import io.jackpot.sdk.ContributorConfig;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * Calls to the service over the JDK's HttpClient, HTTP/1.1 or HTTP/2 as the client was built:
 * one endpoint per attempt, batches by POST /v1/contributions.
 */
final class HttpTransport implements BatchTransport {
  private final HttpClient http;
  private final String gameKey;
  private final Duration timeout;
  private final Endpoints endpoints;
  /** Runs each attempt's deadline, cancelled once answered. */
  private final ScheduledExecutorService scheduler;

  HttpTransport(HttpClient http, ContributorConfig config, Endpoints endpoints, ScheduledExecutorService scheduler) {
    this.http = http;
    this.gameKey = config.gameKey();
    this.timeout = config.requestTimeout();
    this.endpoints = endpoints;
    this.scheduler = scheduler;
  }

  /** The HttpClient for the configured transport: HTTP/2 if asked for, else HTTP/1.1 (the streams' upgrade too). */
  static HttpClient client(ContributorConfig config) {
    return HttpClient.newBuilder()
        .version(config.transport() == ContributorConfig.Transport.HTTP_2 ? HttpClient.Version.HTTP_2 : HttpClient.Version.HTTP_1_1)
        .connectTimeout(config.requestTimeout()).build();
  }

  @Override
  public CompletionStage<String> send(String body) {
    return post(endpoints.pick(), body);
  }

  CompletionStage<String> post(Endpoints.Endpoint e, String body) {
    return call(e, "POST", "/v1/contributions", body, ServiceAnswers::resultsObject);
  }

  /** One attempt at the next endpoint. */
  CompletionStage<String> call(String method, String path, String body, Predicate<String> isAnswer) {
    return call(endpoints.pick(), method, path, body, isAnswer);
  }

  /** One attempt at one endpoint; the breaker hears how it went. */
  private CompletionStage<String> call(Endpoints.Endpoint e, String method, String path, String body, Predicate<String> isAnswer) {
    long start = System.nanoTime();
    CompletableFuture<HttpResponse<String>> exchange = http.sendAsync(request(e, method, path, body), HttpResponse.BodyHandlers.ofString());
    // The request's own timeout ends when the headers arrive; this one covers the body too, and
    // cancels the exchange (the JDK aborts it, since 16) rather than leave it reading.
    if (!Deadline.on(scheduler, exchange, timeout, () -> exchange.cancel(true))) {
      exchange.cancel(true); // the SDK is closing: close() answers what waits on this
    }
    return exchange.handle((resp, error) -> {
      long took = System.nanoTime() - start;
      if (error != null) {
        e.breaker().onError(took, TimeUnit.NANOSECONDS, error);
        String why = error instanceof CancellationException ? "no answer within " + timeout.toMillis() + " ms" : String.valueOf(error);
        throw new Retryable("no answer from " + e.base() + ": " + why, -1, error);
      }
      return ServiceAnswers.answered(e, took, resp.statusCode(), RetryAfter.millis(resp.headers()), resp.body(), isAnswer);
    });
  }

  private HttpRequest request(Endpoints.Endpoint e, String method, String path, String body) {
    HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(e.base() + path)).timeout(timeout)
        .header("Authorization", "Bearer " + gameKey)
        .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
    if (body != null) {
      b.header("Content-Type", "application/json");
    }
    return b.build();
  }
}
