package io.jackpot.sdk.internal;

import io.github.resilience4j.core.IntervalFunction;
import io.github.resilience4j.retry.Retry;
import io.github.resilience4j.retry.RetryConfig;
import io.jackpot.sdk.BufferFullException;
import io.jackpot.sdk.Contribution;
import io.jackpot.sdk.ContributorConfig;
import io.jackpot.sdk.JackpotContributor;
import io.jackpot.sdk.JackpotException;
import io.jackpot.sdk.RoundResult;
import io.jackpot.sdk.Win;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The SDK over HTTP/1.1 with kept-alive connections (the JDK's HttpClient), over HTTP/2, or with
 * the batches on a WebSocket per endpoint ({@link ContributionStreams}). One sender thread
 * drains the buffer into batches (up to batchSize, waiting at most linger for more); at most
 * maxInFlightBatches are sent at once. A batch that gets no answer, a 5xx, 429 or 503 is sent
 * again, under the same round ids, with exponential backoff and jitter (or after Retry-After),
 * to the next endpoint whose circuit breaker allows; for as long as it takes. Items the service
 * answers ROUND_IN_PROGRESS or OVERLOADED are queued again after a backoff; the service's other
 * answers complete them. Every contribution held counts against bufferCapacity until completed.
 */
public final class HttpJackpotContributor implements JackpotContributor {
  private static final Set<String> RETRY_ITEM = Set.of("ROUND_IN_PROGRESS", "OVERLOADED");

  private final ContributorConfig config;
  private final HttpClient http;
  /** The batches' WebSocket connections when the transport is WEBSOCKET, else null. */
  private final ContributionStreams streams;
  private final Endpoints endpoints;
  private final Retry retry;
  private final IntervalFunction backoff;
  private final LinkedBlockingQueue<Pending> queue = new LinkedBlockingQueue<>();
  private final Semaphore held;
  private final Semaphore inFlight;
  private final ScheduledExecutorService scheduler;
  private final ExecutorService callbacks;
  private final Thread sender;
  private final List<Consumer<Win>> winListeners = new CopyOnWriteArrayList<>();
  private volatile boolean closed;
  /** Claims and win lookups not answered yet: {@link #close()} waits for them, then fails what is left. */
  private final Set<CompletableFuture<?>> requests = ConcurrentHashMap.newKeySet();
  private TickerListener ticker;
  /** The longest Retry-After heeded: a batch waiting holds its in-flight permit and its rounds' buffer slots. */
  private static final long MAX_RETRY_AFTER_MILLIS = 30_000;

  /**
   * One accepted round. Equal by identity, not by content (not a record): the outstanding set adds
   * and removes each one once, and a record would hash the whole contribution both times.
   */
  private static final class Pending {
    private final Contribution contribution;
    private final CompletableFuture<RoundResult> done;
    /** Times the service answered it "not just now" (OVERLOADED, ROUND_IN_PROGRESS): its backoff grows with them. */
    private final java.util.concurrent.atomic.AtomicInteger deferred = new java.util.concurrent.atomic.AtomicInteger();

    Pending(Contribution contribution, CompletableFuture<RoundResult> done) {
      this.contribution = contribution;
      this.done = done;
    }

    Contribution contribution() {
      return contribution;
    }

    CompletableFuture<RoundResult> done() {
      return done;
    }
  }

  /** Every round accepted and not yet settled (queued, in flight, or waiting for a retry). */
  private final java.util.Set<Pending> outstanding = java.util.concurrent.ConcurrentHashMap.newKeySet();

  public HttpJackpotContributor(ContributorConfig config) {
    this.config = config;
    this.http = HttpClient.newBuilder()
        .version(config.transport() == ContributorConfig.Transport.HTTP_2 ? HttpClient.Version.HTTP_2 : HttpClient.Version.HTTP_1_1)
        .connectTimeout(config.requestTimeout()).build();
    this.endpoints = new Endpoints(config.endpoints());
    this.streams = config.transport() == ContributorConfig.Transport.WEBSOCKET
        ? new ContributionStreams(http, config.gameKey(), config.requestTimeout()) : null;
    this.held = new Semaphore(config.bufferCapacity());
    this.inFlight = new Semaphore(config.maxInFlightBatches());
    this.scheduler = Executors.newSingleThreadScheduledExecutor(daemon("jackpot-sdk-retry"));
    this.callbacks = Executors.newFixedThreadPool(2, daemon("jackpot-sdk-callbacks"));
    this.backoff = IntervalFunction.ofExponentialRandomBackoff(config.retryInitialBackoff(), 2.0, 0.5, config.retryMaxBackoff());
    this.retry = Retry.of("jackpot-network", RetryConfig.<Object>custom()
        .maxAttempts(Integer.MAX_VALUE)
        .retryOnException(e -> unwrap(e) instanceof Retryable)
        .intervalBiFunction((attempt, either) -> {
          if (either.isLeft() && unwrap(either.getLeft()) instanceof Retryable r && r.retryAfterMillis >= 0) {
            // The service's own word on when to come back, above retryMaxBackoff too (at most 30 s).
            return Math.min(r.retryAfterMillis, MAX_RETRY_AFTER_MILLIS);
          }
          return backoff.apply(attempt);
        })
        .failAfterMaxAttempts(true)
        .build());
    this.sender = daemon("jackpot-sdk-sender").newThread(this::sendLoop);
    this.sender.start();
  }

  @Override
  public CompletionStage<RoundResult> contribute(Contribution contribution) {
    if (closed) {
      return CompletableFuture.failedFuture(new IllegalStateException("the contributor is closed"));
    }
    if (!held.tryAcquire()) {
      return CompletableFuture.failedFuture(new BufferFullException(config.bufferCapacity()));
    }
    CompletableFuture<RoundResult> done = new CompletableFuture<>();
    Pending p = new Pending(contribution, done);
    outstanding.add(p);
    if (closed) {
      // close() began after the check above: it may already have looked at what is outstanding
      // and let the sender go, so this round is refused rather than left without an answer.
      fail(p, new IllegalStateException("the contributor is closed"));
      return done;
    }
    queue.add(p);
    return done;
  }

  @Override
  public int held() {
    return config.bufferCapacity() - held.availablePermits();
  }

  private void sendLoop() {
    try {
      while (!(closed && queue.isEmpty() && held() == 0)) {
        Pending first = queue.poll(50, TimeUnit.MILLISECONDS);
        if (first == null) {
          continue;
        }
        List<Pending> batch = new ArrayList<>(config.batchSize());
        batch.add(first);
        long deadline = System.nanoTime() + config.linger().toNanos();
        while (batch.size() < config.batchSize()) {
          long left = deadline - System.nanoTime();
          Pending p = left > 0 ? queue.poll(left, TimeUnit.NANOSECONDS) : queue.poll();
          if (p == null) {
            break;
          }
          batch.add(p);
        }
        inFlight.acquire();
        try {
          send(batch).whenComplete((v, e) -> inFlight.release());
        } catch (RuntimeException e) {
          // Never let the one sender thread die: the batch fails, the next ones are still sent.
          inFlight.release();
          batch.forEach(p -> fail(p, e));
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private CompletionStage<Void> send(List<Pending> batch) {
    String body;
    try {
      body = Wire.batch(config.gameId(), batch.stream().map(Pending::contribution).toList());
    } catch (IOException e) {
      batch.forEach(p -> fail(p, e));
      return CompletableFuture.completedFuture(null);
    }
    Supplier<CompletionStage<String>> attempt = streams != null ? () -> overStream(body) : () -> call("POST", "/v1/contributions", body);
    return retried(attempt).handleAsync((text, error) -> {
      if (error != null) {
        Throwable t = unwrap(error);
        batch.forEach(p -> {
          if (t instanceof JackpotException refused) {
            finish(p, new RoundResult(p.contribution().roundId(), RoundResult.Status.REJECTED, List.of(), List.of(),
                refused.code(), refused.getMessage()));
          } else {
            fail(p, t);
          }
        });
        return null;
      }
      try {
        List<RoundResult> results = Wire.results(text);
        // Checked whole before any item is settled, so a malformed reply fails each item exactly once.
        for (int i = 0; i < batch.size(); i++) {
          if (i >= results.size() || !batch.get(i).contribution().roundId().equals(results.get(i).roundId())) {
            throw new IOException("the service answered " + results.size() + " results that do not match the "
                + batch.size() + " rounds sent");
          }
        }
        for (int i = 0; i < batch.size(); i++) {
          settle(batch.get(i), results.get(i));
        }
      } catch (IOException | RuntimeException e) {
        batch.forEach(p -> fail(p, e));
      }
      return null;
    }, callbacks);
  }

  /** A round the service could not take just now goes back in the queue after a backoff; the rest are done. */
  private void settle(Pending p, RoundResult r) {
    if (r.status() == RoundResult.Status.REJECTED && RETRY_ITEM.contains(r.errorCode())) {
      scheduler.schedule(() -> queue.add(p), backoff.apply(p.deferred.incrementAndGet()), TimeUnit.MILLISECONDS);
    } else {
      finish(p, r);
    }
  }

  /** The buffer slot is freed before the game hears the outcome, so what it sees is never more than held. */
  private void finish(Pending p, RoundResult r) {
    if (outstanding.remove(p)) {
      held.release();
      p.done().complete(r);
    }
  }

  /** Each round is settled once: a second outcome for it (or one after close gave up) is ignored. */
  private void fail(Pending p, Throwable t) {
    if (outstanding.remove(p)) {
      held.release();
      p.done().completeExceptionally(t);
    }
  }

  @Override
  public CompletionStage<Win> claim(String roundId, String playerId, String jackpotId, String poolKey, String currency) {
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("roundId", roundId);
    body.put("gameId", config.gameId());
    body.put("playerId", playerId);
    body.put("jackpotId", jackpotId);
    if (poolKey != null) {
      body.put("poolKey", poolKey);
    }
    body.put("currency", currency);
    return tracked(() -> retried(() -> call("POST", "/v1/wins", json(body))).thenApply(text -> parse(() -> Wire.winOf(text))));
  }

  @Override
  public CompletionStage<List<Win>> findWins(String roundId) {
    String path = "/v1/wins?roundId=" + URLEncoder.encode(roundId, StandardCharsets.UTF_8);
    return tracked(() -> retried(() -> call("GET", path, null)).thenApply(text -> parse(() -> Wire.wins(text))));
  }

  /** A claim or lookup that {@link #close()} answers before it returns; refused once closed, like a contribution. */
  private <T> CompletionStage<T> tracked(Supplier<CompletionStage<T>> request) {
    CompletableFuture<T> answer = new CompletableFuture<>();
    requests.add(answer);
    answer.whenComplete((v, e) -> requests.remove(answer));
    // Checked after joining the set: a close() that began meanwhile either sees this request or
    // has set the flag, so no claim slips out unwatched.
    if (closed) {
      answer.completeExceptionally(new IllegalStateException("the contributor is closed"));
      return answer;
    }
    try {
      request.get().whenComplete((v, e) -> {
        if (e != null) {
          answer.completeExceptionally(e);
        } else {
          answer.complete(v);
        }
      });
    } catch (RuntimeException e) {
      answer.completeExceptionally(e); // a first attempt that throws (bad input) leaves nothing watched
    }
    return answer;
  }

  @Override
  public CompletionStage<Void> onJackpotWon(Consumer<Win> listener) {
    winListeners.add(listener);
    synchronized (this) {
      if (ticker == null) {
        // Its own client: the ticker's long-lived WebSocket is kept apart from the request traffic.
        HttpClient tickerClient = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(config.requestTimeout()).build();
        ticker = new TickerListener(tickerClient, endpoints, scheduler, winListeners, () -> closed);
        ticker.connect();
      }
      return ticker.subscribed();
    }
  }

  private CompletionStage<String> retried(Supplier<CompletionStage<String>> call) {
    return Retry.decorateCompletionStage(retry, scheduler, call).get();
  }

  /** One attempt at one endpoint; the breaker hears how it went. */
  private CompletionStage<String> call(String method, String path, String body) {
    Endpoints.Endpoint e = endpoints.pick();
    HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(e.base() + path)).timeout(config.requestTimeout())
        .header("Authorization", "Bearer " + config.gameKey())
        .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
    if (body != null) {
      b.header("Content-Type", "application/json");
    }
    long start = System.nanoTime();
    return http.sendAsync(b.build(), HttpResponse.BodyHandlers.ofString()).handle((resp, error) -> {
      long took = System.nanoTime() - start;
      if (error != null) {
        e.breaker().onError(took, TimeUnit.NANOSECONDS, error);
        throw new Retryable("no answer from " + e.base() + ": " + error, -1, error);
      }
      return answered(e, took, resp.statusCode(), retryAfterMillis(resp.headers()), resp.body());
    });
  }

  /** One attempt at sending a batch on an endpoint's contribution stream (WebSocket); as {@link #call}. */
  private CompletionStage<String> overStream(String body) {
    Endpoints.Endpoint e = endpoints.pick();
    long start = System.nanoTime();
    return streams.send(e.base(), body).handle((answer, error) -> {
      long took = System.nanoTime() - start;
      if (error != null) {
        Throwable t = unwrap(error);
        if (t instanceof java.net.http.WebSocketHandshakeException h && h.getResponse().statusCode() < 500
            && h.getResponse().statusCode() != 429) {
          // Refused at the upgrade (401 unknown key, 403, 400): as refused as a POST would be.
          e.breaker().onSuccess(took, TimeUnit.NANOSECONDS);
          Object text = h.getResponse().body();
          throw refused(h.getResponse().statusCode(), text instanceof String str ? str : String.valueOf(text));
        }
        e.breaker().onError(took, TimeUnit.NANOSECONDS, t);
        // A 429 or 503 at the upgrade (a proxy in front of the service) may say when to come back.
        long after = t instanceof java.net.http.WebSocketHandshakeException h ? retryAfterMillis(h.getResponse().headers()) : -1;
        throw new Retryable("no answer from " + e.base() + " on its contribution stream: " + t, after, t);
      }
      return answered(e, took, answer.status(), answer.retryAfterMillis(), answer.text());
    });
  }

  /** The breaker hears how it went; 429 and 5xx are retried, other 4xx refuse the batch. */
  private String answered(Endpoints.Endpoint e, long took, int status, long retryAfterMillis, String body) {
    if (status == 429 || status >= 500) {
      e.breaker().onError(took, TimeUnit.NANOSECONDS, new IOException("HTTP " + status));
      throw new Retryable(e.base() + " answered " + status, retryAfterMillis, null);
    }
    e.breaker().onSuccess(took, TimeUnit.NANOSECONDS);
    if (status >= 400) {
      throw refused(status, body);
    }
    return body;
  }

  /** Retry-After in milliseconds: delay-seconds, or an HTTP-date (RFC 9110); unreadable: 1 s. */
  static long retryAfterMillis(String v) {
    String t = v.trim();
    try {
      return Math.max(0, Long.parseLong(t)) * 1000;
    } catch (NumberFormatException notSeconds) {
      try {
        java.time.Instant at = java.time.ZonedDateTime.parse(t, java.time.format.DateTimeFormatter.RFC_1123_DATE_TIME).toInstant();
        return Math.max(0, java.time.Duration.between(java.time.Instant.now(), at).toMillis());
      } catch (java.time.format.DateTimeParseException notADate) {
        return 1000;
      }
    }
  }

  private static long retryAfterMillis(java.net.http.HttpHeaders headers) {
    return headers.firstValue("Retry-After").map(HttpJackpotContributor::retryAfterMillis).orElse(-1L);
  }

  @SuppressWarnings("unchecked")
  private static JackpotException refused(int status, String body) {
    try {
      Map<String, Object> error = (Map<String, Object>) Wire.map(body).get("error");
      return new JackpotException(status, (String) error.get("code"), (String) error.get("message"));
    } catch (IOException | RuntimeException e) {
      return new JackpotException(status, "HTTP_" + status, body);
    }
  }

  private interface Parse<T> {
    T get() throws IOException;
  }

  private static <T> T parse(Parse<T> p) {
    try {
      return p.get();
    } catch (IOException e) {
      throw new CompletionException(e);
    }
  }

  private static String json(Map<String, Object> map) {
    return parse(() -> Wire.json(map));
  }

  static Throwable unwrap(Throwable t) {
    while (t instanceof CompletionException && t.getCause() != null) {
      t = t.getCause();
    }
    return t;
  }

  @Override
  public void close() {
    closed = true;
    int capacity = config.bufferCapacity();
    long deadline = System.nanoTime() + config.requestTimeout().toNanos() * 3;
    try {
      // All permits back means everything held was delivered.
      if (held.tryAcquire(capacity, deadline - System.nanoTime(), TimeUnit.NANOSECONDS)) {
        held.release(capacity);
      }
      // Claims and lookups under way are answered within the same time.
      CompletableFuture.allOf(requests.toArray(CompletableFuture[]::new))
          .get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (ExecutionException | TimeoutException e) {
      // a claim refused, or the time is up: both are settled below
    }
    // Whatever the service has not confirmed by now is failed, never left without an answer.
    for (Pending p : List.copyOf(outstanding)) {
      fail(p, new IllegalStateException("closed before the service confirmed round " + p.contribution().roundId()
          + "; it may or may not be recorded: look it up by round id"));
    }
    for (CompletableFuture<?> r : List.copyOf(requests)) {
      r.completeExceptionally(new IllegalStateException("closed before the service answered; a claim may or may not be recorded:"
          + " look its wins up by round id"));
    }
    sender.interrupt();
    if (streams != null) {
      streams.close();
    }
    synchronized (this) {
      if (ticker != null) {
        ticker.close();
      }
    }
    scheduler.shutdownNow();
    callbacks.shutdown();
  }

  private static java.util.concurrent.ThreadFactory daemon(String name) {
    return r -> {
      Thread t = new Thread(r, name);
      t.setDaemon(true);
      return t;
    };
  }
}
