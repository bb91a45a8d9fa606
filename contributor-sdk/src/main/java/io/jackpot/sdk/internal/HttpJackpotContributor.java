package io.jackpot.sdk.internal;

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
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * The SDK over HTTP/1.1 with kept-alive connections (the JDK's HttpClient), over HTTP/2, or with
 * the batches on a WebSocket per endpoint ({@link ContributionStreams}). One sender thread
 * drains the buffer into batches (up to batchSize, waiting at most linger for more); at most
 * maxInFlightBatches are sent at once. A batch that gets no answer (within requestTimeout), a 5xx,
 * 408 or 429, a redirect, a 2xx that is not the service's results (a proxy's page), or a refusal
 * that is not the service's own word on the call (a proxy's or a misrouted answer: no error code
 * from the service, or one that says the endpoint cannot take the call; but 413, final) is sent
 * again, under the same round ids, with exponential backoff and jitter (never sooner than
 * Retry-After), to the next endpoint whose circuit breaker allows; for as long as it takes. An
 * endpoint whose path drops the WebSocket upgrade, that has no stream (its upgrade answered 404 or
 * 405), or whose stream is closed 1009 (a message too big for a gateway on the way), gets its
 * batches by POST for a while. Items the service answers REJECTED but retryable (ROUND_IN_PROGRESS, OVERLOADED, or
 * marked {@code "retryable": true}) are queued again after a backoff; the service's other answers
 * complete them. Every contribution held counts against bufferCapacity until completed.
 */
public final class HttpJackpotContributor implements JackpotContributor {
  private static final Set<String> RETRY_ITEM = Set.of("ROUND_IN_PROGRESS", "OVERLOADED");
  /**
   * Error codes that say the endpoint cannot take the call (a base URL with a wrong path, a proxy
   * that strips the WebSocket upgrade), not that the call is wrong: tried again, elsewhere too.
   */
  private static final Set<String> ENDPOINT_CODES = Set.of("NOT_FOUND", "METHOD_NOT_ALLOWED", "WEBSOCKET_REQUIRED");

  private final ContributorConfig config;
  private final HttpClient http;
  /** The batches' WebSocket connections when the transport is WEBSOCKET, else null. */
  private final ContributionStreams streams;
  private final Endpoints endpoints;
  private final Retry retry;
  private final LinkedBlockingQueue<Pending> queue = new LinkedBlockingQueue<>();
  private final Semaphore held;
  /** Batches sent at once: resilience4j's semaphore bulkhead (maxInFlightBatches). */
  private final io.github.resilience4j.bulkhead.Bulkhead inFlight;
  /** Retries, deferred rounds, the ticker's pings, and the answer deadlines of stream batches and HTTP attempts (each cancelled once answered). */
  private final ScheduledThreadPoolExecutor scheduler;
  private final ExecutorService callbacks;
  private final Thread sender;
  private final List<Consumer<Win>> winListeners = new CopyOnWriteArrayList<>();
  private volatile boolean closed;
  /**
   * Endpoints whose path to the service does not pass the WebSocket upgrade, and until when (nanoTime)
   * their batches go by POST.
   */
  private final Map<URI, Long> noStreamUntil = new ConcurrentHashMap<>();
  private static final java.time.Duration NO_STREAM_FOR = java.time.Duration.ofMinutes(1);
  /** Why the last batch sent failed, or null once one went through: told with a full buffer, which is what it leads to. */
  private volatile String lastFailure;
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

    /**
     * What claims of this round wait on, made only when one does: the game's own future
     * ({@code done}) is not waited on, since the game may complete it itself (a timeout of its own).
     */
    private CompletableFuture<Boolean> claimsWaiting; // guarded by this
    private boolean settled; // guarded by this
    /** Set, before it is settled, when close() gave the round up unconfirmed: a claim waiting for it is then not sent. */
    private volatile boolean givenUp;

    Pending(Contribution contribution, CompletableFuture<RoundResult> done) {
      this.contribution = contribution;
      this.done = done;
    }

    /** Completes once the round is settled: true if answered, false if close() gave it up. */
    synchronized CompletionStage<Boolean> whenSettled() {
      if (settled) {
        return CompletableFuture.completedFuture(!givenUp);
      }
      if (claimsWaiting == null) {
        claimsWaiting = new CompletableFuture<>();
      }
      return claimsWaiting;
    }

