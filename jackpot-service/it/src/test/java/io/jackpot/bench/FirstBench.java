package io.jackpot.bench;

import io.jackpot.JackpotNode;
import io.jackpot.config.ServiceConfig;
import io.jackpot.it.support.ScratchDirs;
import io.jackpot.local.LocalPostgres;
import io.jackpot.sdk.ContributorConfig;
import io.jackpot.sim.LoadRun;
import io.vertx.core.Vertx;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Locale;
import java.util.Map;

/**
 * Compares, on one fresh PostgreSQL (fsync on): naive SQL, the service over raw HTTP, and the
 * service through the contributor SDK with its ledger check. Each service phase has its own
 * warm-up. The last line is the SDK's figure:
 * {@code RESULT contributions_per_s=<n> baseline_per_s=<n> ratio=<r> p99_ms=<x>}.
 * Usage: FirstBench [seconds per phase, 20] [batch size, 100] [clients, 16]
 * [rounds in flight per SDK, two batches] [warm-up seconds, a fifth of a phase, at least 2]
 */
public final class FirstBench {
  private FirstBench() {}

  /** This process's resident set size, from /proc (Linux). */
  private static String rss() {
    try {
      return Files.readAllLines(Path.of("/proc/self/status")).stream().filter(l -> l.startsWith("VmRSS:"))
          .map(l -> l.substring(6).trim()).findFirst().orElse("unknown");
    } catch (IOException e) {
      return "unknown";
    }
  }

  /** The bench's last line, in the exact form tools read: decimal points, no grouping, whatever the locale. */
  static String resultLine(double perSecond, double baselinePerSecond, double p99Ms) {
    return String.format(Locale.ROOT, "RESULT contributions_per_s=%.0f baseline_per_s=%.0f ratio=%.2f p99_ms=%.1f", perSecond,
        baselinePerSecond, perSecond / baselinePerSecond, p99Ms);
  }

