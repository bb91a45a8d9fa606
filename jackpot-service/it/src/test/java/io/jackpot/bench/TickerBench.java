package io.jackpot.bench;

import io.jackpot.it.support.ScratchDirs;
import io.jackpot.it.support.ServiceProcess;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.http.WebSocket;
import io.vertx.core.http.WebSocketClient;
import io.vertx.core.http.WebSocketClientOptions;
import io.vertx.core.json.JsonObject;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * How many ticker subscribers one member holds with every update delivered within 1 s of being
 * read. Starts the service as its own process (1 s interval), keeps every pool moving, then adds
 * subscribers step by step; at each step it measures, over a window, the delay from an update's
 * {@code at} to its arrival and whether each subscriber got every update.
 * Usage: TickerBench [max subscribers, default 10000] [seconds per step, default 10]
 */
public final class TickerBench {
  private TickerBench() {}

  public static void main(String[] args) throws Exception {
    Locale.setDefault(Locale.ROOT); // figures with a decimal point, whatever the machine's language
    int max = args.length > 0 ? Integer.parseInt(args[0]) : 10_000;
    int seconds = args.length > 1 ? Integer.parseInt(args[1]) : 10;
    int port = 18180;
    Path data = ScratchDirs.create("ticker-bench");
    Process service = ServiceProcess.launch(data, port, List.of("-Xmx2g"), Map.of("JACKPOT_HZ_PORT", "15801",
        "JACKPOT_CLUSTER_NAME", "bench-" + ProcessHandle.current().pid(), "JACKPOT_TICKER_INTERVAL_MS", "1000",
        "JACKPOT_CLIENT_ERROR_LOG_LEVEL", "WARN", "JACKPOT_TICKER_MAX_SUBSCRIBERS", Integer.toString(max + 100),
        // Every subscriber comes from this machine: one client address.
        "JACKPOT_TICKER_MAX_SUBSCRIBERS_PER_CLIENT", Integer.toString(max + 100),
        "JACKPOT_HTTP_MAX_CONNECTIONS_PER_CLIENT", Integer.toString(max + 1000)));
    Vertx vertx = Vertx.vertx();
    AtomicBoolean running = new AtomicBoolean(true);
    try {
      ServiceProcess.awaitReady(port, service, Duration.ofSeconds(120));
      Thread load = new Thread(() -> keepPoolsMoving(port, running), "load");
      load.start();
      WebSocketClient client = vertx.createWebSocketClient(new WebSocketClientOptions().setMaxConnections(max + 100));
      List<Sub> subs = new ArrayList<>();
      System.out.printf("member: 1 s interval; subscribers follow both jackpots; %d s window per step%n", seconds);
      System.out.println("subscribers  deliveries  within-1s  p50-ms  p99-ms  max-ms  missed-updates  connect-s");
      String result = "none";
      for (int target : steps(max)) {
        long t0 = System.nanoTime();
        while (subs.size() < target) {
          int batch = Math.min(500, target - subs.size());
          List<Future<WebSocket>> connecting = new ArrayList<>();
          for (int i = 0; i < batch; i++) {
            Sub s = new Sub();
            subs.add(s);
            connecting.add(client.connect(port, "127.0.0.1", "/v1/ticker").onSuccess(s::attach));
          }
          Future.join(connecting).await();
        }
        double connectSeconds = (System.nanoTime() - t0) / 1e9;
        TimeUnit.SECONDS.sleep(2);
        long windowStart = System.currentTimeMillis();
        subs.forEach(Sub::reset);
        TimeUnit.SECONDS.sleep(seconds);
        long windowEnd = System.currentTimeMillis();
        // Updates read inside the window and given 2 s to arrive; anyone without one of them missed it.
        Set<String> expected = new HashSet<>();
        subs.forEach(s -> s.seen(expected, windowStart, windowEnd - 2000));
        List<Long> delays = new ArrayList<>();
        long missed = 0;
        for (Sub s : subs) {
          synchronized (s) {
            delays.addAll(s.delays);
            missed += expected.stream().filter(k -> !s.keys.contains(k)).count();
          }
        }
        Collections.sort(delays);
        long within = delays.stream().filter(d -> d <= 1000).count();
        double share = delays.isEmpty() ? 0 : within * 100.0 / delays.size();
        System.out.printf("%11d  %10d  %8.2f%%  %6d  %6d  %6d  %14d  %9.1f%n", subs.size(), delays.size(), share,
            Percentile.nearestRank(delays, 0.5), Percentile.nearestRank(delays, 0.99), delays.isEmpty() ? 0 : delays.get(delays.size() - 1), missed, connectSeconds);
        if (share == 100.0 && missed == 0 && !delays.isEmpty()) {
          result = Integer.toString(subs.size());
        }
      }
      System.out.printf("RESULT ticker_subscribers_all_within_1s=%s%n", result);
    } finally {
      running.set(false);
      vertx.close().await();
      service.destroy();
      service.waitFor(60, TimeUnit.SECONDS);
    }
  }