    void markSettled() {
      CompletableFuture<Boolean> waiting;
      synchronized (this) {
        settled = true;
        waiting = claimsWaiting;
      }
      if (waiting != null) {
        waiting.complete(!givenUp); // outside the lock: the claims continue from here
      }
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
  /**
   * The outstanding rounds by id (the first, if one id was given twice): a claim of one of them is
   * sent once it is settled, because a service may take claims only for recorded rounds
   * (JACKPOT_CLAIM_ROUNDS=recorded), and a round's own share belongs in the pool it wins.
   */
  private final java.util.concurrent.ConcurrentHashMap<String, Pending> unsettled = new java.util.concurrent.ConcurrentHashMap<>();

  public HttpJackpotContributor(ContributorConfig config) {
    this.config = config;
    this.http = HttpClient.newBuilder()
        .version(config.transport() == ContributorConfig.Transport.HTTP_2 ? HttpClient.Version.HTTP_2 : HttpClient.Version.HTTP_1_1)
        .connectTimeout(config.requestTimeout()).build();
    this.endpoints = new Endpoints(config.endpoints());
    this.scheduler = new ScheduledThreadPoolExecutor(1, daemon("jackpot-sdk-retry"));
    // A cancelled deadline leaves the queue at once, not when it would have fired.
    this.scheduler.setRemoveOnCancelPolicy(true);
    this.streams = config.transport() == ContributorConfig.Transport.WEBSOCKET
        ? new ContributionStreams(http, config.gameKey(), config.requestTimeout(), scheduler) : null;
    this.held = new Semaphore(config.bufferCapacity());
    this.inFlight = io.github.resilience4j.bulkhead.Bulkhead.of("jackpot-in-flight", io.github.resilience4j.bulkhead.BulkheadConfig.custom()
        .maxConcurrentCalls(config.maxInFlightBatches()).maxWaitDuration(config.requestTimeout()).fairCallHandlingStrategyEnabled(true).build());
    ThreadFactory callbackThreads = daemon("jackpot-sdk-callbacks");
    this.callbacks = Executors.newFixedThreadPool(2, r -> callbackThreads.newThread(() -> {
      onCallback.set(true);
      r.run();
    }));
    this.retry = Retry.of("jackpot-network", RetryConfig.<Object>custom()
        .maxAttempts(Integer.MAX_VALUE)
        .retryOnException(e -> unwrap(e) instanceof Retryable)
        .intervalBiFunction((attempt, either) -> {
          long wait = backoffMillis(attempt);
          if (either.isLeft() && unwrap(either.getLeft()) instanceof Retryable r && r.retryAfterMillis >= 0) {
            return afterRetryAfter(r.retryAfterMillis, wait, ThreadLocalRandom.current().nextDouble());
          }
          return wait;
        })
        .failAfterMaxAttempts(true)
        .build());
    this.sender = daemon("jackpot-sdk-sender").newThread(this::sendLoop);
    this.sender.start();
  }

  @Override
  public CompletionStage<RoundResult> contribute(Contribution contribution) {
    // Before a buffer slot is taken: a null must not cost one for good.
    java.util.Objects.requireNonNull(contribution, "contribution");
    if (closed) {
      return CompletableFuture.failedFuture(new IllegalStateException("the contributor is closed"));
    }
    if (!held.tryAcquire()) {
      return CompletableFuture.failedFuture(new BufferFullException(config.bufferCapacity(), lastFailure));
    }
    CompletableFuture<RoundResult> done = new CompletableFuture<>();
    Pending p = new Pending(contribution, done);
    outstanding.add(p);
    unsettled.putIfAbsent(contribution.roundId(), p);
    if (closed) {
      // close() began after the check above: it may already have looked at what is outstanding
      // and let the sender go, so this round is refused rather than left without an answer (here:
      // nothing can wait on it before it is returned).
      List<Runnable> tell = new ArrayList<>(1);
      fail(p, new IllegalStateException("the contributor is closed"), tell);
      tell.forEach(Runnable::run);
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
        // The sender waits for room until there is some or close() interrupts it (each wait lasts at most
        // requestTimeout, then is tried again): the batch is held, never dropped.
        while (!inFlight.tryAcquirePermission()) {
          if (Thread.currentThread().isInterrupted()) {
            throw new InterruptedException(); // close() interrupts only once it has answered every round
          }
        }
        // Given back once, by send() as soon as the batch is settled (before the game hears of it, so
        // that its callbacks, which may block or call close(), never hold up sending), or here if
        // send() threw before it could.
        try {
          send(batch, inFlight::onComplete);
        } catch (RuntimeException e) {
          // Never let the one sender thread die: the batch fails, the next ones are still sent.
          inFlight.onComplete();
          List<Runnable> tell = new ArrayList<>(batch.size());
          batch.forEach(p -> fail(p, e, tell));
          tellGame(tell);
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /**
   * Sends the batch until it is answered; runs {@code settled} exactly once, when every round of it
   * is settled (a batch that cannot be written is settled failed, the same way), unless it throws
   * first (the caller then settles the batch itself).
   */
  private void send(List<Pending> batch, Runnable settled) {
    CompletionStage<String> answer;
    try {
      String body = Wire.batch(config.gameId(), batch.stream().map(Pending::contribution).toList());
      Supplier<CompletionStage<String>> attempt = () -> sendBatch(body).whenComplete((text, e) -> lastFailure = e == null ? null
          : String.valueOf(unwrap(e).getMessage()));
      answer = retried(attempt);
    } catch (IOException e) {
      answer = CompletableFuture.failedFuture(e);
    }
    answer.handle((text, error) -> {
      // Settled on the thread that got the answer, not on the game's callback threads, which the
      // game may keep busy (a callback waiting for a claim): answers, buffer slots, batch permits
      // and the claims waiting for these rounds never wait for the game. Every round of the batch
      // is settled before the game hears of any: a game that calls close() from its callback finds
      // the rest of this batch already answered, not outstanding.
      List<Runnable> tell = new ArrayList<>(batch.size());
      try {
        if (error != null) {
          Throwable t = unwrap(error);
          for (Pending p : batch) {
            if (t instanceof JackpotException refused) {
              finish(p, new RoundResult(p.contribution().roundId(), RoundResult.Status.REJECTED, List.of(), List.of(),
                  refused.code(), refused.getMessage()), tell);
            } else {
              fail(p, t, tell);
            }
          }
          return null;
        }
        List<Wire.Item> items = answers(text, batch);
        for (int i = 0; i < batch.size(); i++) {
          settle(batch.get(i), items.get(i), tell);
        }
      } catch (IOException | RuntimeException e) {
        batch.forEach(p -> fail(p, e, tell));
      } finally {
        settled.run();
        tellGame(tell);
      }
      return null;
    });
  }

  /** The game hears of settled rounds on the callback threads (on this one once close() has stopped them). */
  private void tellGame(List<Runnable> tell) {
    if (tell.isEmpty()) {
      return;
    }
    try {
      callbacks.execute(() -> tell.forEach(Runnable::run));
    } catch (java.util.concurrent.RejectedExecutionException closing) {
      tell.forEach(Runnable::run);
    }
  }

  /**
   * The answer's items, one per round sent, in their order; checked whole before any round is
   * settled, so an answer that does not match (the service's, read: sending it again would get the
   * same) fails each round exactly once.
   */
  private static List<Wire.Item> answers(String text, List<Pending> batch) throws IOException {
    List<Wire.Item> items;
    try {
      items = Wire.items(text);
    } catch (RuntimeException unreadable) { // a share or trigger this SDK cannot read
      throw new IOException("the service's answer could not be read: " + unreadable, unreadable);
    }
    for (int i = 0; i < batch.size(); i++) {
      if (i >= items.size() || !batch.get(i).contribution().roundId().equals(items.get(i).roundId())) {
        throw new IOException("the service answered " + items.size() + " results that do not match the "
            + batch.size() + " rounds sent");
      }
    }
    return items;
  }

  /**
   * Whether a 2xx answer to a batch is the service's results object at all: a proxy's page sent
   * with a 200 (maintenance, a single-page app's fallback) is not, and is the endpoint failing.
   * Looked at, not parsed: the answer is parsed once, later.
   */
  static boolean resultsObject(String text) {
    return objectWith(text, "\"results\"");
  }

  /** The same for a claim's answer (a win) and a look-up's ({@code {"wins": [...]}}). */
  static boolean winObject(String text) {
    return objectWith(text, "\"winId\"");
  }

  static boolean winsObject(String text) {
    return objectWith(text, "\"wins\"");
  }

  private static boolean objectWith(String text, String field) {
    int i = 0;
    while (i < text.length() && Character.isWhitespace(text.charAt(i))) {
      i++;
    }
    return i < text.length() && text.charAt(i) == '{' && text.contains(field);
  }

  /**
   * A round the service could not take just now goes back in the queue after a backoff; one with a
   * status this SDK does not know fails alone (look it up by round id); the rest are done.
   */
  private void settle(Pending p, Wire.Item item, List<Runnable> tell) {
    RoundResult r = item.result();
    if (r == null) {
      fail(p, new IOException("the service answered round " + item.roundId() + " with status " + item.status()
          + ", which this SDK does not know; look the round up by its id"), tell);
    } else if (r.status() == RoundResult.Status.REJECTED && (item.retryable() || r.errorCode() != null && RETRY_ITEM.contains(r.errorCode()))) {
      scheduler.schedule(() -> queue.add(p), backoffMillis(p.deferred.incrementAndGet()), TimeUnit.MILLISECONDS);
    } else {
      finish(p, r, tell);
    }
  }

  private void finish(Pending p, RoundResult r, List<Runnable> tell) {
    settleOnce(p, done -> done.complete(r), tell, false);
  }

  private void fail(Pending p, Throwable t, List<Runnable> tell) {
    settleOnce(p, done -> done.completeExceptionally(t), tell, false);
  }

  /**
   * Each round is settled once: a second outcome for it (or one after close gave up) is ignored.
   * The buffer slot is freed before the game hears the outcome, so what it sees is never more than
   * held; the game hears it when {@code tell} is run.
   */
  private void settleOnce(Pending p, Consumer<CompletableFuture<RoundResult>> outcome, List<Runnable> tell, boolean givenUp) {
    if (outstanding.remove(p)) {
      p.givenUp = givenUp;
      unsettled.remove(p.contribution().roundId(), p);
      // Counted before the slot is freed: close(), seeing every slot back, also waits for this to be told.
      untold.incrementAndGet();
      held.release();
      // The claims waiting for the round go now: the game's own callbacks, run by the outcome,
      // may wait for one of those claims (a deadlock if the claim waited for them).
      p.markSettled();
      tell.add(() -> {
        try {
          outcome.accept(p.done());
        } finally {
          told();
        }
      });
    }
  }

  /** Rounds settled whose game has not been told yet (close() waits for them). */
  private final java.util.concurrent.atomic.AtomicInteger untold = new java.util.concurrent.atomic.AtomicInteger();

  private void told() {
    if (untold.decrementAndGet() == 0) {
      synchronized (untold) {
        untold.notifyAll();
      }
    }
  }

  /** Waits, until {@code deadline} (nanoTime), for the game to have heard of every settled round. */
  private void awaitTold(long deadline) throws InterruptedException {
    synchronized (untold) {
      long left;
      while (untold.get() > 0 && (left = deadline - System.nanoTime()) > 0) {
        TimeUnit.NANOSECONDS.timedWait(untold, left);
      }
    }
  }

  /** As fail, by close(): a claim waiting for the round is then not sent. */
  private void giveUp(Pending p, Throwable t, List<Runnable> tell) {
    settleOnce(p, done -> done.completeExceptionally(t), tell, true);
  }

  /**
   * The wait before attempt {@code attempt + 1} (1-based): exponential, drawn uniformly between half
   * and all of min(initial × 2^(attempt − 1), max), so that callers failing together spread out,
   * also once the cap is reached.
   */
  private long backoffMillis(int attempt) {
    return backoffMillis(config.retryInitialBackoff().toMillis(), config.retryMaxBackoff().toMillis(), attempt,
        ThreadLocalRandom.current().nextDouble());
  }

  static long backoffMillis(long initialMillis, long maxMillis, int attempt, double random) {
    double base = Math.min((double) maxMillis, initialMillis * Math.pow(2, Math.max(0, attempt - 1)));
    // At least 1 ms: resilience4j takes a wait under 1 ms for "give up".
    return Math.max(1, (long) (base / 2 + random * base / 2));
  }

  /**
   * The wait after a Retry-After: never sooner than the service asked (at most 30 s heeded), up to
   * half as long again (every caller told "1 s" must not come back in the same instant), and never
   * shorter than the backoff ({@code backoffMillis}) either.
   */
  static long afterRetryAfter(long retryAfterMillis, long backoffMillis, double random) {
    long after = Math.min(retryAfterMillis, MAX_RETRY_AFTER_MILLIS);
    return Math.max(1, Math.max(after + (long) (random * after / 2), backoffMillis));
  }

  @Override
  public CompletionStage<Win> claim(String roundId, String playerId, String jackpotId, String poolKey, String currency) {
    java.util.Objects.requireNonNull(roundId, "roundId");
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("roundId", roundId);
    body.put("gameId", config.gameId());
    body.put("playerId", playerId);
    body.put("jackpotId", jackpotId);
    if (poolKey != null) {
      body.put("poolKey", poolKey);
    }
    body.put("currency", currency);
    Pending round = unsettled.get(roundId);
    CompletionStage<Boolean> settled = round == null ? CompletableFuture.completedFuture(true) : round.whenSettled();
    return tracked(() -> settled.thenCompose(answered -> {
      if (!answered) {
        throw new IllegalStateException("closed before the service confirmed round " + roundId + "; its claim was not sent");
      }
      // When the service first said the round is on its way: the wait counts from then, not from
      // the first send, which an outage may have preceded by longer than the wait.
      var inProgressSince = new java.util.concurrent.atomic.AtomicReference<Long>();
      return retried(() -> call(endpoints.pick(), "POST", "/v1/wins", json(body), HttpJackpotContributor::winObject).handle((text, error) -> {
        if (error == null) {
          return text;
        }
        if (unwrap(error) instanceof JackpotException j && j.status() == 409 && "ROUND_IN_PROGRESS".equals(j.code())) {
          long now = System.nanoTime();
          inProgressSince.compareAndSet(null, now);
          if (now - inProgressSince.get() < inProgressWait().toNanos()) {
            // The claim overtook its round, sent by another client: taken once the round is recorded.
            throw new Retryable("the service is still recording round " + roundId + " (ROUND_IN_PROGRESS)", -1, j);
          }
        }
        throw error instanceof CompletionException c ? c : new CompletionException(error);
      }));
    }).thenApply(text -> parse(() -> Wire.winOf(text))));
  }

  /**
   * How long a claim answered ROUND_IN_PROGRESS (its round, sent by another client, is still being
   * recorded) is sent again before that answer is final: three request timeouts from the first such
   * answer.
   */
  private java.time.Duration inProgressWait() {
    return config.requestTimeout().multipliedBy(3);
  }

  @Override
  public CompletionStage<List<Win>> findWins(String roundId) {
    java.util.Objects.requireNonNull(roundId, "roundId");
    String path = "/v1/wins?roundId=" + URLEncoder.encode(roundId, StandardCharsets.UTF_8);
    return tracked(() -> retried(() -> call(endpoints.pick(), "GET", path, null, HttpJackpotContributor::winsObject)).thenApply(text -> parse(() -> Wire.wins(text))));
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
        Runnable tell = () -> {
          if (e != null) {
            answer.completeExceptionally(e);
          } else {
            answer.complete(v);
          }
        };
        // Once closing, the game hears on the callback threads: a claim waiting for a round close()
        // gives up fails right there, and its callbacks would otherwise run on the thread closing.
        if (closed) {
          tellGame(List.of(tell));
        } else {
          tell.run();
        }
      });
    } catch (RuntimeException e) {
      answer.completeExceptionally(e); // a first attempt that throws (bad input) leaves nothing watched
    }
    return answer;
  }

  @Override
  public CompletionStage<Void> onJackpotWon(Consumer<Win> listener) {
    synchronized (this) {
      if (closed) {
        return CompletableFuture.failedFuture(new IllegalStateException("the contributor is closed"));
      }
      winListeners.add(listener);
      if (ticker == null) {
        // Its own client: the ticker's long-lived WebSocket is kept apart from the request traffic.
        HttpClient tickerClient = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(config.requestTimeout()).build();
        ticker = new TickerListener(tickerClient, config.requestTimeout(), endpoints, scheduler, winListeners, () -> closed);
        ticker.connect();
      }
      // A stage of the caller's own: one caller completing or cancelling it (a timeout) leaves the others'.
      return ticker.subscribed().toCompletableFuture().copy();
    }
  }

  /**
   * The call, tried again as the retry rules say. An attempt that throws instead of failing its
   * stage fails it: resilience4j does not catch what a retried attempt throws, and the caller
   * would wait for ever.
   */
  private <T> CompletionStage<T> retried(Supplier<CompletionStage<T>> call) {
    Supplier<CompletionStage<T>> attempt = () -> {
      try {
        return call.get();
      } catch (RuntimeException e) {
        return CompletableFuture.failedFuture(e);
      }
    };
    return Retry.decorateCompletionStage(retry, scheduler, attempt).get();
  }

  /**
   * One attempt at sending a batch: on the next endpoint's contribution stream, or by POST where
   * that is the transport, or where the path to the endpoint does not pass the WebSocket upgrade.
   */
  private CompletionStage<String> sendBatch(String body) {
    Endpoints.Endpoint e = endpoints.pick();
    Long until = noStreamUntil.get(e.base());
    return streams == null || (until != null && System.nanoTime() - until < 0) ? post(e, body) : overStream(e, body);
  }

  private CompletionStage<String> post(Endpoints.Endpoint e, String body) {
    return call(e, "POST", "/v1/contributions", body, HttpJackpotContributor::resultsObject);
  }

  /** One attempt at one endpoint; the breaker hears how it went. */
  private CompletionStage<String> call(Endpoints.Endpoint e, String method, String path, String body, Predicate<String> isAnswer) {
    HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(e.base() + path)).timeout(config.requestTimeout())
        .header("Authorization", "Bearer " + config.gameKey())
        .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
    if (body != null) {
      b.header("Content-Type", "application/json");
    }
    long start = System.nanoTime();
    CompletableFuture<HttpResponse<String>> exchange = http.sendAsync(b.build(), HttpResponse.BodyHandlers.ofString());
    // The request's own timeout ends when the headers arrive; this one covers the body too, and
    // cancels the exchange (the JDK aborts it, since 16) rather than leave it reading.
    if (!Deadline.on(scheduler, exchange, config.requestTimeout(), () -> exchange.cancel(true))) {
      exchange.cancel(true); // the SDK is closing: close() answers what waits on this
    }
    return exchange.handle((resp, error) -> {
      long took = System.nanoTime() - start;
      if (error != null) {
        e.breaker().onError(took, TimeUnit.NANOSECONDS, error);
        String why = error instanceof java.util.concurrent.CancellationException
            ? "no answer within " + config.requestTimeout().toMillis() + " ms" : String.valueOf(error);
        throw new Retryable("no answer from " + e.base() + ": " + why, -1, error);
      }
      return answered(e, took, resp.statusCode(), retryAfterMillis(resp.headers()), resp.body(), isAnswer);
    });
  }