  public static void main(String[] args) throws Exception {
    Locale.setDefault(Locale.ROOT); // figures with a decimal point, whatever the machine's language
    int seconds = args.length > 0 ? Integer.parseInt(args[0]) : 20;
    int batch = args.length > 1 ? Integer.parseInt(args[1]) : 100;
    int clients = args.length > 2 ? Integer.parseInt(args[2]) : 16;
    int inFlight = args.length > 3 ? Integer.parseInt(args[3]) : batch * 2;
    int warmUp = args.length > 4 ? Integer.parseInt(args[4]) : Math.max(2, seconds / 5);
    Path dir = ScratchDirs.create("jackpot-bench");
    String result;
    boolean ledgerExact;
    try (LocalPostgres pg = LocalPostgres.start(dir.resolve("pg"), PgStats.SERVER_CONFIG)) {
      String base = pg.url();
      CpuMeter cpu = new CpuMeter(dir.resolve("pg"));
      PgStats stats = new PgStats(base);
      Vertx vertx = Vertx.vertx();
      System.out.printf("machine: %d cores; PostgreSQL durable (fsync on); %d s per phase%n",
          Runtime.getRuntime().availableProcessors(), seconds);
      CpuMeter.Reading before = cpu.read();
      NaiveSqlBaseline.Result baseline = NaiveSqlBaseline.run(vertx, base, warmUp, seconds);
      CpuMeter.Reading after = cpu.read();
      vertx.close().await();
      double naive = baseline.perSecond();
      System.out.printf("baseline (1 tx per contribution, UPDATE pool + INSERT ledger, %d connections, %d pools, after a %d s warm-up):"
              + " %.0f contributions/s, %d failed transactions%n",
          NaiveSqlBaseline.CONNECTIONS, NaiveSqlBaseline.POOLS, warmUp, naive, baseline.failed());
      // CPU over the warm-up and the measured window together (the reading brackets both).
      System.out.println(CpuMeter.describe("the baseline (warm-up included)", before, after,
          baseline.committed() + baseline.warmUpCommitted()));

      ServiceConfig config = ServiceConfig.fromEnv(Map.of("JACKPOT_HTTP_PORT", "18080", "JACKPOT_HZ_PORT", "15701",
          "JACKPOT_CLUSTER_NAME", "bench-" + ProcessHandle.current().pid())).withPgUrl(base);
      try (JackpotNode node = JackpotNode.start(config, Clock.systemUTC())) {
        HttpBatchLoad.run(node.httpPort(), clients, batch, warmUp);
        before = cpu.read();
        PgStats.Reading statsBefore = stats.read();
        HttpBatchLoad.Result r = HttpBatchLoad.run(node.httpPort(), clients, batch, seconds);
        after = cpu.read();
        System.out.printf("service, raw HTTP (batches of %d, %d clients, same JVM as the load): %.0f contributions/s = %.2f× baseline, "
                + "%d acknowledged, %d failed requests, batch latency p50 %.1f ms p99 %.1f ms max %.1f ms%n",
            batch, clients, r.perSecond(), r.perSecond() / naive, r.contributions(), r.errors(), r.p50Ms(), r.p99Ms(), r.maxMs());
        System.out.println(CpuMeter.describe("raw HTTP (service and load)", before, after, r.contributions()));
        System.out.println(PgStats.describe(statsBefore, stats.read(), r.contributions()));
        int instances = Math.max(1, clients / 2);
        // Warm-up of the SDK and load generator code (the raw HTTP phase warmed the service's), like
        // the raw HTTP phase's; its rounds are checked against the ledger too, its figures not kept.
        String endpoint = "http://127.0.0.1:" + node.httpPort();
        LoadRun.Summary warm = new LoadRun(sdkSettings(endpoint, instances, warmUp, batch, inFlight),
            new PrintStream(OutputStream.nullOutputStream())).run();
        System.out.printf("SDK warm-up: %d s, %d acknowledged, ledger %s%n", warmUp, warm.acknowledged(),
            warm.ledgerMatches() ? "= acknowledged" : "MISMATCH");
        before = cpu.read();
        statsBefore = stats.read();
        SteadyWindow window = SteadyWindow.schedule(cpu, endpoint, seconds);
        // Read when the last round is answered: the ledger check that follows (a count over every
        // round of the run) is PostgreSQL work, but none of the contributions'.
        var atLoadEnd = new Object() {
          CpuMeter.Reading cpu;
          PgStats.Reading stats;
          CpuMeter.Reading afterStats; // where the ledger check's own CPU begins: the statistics read is neither's
        };
        LoadRun.Summary sdk = new LoadRun(sdkSettings(endpoint, instances, seconds, batch, inFlight), System.out).run(() -> {
          atLoadEnd.cpu = cpu.read();
          atLoadEnd.stats = stats.read();
          atLoadEnd.afterStats = cpu.read();
        });
        CpuMeter.Reading afterCheck = cpu.read();
        after = atLoadEnd.cpu;
        var heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage();
        System.out.printf("service through the SDK (loadgen: %d seed-game instances, batches of %d, %d in flight each, "
                + ContributorConfig.DEFAULT_TRANSPORT + "): "
                + "%.0f contributions/s, %d acknowledged, %d refused, %d failed, ledger %s (lost %d), "
                + "acknowledgement p50 %.1f ms p95 %.1f ms p99 %.1f ms max %.1f ms%n",
            instances, batch, inFlight, sdk.perSecond(), sdk.acknowledged(), sdk.refused(), sdk.failed(),
            sdk.ledgerMatches() ? "= acknowledged" : "MISMATCH", sdk.lost(),
            sdk.p50Micros() / 1000.0, sdk.p95Micros() / 1000.0, sdk.p99Micros() / 1000.0, sdk.maxMicros() / 1000.0);
        System.out.println(CpuMeter.describe("the SDK run (service, SDK and load)", before, after, sdk.acknowledged()));
        window.report(naive).forEach(System.out::println);
        System.out.println(CpuMeter.describePostgres(before, after, sdk.acknowledged()));
        System.out.printf("the ledger check after the run (its rounds and shares counted; not in the figures above): "
            + "PostgreSQL %.2f s of CPU, this JVM %.2f s%n", (afterCheck.pg() - atLoadEnd.afterStats.pg()) / 1e9,
            (afterCheck.jvm() - atLoadEnd.afterStats.jvm()) / 1e9);
        PgStats.Reading statsAfter = atLoadEnd.stats;
        System.out.println(PgStats.describe(statsBefore, statsAfter, sdk.acknowledged()));
        System.out.println(PgStats.describeStatements(statsBefore, statsAfter, sdk.acknowledged(), 8));
        System.out.printf("PostgreSQL's CPU per contribution alone caps this machine at %.0f contributions/s%n",
            CpuMeter.postgresCeiling(before, after, sdk.acknowledged()));
        System.out.printf("memory (service and load in one JVM): heap used %d MiB of %d MiB committed, RSS %s%n",
            heap.getUsed() >> 20, heap.getCommitted() >> 20, rss());
        ledgerExact = warm.ok() && sdk.ok() && warm.refused() == 0 && sdk.refused() == 0;
        result = resultLine(sdk.perSecond(), naive, sdk.p99Micros() / 1000.0);
      }
      stats.close();
    }
    // After the service and PostgreSQL have stopped (their last log lines), so the RESULT line is
    // the last one. A run whose ledger does not hold exactly what was acknowledged has no figure.
    if (!ledgerExact) {
      System.out.println("FAILED: the run stalled, refused or gave up rounds, a game's claim failed, or the ledger does not hold"
          + " exactly the acknowledged contributions (see above); no RESULT");
      System.exit(1);
    }
    System.out.println(result);
  }

  private static LoadRun.Settings sdkSettings(String endpoint, int instances, int seconds, int batch, int inFlight) {
    return new LoadRun.Settings(endpoint, "dev-game-key", "dev-viewer-token", instances, 0, seconds, batch, inFlight, 5000);
  }
}