  static List<Integer> steps(int max) {
    List<Integer> steps = new ArrayList<>();
    for (int s : new int[] {1_000, 2_500, 5_000, 7_500, 10_000, 15_000, 20_000}) {
      if (s < max) {
        steps.add(s);
      }
    }
    steps.add(max);
    return steps;
  }

  /**
   * One subscriber's tally since the last reset: the delays of the updates it got, and which ones
   * (an update is identified by when it was read and for which jackpot).
   */
  static final class Sub {
    final List<Long> delays = new ArrayList<>();
    final Set<String> keys = new HashSet<>();
    final List<Long> ats = new ArrayList<>();

    void attach(WebSocket ws) {
      ws.textMessageHandler(text -> {
        if (text.startsWith("{\"type\":\"update\"")) {
          long now = System.currentTimeMillis();
          JsonObject update = new JsonObject(text);
          long at = Instant.parse(update.getString("at")).toEpochMilli();
          String key = at + "/" + update.getJsonArray("pools").getJsonObject(0).getString("jackpotId");
          synchronized (this) {
            delays.add(now - at);
            keys.add(key);
            ats.add(at);
          }
        }
      });
    }

    /** Adds the updates it got that were read in [from, to] to {@code expected}. */
    synchronized void seen(Set<String> expected, long from, long to) {
      for (String k : keys) {
        long at = Long.parseLong(k.substring(0, k.indexOf('/')));
        if (at >= from && at <= to) {
          expected.add(k);
        }
      }
    }

    synchronized void reset() {
      delays.clear();
      keys.clear();
      ats.clear();
    }
  }

  /** A few contributions to every pool every 200 ms, so each interval has an update per jackpot. */
  static void keepPoolsMoving(int port, AtomicBoolean running) {
    HttpClient http = HttpClient.newHttpClient();
    String[] coins = {"0.01", "0.02", "0.05", "0.10", "0.20", "0.50", "1.00", "2.00", "5.00", "10.00"};
    long n = 0;
    while (running.get()) {
      StringBuilder body = new StringBuilder("{\"contributions\":[");
      for (int i = 0; i < coins.length; i++) {
        body.append(String.format("{\"roundId\":\"TB-%d-%d\",\"gameId\":\"bewitched\",\"playerId\":\"p\",\"stake\":\"%s\","
            + "\"currency\":\"EUR\",\"coinValue\":\"%s\"},", n, i, coins[i], coins[i]));
      }
      body.append(String.format("{\"roundId\":\"TB-%d-c\",\"gameId\":\"creepy-candy\",\"playerId\":\"p\",\"stake\":\"1.00\","
          + "\"currency\":\"EUR\"}]}", n));
      try {
        http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/v1/contributions"))
            .header("Content-Type", "application/json").header("Authorization", "Bearer dev-game-key")
            .POST(HttpRequest.BodyPublishers.ofString(body.toString())).build(), HttpResponse.BodyHandlers.discarding());
        TimeUnit.MILLISECONDS.sleep(200);
      } catch (Exception e) {
        return;
      }
      n++;
    }
  }
}