  /**
   * One attempt at sending a batch on an endpoint's contribution stream (WebSocket); as {@link #call}.
   * If the service answers the upgrade WEBSOCKET_REQUIRED (a proxy on the way dropped the Upgrade
   * header), or the upgrade is answered 404 or 405 (no stream there), or the stream is closed 1009
   * (a message too big for something on the way), the batch goes by POST to that endpoint, and so
   * do its next ones for {@link #NO_STREAM_FOR}.
   */
  private CompletionStage<String> overStream(Endpoints.Endpoint e, String body) {
    long start = System.nanoTime();
    return streams.send(e.base(), body).handle((answer, error) -> {
      long took = System.nanoTime() - start;
      if (error != null) {
        Throwable t = unwrap(error);
        if (t instanceof java.net.http.WebSocketHandshakeException h) {
          // Refused at the upgrade: by the service (401 unknown key, 403), as refused as a POST
          // would be; for want of the upgrade, by POST instead; by a proxy, an endpoint failure
          // like any other.
          String text = h.getResponse().body() instanceof String str ? str : null;
          int status = h.getResponse().statusCode();
          JackpotException refused = finalRefusal(status, text);
          if (refused != null) {
            e.breaker().onSuccess(took, TimeUnit.NANOSECONDS);
            throw refused;
          }
          Map<?, ?> err = serviceError(text);
          boolean upgradeDropped = err != null && "WEBSOCKET_REQUIRED".equals(err.get("code"));
          // 404 or 405: a member without the stream (API.md's v1 has none; an older version during
          // a rolling upgrade), or a proxy that routes only what API.md lists; POST may well work.
          if (upgradeDropped || status == 404 || status == 405) {
            return byPost(e, body, upgradeDropped
                ? "the path to " + e.base() + " does not pass WebSocket upgrades (the service answered WEBSOCKET_REQUIRED)"
                : e.base() + " has no contribution stream (its upgrade was answered " + status + ")");
          }
        }
        if (t instanceof ContributionStreams.MessageTooBig) {
          // Every batch waiting on the connection fails so; each goes by POST (idempotent by round
          // id), which takes larger bodies, or answers 413, final, for one too large for it too.
          return byPost(e, body, t.getMessage() + " (a message too big for something on the way; or lower batchSize)");
        }
        e.breaker().onError(took, TimeUnit.NANOSECONDS, t);
        // A 429 or 503 at the upgrade (a proxy in front of the service) may say when to come back.
        throw new Retryable("no answer from " + e.base() + " on its contribution stream: " + t, upgradeRetryAfterMillis(t), t);
      }
      return CompletableFuture.completedFuture(answered(e, took, answer.status(), answer.retryAfterMillis(), answer.text(),
          HttpJackpotContributor::resultsObject));
    }).thenCompose(next -> next);
  }

