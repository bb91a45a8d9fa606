package io.jackpot.sdk.internal;

import io.jackpot.sdk.Win;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/** The jackpot-won subscription: one {@link TickerListener}, connected on the first onJackpotWon, tells every listener. */
final class Ticker {
  private final Duration timeout;
  private final Endpoints endpoints;
  private final ScheduledExecutorService scheduler;
  private final BooleanSupplier closed;
  private final List<Consumer<Win>> listeners = new CopyOnWriteArrayList<>();
  private TickerListener listener; // guarded by this

  Ticker(Duration timeout, Endpoints endpoints, ScheduledExecutorService scheduler, BooleanSupplier closed) {
    this.timeout = timeout;
    this.endpoints = endpoints;
    this.scheduler = scheduler;
    this.closed = closed;
  }

  synchronized CompletionStage<Void> subscribe(Consumer<Win> onWin) {
    if (closed.getAsBoolean()) {
      return CompletableFuture.failedFuture(new IllegalStateException("the contributor is closed"));
    }
    listeners.add(onWin);
    if (listener == null) {
      // Its own client: the ticker's long-lived WebSocket is kept apart from the request traffic.
      HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(timeout).build();
      listener = new TickerListener(client, timeout, endpoints, scheduler, listeners, closed);
      listener.connect();
    }
    // A stage of the caller's own: one caller completing or cancelling it (a timeout) leaves the others'.
    return listener.subscribed().toCompletableFuture().copy();
  }

  synchronized void close() {
    if (listener != null) {
      listener.close();
    }
  }
}
