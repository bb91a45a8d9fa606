package io.jackpot.bench;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Contributions through the HTTP API in batches: {@code clients} threads, each sending one batch
 * at a time over a kept-alive connection, Bewitched bets spread over its 10 coin-value pools.
 */
final class HttpBatchLoad {
  record Result(double perSecond, long contributions, long errors, double p50Ms, double p99Ms, double maxMs) {}

  private HttpBatchLoad() {}

  static Result run(int port, int clients, int batchSize, int seconds) throws Exception {
    String[] coins = {"0.01", "0.02", "0.05", "0.10", "0.20", "0.50", "1.00", "2.00", "5.00", "10.00"};
    HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    URI uri = URI.create("http://127.0.0.1:" + port + "/v1/contributions");
    AtomicLong ok = new AtomicLong();
    AtomicLong errors = new AtomicLong();
    List<Long> latencies = Collections.synchronizedList(new ArrayList<>());
    long begin = System.nanoTime();
    long end = begin + seconds * 1_000_000_000L;
    String run = Long.toString(System.currentTimeMillis(), 36);
    ExecutorService pool = Executors.newFixedThreadPool(clients);
    for (int c = 0; c < clients; c++) {
      int client = c;
      pool.submit(() -> {
        long n = 0;
        while (System.nanoTime() < end) {
          StringBuilder body = new StringBuilder("{\"contributions\":[");
          for (int i = 0; i < batchSize; i++) {
            String coin = coins[(int) ((n + i) % coins.length)];
            body.append(i == 0 ? "" : ",").append("{\"roundId\":\"B-").append(run).append('-').append(client).append('-')
                .append(n).append('-').append(i).append("\",\"gameId\":\"bewitched\",\"playerId\":\"p-").append(client)
                .append("\",\"stake\":\"").append(coin).append("\",\"currency\":\"EUR\",\"coinValue\":\"").append(coin).append("\"}");
          }
          body.append("]}");
          long t0 = System.nanoTime();
          try {
            HttpResponse<String> r = http.send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(30))
                .header("Content-Type", "application/json").header("Authorization", "Bearer dev-game-key")
                .POST(HttpRequest.BodyPublishers.ofString(body.toString())).build(), HttpResponse.BodyHandlers.ofString());
            latencies.add(System.nanoTime() - t0);
            if (r.statusCode() == 200 && !r.body().contains("REJECTED")) {
              ok.addAndGet(batchSize);
            } else {
              errors.incrementAndGet();
            }
          } catch (Exception e) {
            errors.incrementAndGet();
          }
          n++;
        }
        return null;
      });
    }
    pool.shutdown();
    pool.awaitTermination(seconds + 60L, TimeUnit.SECONDS);
    // Over the time until the last batch was answered: batches sent before the end count, and so does their wait.
    double elapsed = (System.nanoTime() - begin) / 1e9;
    List<Long> sorted = new ArrayList<>(latencies);
    Collections.sort(sorted);
    return new Result(ok.get() / elapsed, ok.get(), errors.get(), pct(sorted, 0.50), pct(sorted, 0.99),
        sorted.isEmpty() ? 0 : sorted.get(sorted.size() - 1) / 1e6);
  }

  /** The nearest-rank percentile of nanosecond latencies, in milliseconds. */
  static double pct(List<Long> sorted, double q) {
    return Percentile.nearestRank(sorted, q) / 1e6;
  }
}