  /** The batch by POST, and the endpoint's next ones for {@link #NO_STREAM_FOR}; {@code why} is logged once per spell. */
  private CompletionStage<String> byPost(Endpoints.Endpoint e, String body, String why) {
    long now = System.nanoTime();
    Long before = noStreamUntil.put(e.base(), now + NO_STREAM_FOR.toNanos());
    // A new spell: none before, or the last one over (the stream was tried again and failed again).
    if (before == null || now - before >= 0) {
      System.getLogger(HttpJackpotContributor.class.getName()).log(System.Logger.Level.WARNING,
          why + ": its batches go by POST, the stream is tried again every " + NO_STREAM_FOR.toSeconds() + " s");
    }
    return post(e, body);
  }

  /**
   * The breaker hears how it went. A 2xx whose body {@code isAnswer} is the answer; the service's
   * own refusal of the call refuses it; anything else (5xx, 408, 429, a redirect, a proxy's 4xx, a
   * proxy's page sent with a 2xx) is the endpoint failing, and is retried.
   */
  private String answered(Endpoints.Endpoint e, long took, int status, long retryAfterMillis, String body, Predicate<String> isAnswer) {
    if (status >= 200 && status < 300 && isAnswer.test(body)) {
      e.breaker().onSuccess(took, TimeUnit.NANOSECONDS);
      return body;
    }
    if (status >= 200 && status < 300) {
      e.breaker().onError(took, TimeUnit.NANOSECONDS, new IOException("HTTP " + status + " without the answer"));
      throw new Retryable(e.base() + " answered " + status + " with something that is not the service's answer: "
          + body.substring(0, Math.min(80, body.length())), -1, null);
    }
    JackpotException refused = finalRefusal(status, body);
    if (refused != null) {
      e.breaker().onSuccess(took, TimeUnit.NANOSECONDS);
      throw refused;
    }
    e.breaker().onError(took, TimeUnit.NANOSECONDS, new IOException("HTTP " + status));
    throw new Retryable(e.base() + " answered " + status, retryAfterMillis, null);
  }

