package io.jackpot.bench;

import io.jackpot.JackpotNode;
import io.jackpot.config.ServiceConfig;
import io.jackpot.ledger.pg.LocalPostgres;
import io.vertx.core.Vertx;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;

/**
 * Measures, in one run on one freshly provisioned PostgreSQL (fsync on): the naive SQL way, then
 * the service fed over HTTP in batches. Prints both and their ratio; the last line is
 * {@code RESULT contributions_per_s=<n> baseline_per_s=<n> ratio=<r> p99_ms=<x>}.
 * Usage: FirstBench [seconds per phase, default 20] [batch size, default 100] [clients, default 16]
 */
public final class FirstBench {
  private FirstBench() {}

  public static void main(String[] args) throws Exception {
    int seconds = args.length > 0 ? Integer.parseInt(args[0]) : 20;
    int batch = args.length > 1 ? Integer.parseInt(args[1]) : 100;
    int clients = args.length > 2 ? Integer.parseInt(args[2]) : 16;
    Path dir = Files.createTempDirectory("jackpot-bench");
    try (LocalPostgres pg = LocalPostgres.start(dir.resolve("pg"))) {
      String base = pg.url();
      Vertx vertx = Vertx.vertx();
      System.out.printf("machine: %d cores; PostgreSQL durable (fsync on); %d s per phase%n",
          Runtime.getRuntime().availableProcessors(), seconds);
      double naive = NaiveSqlBaseline.run(vertx, base, seconds);
      vertx.close().await();
      System.out.printf("baseline (1 tx per contribution, UPDATE pool + INSERT ledger, %d connections, %d pools): %.0f contributions/s%n",
          NaiveSqlBaseline.CONNECTIONS, NaiveSqlBaseline.POOLS, naive);

      ServiceConfig config = ServiceConfig.fromEnv(Map.of("JACKPOT_HTTP_PORT", "18080", "JACKPOT_HZ_PORT", "15701",
          "JACKPOT_CLUSTER_NAME", "bench-" + ProcessHandle.current().pid())).withPgUrl(base);
      try (JackpotNode node = JackpotNode.start(config, Clock.systemUTC())) {
        HttpBatchLoad.run(node.httpPort(), clients, batch, Math.max(2, seconds / 5));
        HttpBatchLoad.Result r = HttpBatchLoad.run(node.httpPort(), clients, batch, seconds);
        var heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage();
        System.out.printf("service (HTTP, batches of %d, %d clients, same JVM as the load): %.0f contributions/s, "
                + "%d acknowledged, %d failed requests, batch latency p50 %.1f ms p99 %.1f ms max %.1f ms, heap used %d MiB%n",
            batch, clients, r.perSecond(), r.contributions(), r.errors(), r.p50Ms(), r.p99Ms(), r.maxMs(), heap.getUsed() >> 20);
        System.out.printf("RESULT contributions_per_s=%.0f baseline_per_s=%.0f ratio=%.2f p99_ms=%.1f%n",
            r.perSecond(), naive, r.perSecond() / naive, r.p99Ms());
      }
    }
  }
}
