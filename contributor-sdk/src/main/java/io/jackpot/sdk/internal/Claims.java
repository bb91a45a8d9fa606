package io.jackpot.sdk.internal;

import io.jackpot.sdk.ContributorConfig;
import io.jackpot.sdk.JackpotException;
import io.jackpot.sdk.Win;
import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * Claims and win look-ups: retried until answered, a claim sent only once its round is settled,
 * and each one tracked so that close() answers it before it returns.
 */
final class Claims {
  private final String gameId;
  /** How long a claim answered ROUND_IN_PROGRESS is sent again, from that first answer, before the answer is final. */
  private final Duration inProgressWait;
  private final BoundedBuffer buffer;
  private final HttpTransport http;
  private final EndlessRetry retry;
  private final CallbackThreads callbacks;
  private final BooleanSupplier closed;
  /** Claims and look-ups not answered yet: close() waits for them, then fails what is left. */
  private final Set<CompletableFuture<?>> requests = ConcurrentHashMap.newKeySet();

  Claims(ContributorConfig config, BoundedBuffer buffer, HttpTransport http, EndlessRetry retry, CallbackThreads callbacks,
      BooleanSupplier closed) {
    this.gameId = config.gameId();
    this.inProgressWait = config.requestTimeout().multipliedBy(3);
    this.buffer = buffer;
    this.http = http;
    this.retry = retry;
    this.callbacks = callbacks;
    this.closed = closed;
  }

  CompletionStage<Win> claim(String roundId, String playerId, String jackpotId, String poolKey, String currency) {
    Objects.requireNonNull(roundId, "roundId");
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("roundId", roundId);
    body.put("gameId", gameId);
    body.put("playerId", playerId);
    body.put("jackpotId", jackpotId);
    if (poolKey != null) {
      body.put("poolKey", poolKey);
    }
    body.put("currency", currency);
    PendingRound round = buffer.unsettled(roundId);
    CompletionStage<Boolean> settled = round == null ? CompletableFuture.completedFuture(true) : round.whenSettled();
    return tracked(() -> settled.thenCompose(answered -> {
      if (!answered) {
        throw new IllegalStateException("closed before the service confirmed round " + roundId + "; its claim was not sent");
      }
      return send(roundId, body);
    }).thenApply(text -> parse(() -> Wire.winOf(text))));
  }

  /** Sends the claim until it is answered, and again while its round is in progress, up to {@link #inProgressWait}. */
  private CompletionStage<String> send(String roundId, Map<String, Object> body) {
    // The wait counts from the service's first "in progress", not from the first send, which an
    // outage may have preceded by longer than the wait.
    AtomicReference<Long> inProgressSince = new AtomicReference<>();
    return retry.call(() -> http.call("POST", "/v1/wins", json(body), ServiceAnswers::winObject).handle((text, error) -> {
      if (error == null) {
        return text;
      }
      if (Causes.unwrap(error) instanceof JackpotException j && j.status() == 409 && ErrorCode.of(j.code()) == ErrorCode.ROUND_IN_PROGRESS) {
        long now = System.nanoTime();
        inProgressSince.compareAndSet(null, now);
        if (now - inProgressSince.get() < inProgressWait.toNanos()) {
          // The claim overtook its round, sent by another client: taken once the round is recorded.
          throw new Retryable("the service is still recording round " + roundId + " (ROUND_IN_PROGRESS)", -1, j);
        }
      }
      throw error instanceof CompletionException c ? c : new CompletionException(error);
    }));
  }

  CompletionStage<List<Win>> findWins(String roundId) {
    Objects.requireNonNull(roundId, "roundId");
    String path = "/v1/wins?roundId=" + URLEncoder.encode(roundId, StandardCharsets.UTF_8);
    return tracked(() -> retry.call(() -> http.call("GET", path, null, ServiceAnswers::winsObject))
        .thenApply(text -> parse(() -> Wire.wins(text))));
  }

  /** A claim or look-up that close() answers before it returns; refused once closed, like a contribution. */
  private <T> CompletionStage<T> tracked(Supplier<CompletionStage<T>> request) {
    CompletableFuture<T> answer = new CompletableFuture<>();
    requests.add(answer);
    answer.whenComplete((v, e) -> requests.remove(answer));
    // Checked after joining the set: a close() that began meanwhile either sees this request or
    // has set the flag, so no claim slips out unwatched.
    if (closed.getAsBoolean()) {
      answer.completeExceptionally(new IllegalStateException("the contributor is closed"));
      return answer;
    }
    try {
      request.get().whenComplete((v, e) -> answer(answer, v, e));
    } catch (RuntimeException e) {
      answer.completeExceptionally(e); // a first attempt that throws (bad input) leaves nothing watched
    }
    return answer;
  }

  /**
   * Once closing, the game hears on the callback threads: a claim waiting for a round close()
   * gives up fails right there, and its callbacks would otherwise run on the thread closing.
   */
  private <T> void answer(CompletableFuture<T> answer, T value, Throwable error) {
    Runnable tell = () -> {
      if (error != null) {
        answer.completeExceptionally(error);
      } else {
        answer.complete(value);
      }
    };
    if (closed.getAsBoolean()) {
      callbacks.tell(List.of(tell));
    } else {
      tell.run();
    }
  }

  /** Waits, until {@code deadline} (nanoTime), for the claims and look-ups under way to be answered. */
  void awaitAnswered(long deadline) throws InterruptedException, ExecutionException, TimeoutException {
    CompletableFuture.allOf(requests.toArray(CompletableFuture[]::new)).get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
  }

  /** Fails, when {@code tell} runs, every claim and look-up still unanswered. */
  void giveUpAll(List<Runnable> tell) {
    for (CompletableFuture<?> r : List.copyOf(requests)) {
      tell.add(() -> r.completeExceptionally(new IllegalStateException("closed before the service answered; a claim may or may"
          + " not be recorded: look its wins up by round id")));
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
}