  /**
   * The service's own refusal of a call, final: a 4xx (not 408 or 429) whose body is the service's
   * error with its code (API.md), the code not one that says the endpoint cannot take the call.
   * Null for anything else: a proxy's or load balancer's answer, a redirect, a wrong path.
   */
  static JackpotException finalRefusal(int status, String body) {
    if (status < 400 || status >= 500 || status == 408 || status == 429) {
      return null;
    }
    Map<?, ?> error = serviceError(body);
    if (status == 413) {
      // Too large for the service or for a proxy in front of it: the same batch would be refused again.
      return error != null ? new JackpotException(413, (String) error.get("code"), error.get("message") instanceof String m ? m : "")
          : new JackpotException(413, "PAYLOAD_TOO_LARGE", "the request is larger than the endpoint accepts (for contributions: lower batchSize)");
    }
    if (error == null || ENDPOINT_CODES.contains((String) error.get("code"))) {
      return null;
    }
    return new JackpotException(status, (String) error.get("code"), error.get("message") instanceof String m ? m : "");
  }

  /** The service's error object ({"error": {"code": …, "message": …}}, API.md) in {@code body}, with a code; else null. */
  private static Map<?, ?> serviceError(String body) {
    try {
      if (body != null && Wire.map(body).get("error") instanceof Map<?, ?> error && error.get("code") instanceof String) {
        return error;
      }
    } catch (IOException | RuntimeException notTheService) {
      // not the service's error body
    }
    return null;
  }


