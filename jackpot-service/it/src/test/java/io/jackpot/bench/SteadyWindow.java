package io.jackpot.bench;

import io.jackpot.it.support.MetricsText;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Two CPU readings inside a load run, away from its ends, with the recorded-round count at each:
 * this JVM's CPU per round by part in steady state. Taken inside the run because ended threads'
 * CPU cannot be read. The count comes from {@code /metrics} on this window's own thread ("other").
 */
final class SteadyWindow {
  private record Point(CpuMeter.Reading cpu, long rounds) {}

  private final CompletableFuture<Point> from = new CompletableFuture<>();
  private final CompletableFuture<Point> to = new CompletableFuture<>();
  private final double fromSeconds;
  private final double toSeconds;
  private final ScheduledExecutorService timer =
      Executors.newSingleThreadScheduledExecutor(r -> new Thread(r, "steady-window"));

  private SteadyWindow(double fromSeconds, double toSeconds) {
    this.fromSeconds = fromSeconds;
    this.toSeconds = toSeconds;
  }

  /**
   * Readings at a quarter of a run of {@code seconds} (at most 5 s in) and 2 s before its end,
   * counted from now: call it right before the run starts.
   */
  static SteadyWindow schedule(CpuMeter cpu, String endpoint, int seconds) {
    SteadyWindow w = new SteadyWindow(Math.min(5.0, seconds / 4.0), seconds - 2.0);
    if (w.toSeconds <= w.fromSeconds) {
      w.from.completeExceptionally(new IllegalStateException("a run of " + seconds + " s is too short for a steady window"));
      w.timer.shutdown();
      return w;
    }
    w.timer.schedule(() -> take(w.from, cpu, endpoint), (long) (w.fromSeconds * 1000), TimeUnit.MILLISECONDS);
    w.timer.schedule(() -> take(w.to, cpu, endpoint), (long) (w.toSeconds * 1000), TimeUnit.MILLISECONDS);
    w.timer.shutdown(); // the two readings still run (delayed tasks outlive shutdown by default); nothing else will
    return w;
  }

  private static void take(CompletableFuture<Point> point, CpuMeter cpu, String endpoint) {
    try {
      long rounds = recordedRounds(endpoint);
      point.complete(new Point(cpu.read(), rounds));
    } catch (IOException | RuntimeException e) {
      point.completeExceptionally(e);
    }
  }

  /** The lines to print once the run is over: the split per round, and what the load's own CPU allows. */
  List<String> report(double baselinePerSecond) {
    List<String> lines = new ArrayList<>();
    try {
      Point a = from.get(30, TimeUnit.SECONDS);
      Point b = to.get(30, TimeUnit.SECONDS);
      long rounds = b.rounds() - a.rounds();
      lines.add(String.format("steady window (%.0f–%.0f s of the SDK run, %d rounds recorded): %s", fromSeconds, toSeconds,
          rounds, CpuMeter.describeThreads(a.cpu(), b.cpu(), rounds)));
      long load = CpuMeter.partCpu(a.cpu(), b.cpu(), "SDK (and the games' callbacks)")
          + CpuMeter.partCpu(a.cpu(), b.cpu(), "load generator");
      long service = CpuMeter.partCpu(a.cpu(), b.cpu(), "service");
      int cores = Runtime.getRuntime().availableProcessors();
      lines.add(String.format("in that window, on %d cores: the load generator and the SDK alone would cap this machine at %.0f"
              + " contributions/s, the service's own threads alone (without GC and JIT) at %.0f, PostgreSQL alone at %.0f;"
              + " 25× this run's baseline is %.0f/s",
          cores, cores / perRound(load, rounds), cores / perRound(service, rounds),
          cores / perRound(b.cpu().pg() - a.cpu().pg(), rounds), 25 * baselinePerSecond));
    } catch (Exception e) {
      lines.add("steady window: not measured (" + e + ")");
    }
    return lines;
  }

  private static double perRound(long nanos, long rounds) {
    return nanos / 1e9 / Math.max(1, rounds);
  }

  private static long recordedRounds(String endpoint) throws IOException {
    var connection = URI.create(endpoint + "/metrics").toURL().openConnection();
    connection.setConnectTimeout(5000);
    connection.setReadTimeout(5000);
    try (InputStream in = connection.getInputStream()) {
      String page = new String(in.readAllBytes(), StandardCharsets.UTF_8);
      return (long) MetricsText.sum(page, "jackpot_rounds_recorded_total")
          .orElseThrow(() -> new IOException("no jackpot_rounds_recorded_total in " + endpoint + "/metrics"));
    }
  }
}