  /** Retry-After in milliseconds: delay-seconds, or an HTTP-date (RFC 9110); unreadable: 1 s. */
  static long retryAfterMillis(String v) {
    String t = v.trim();
    try {
      return secondsToMillis(Long.parseLong(t));
    } catch (NumberFormatException notSeconds) {
      try {
        java.time.Instant at = java.time.ZonedDateTime.parse(t, java.time.format.DateTimeFormatter.RFC_1123_DATE_TIME).toInstant();
        return Math.max(0, java.time.Duration.between(java.time.Instant.now(), at).toMillis());
      } catch (java.time.format.DateTimeParseException notADate) {
        return 1000;
      }
    }
  }

  /**
   * A Retry-After's seconds in milliseconds: none below 0, and no overflow (a value past a long's
   * range in milliseconds is the longest wait, which {@link #afterRetryAfter} caps, not a negative one).
   */
  static long secondsToMillis(long seconds) {
    return seconds <= 0 ? 0 : seconds >= Long.MAX_VALUE / 1000 ? Long.MAX_VALUE : seconds * 1000;
  }

  /** The same for a number read from JSON: one past a long (a BigInteger) is the longest wait too, not its low 64 bits. */
  static long secondsToMillis(Number seconds) {
    return seconds instanceof java.math.BigInteger b ? (b.signum() > 0 ? Long.MAX_VALUE : 0) : secondsToMillis(seconds.longValue());
  }

  /** The Retry-After of a WebSocket upgrade answered 429 or 503, or -1 (for the stream and the ticker alike). */
  static long upgradeRetryAfterMillis(Throwable error) {
    return unwrap(error) instanceof java.net.http.WebSocketHandshakeException h
        && (h.getResponse().statusCode() == 429 || h.getResponse().statusCode() == 503) ? retryAfterMillis(h.getResponse().headers()) : -1;
  }

  static long retryAfterMillis(java.net.http.HttpHeaders headers) {
    return headers.firstValue("Retry-After").map(HttpJackpotContributor::retryAfterMillis).orElse(-1L);
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
    // An interrupt pending before close() (a game shutting down from a cancelled task) does not cut
    // its waits short; it is set again on return. One that comes during them does.
    boolean pending = Thread.interrupted();
    boolean cut = false;
    try {
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
        cut = true;
      } catch (ExecutionException | TimeoutException e) {
        // a claim refused, or the time is up: both are settled below
      }
      // Whatever the service has not confirmed by now is failed, never left without an answer; the
      // game hears of it on the callback threads, as of every round, not on the thread closing
      // (a callback that blocks would hold close() past its bound).
      List<Runnable> givenUp = new ArrayList<>();
      for (Pending p : List.copyOf(outstanding)) {
        giveUp(p, new IllegalStateException("closed before the service confirmed round " + p.contribution().roundId()
            + "; it may or may not be recorded: look it up by round id"), givenUp);
      }
      for (CompletableFuture<?> r : List.copyOf(requests)) {
        givenUp.add(() -> r.completeExceptionally(new IllegalStateException("closed before the service answered; a claim may or may"
            + " not be recorded: look its wins up by round id")));
      }
      tellGame(givenUp);
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
      // Rounds settled are told on the callback threads: close() returns once the game has heard of
      // them (but for a close() called from such a callback, which cannot wait for itself).
      if (!onCallback.get() && !cut) {
        try {
          awaitTold(System.nanoTime() + Math.max(deadline - System.nanoTime(), TimeUnit.SECONDS.toNanos(1)));
        } catch (InterruptedException e) {
          cut = true;
        }
      }
      callbacks.shutdown();
    } finally {
      if (pending || cut) {
        Thread.currentThread().interrupt();
      }
    }
  }

  /** Whether this thread is one of this client's callback threads (where the game hears of its rounds). */
  private final ThreadLocal<Boolean> onCallback = ThreadLocal.withInitial(() -> false);

  private static ThreadFactory daemon(String name) {
    return r -> {
      Thread t = new Thread(r, name);
      t.setDaemon(true);
      return t;
    };
  }
}
