package io.jackpot.bench;

import io.jackpot.JackpotNode;
import io.jackpot.config.ServiceConfig;
import io.jackpot.it.support.ScratchDirs;
import io.jackpot.local.LocalPostgres;
import io.jackpot.pool.hz.HzPools;
import io.jackpot.sim.LatencyHistogram;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.http.HttpClientAgent;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.PoolOptions;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Contributions/s over raw HTTP with and without an open-loop flood of public reads, for both read
 * paths: DIRECT (each read calls the cluster, {@link JackpotNode#DIRECT_PUBLIC_READS}) and SAMPLED
 * (the ticker's next sample). Members run in turn, by default DSSD so warm-up and ledger size fall
 * on both. Last line: {@code RESULT read_flood direct_kept=<r> sampled_kept=<r> sampled_over_direct=<r>},
 * "kept" being flooded over quiet throughput.
 * Usage: ReadFloodBench [seconds per leg, 20] [reads/s, 1000] [clients, 16] [batch size, 100]
 * [warm-up seconds, 10] [order of the members, DSSD]
 */
public final class ReadFloodBench {
  private ReadFloodBench() {}

  private static final List<String> PATHS = List.of("/v1/jackpots", "/v1/jackpots/bewitched", "/v1/jackpots/candy/pools/minor");
  /** Reads waiting for an answer at most; past it an offered read is counted as not sent. */
  private static final int MOST_IN_FLIGHT = 4000;

  record Leg(String path, boolean flooded, HttpBatchLoad.Result load, Flood.Result reads, double poolReadsPerSecond, String cpu) {
    String line() {
      return String.format(Locale.ROOT, "%-7s %-6s %8.0f contributions/s (batch p99 %.1f ms, %d failed)  %s  cluster pool reads %.0f/s  %s",
          path, flooded ? "flood" : "quiet", load.perSecond(), load.p99Ms(), load.errors(), reads == null ? "no reads"
              : reads.describe(), poolReadsPerSecond, cpu);
    }
  }

  public static void main(String[] args) throws Exception {
    Locale.setDefault(Locale.ROOT);
    int seconds = args.length > 0 ? Integer.parseInt(args[0]) : 20;
    int readsPerSecond = args.length > 1 ? Integer.parseInt(args[1]) : 1000;
    int clients = args.length > 2 ? Integer.parseInt(args[2]) : 16;
    int batch = args.length > 3 ? Integer.parseInt(args[3]) : 100;
    int warmUp = args.length > 4 ? Integer.parseInt(args[4]) : 10;
    // D: a member whose reads call the cluster, S: one whose reads wait for the sample; DSSD puts the coldest JVM on DIRECT, SDDS on SAMPLED.
    String order = args.length > 5 ? args[5] : "DSSD";
    if (!order.matches("[DS]+")) {
      throw new IllegalArgumentException("the order is made of D and S, got " + order);
    }
    Path dir = ScratchDirs.create("jackpot-read-flood");
    List<Leg> legs = new ArrayList<>();
    System.out.printf("machine: %d cores; PostgreSQL durable (fsync on); %d s per leg after a %d s warm-up per member; raw HTTP"
            + " batches of %d from %d clients; flood: %d reads/s offered, open-loop, over %s; load, flood and service in one JVM;"
            + " members in the order %s%n", Runtime.getRuntime().availableProcessors(), seconds, warmUp, batch, clients, readsPerSecond,
        PATHS, order);
    try (LocalPostgres pg = LocalPostgres.start(dir.resolve("pg"), PgStats.SERVER_CONFIG)) {
      CpuMeter cpu = new CpuMeter(dir.resolve("pg"));
      Vertx clientVertx = Vertx.vertx(new VertxOptions().setEventLoopPoolSize(1));
      int member = 0;
      for (char kind : order.toCharArray()) {
        boolean direct = kind == 'D';
        String path = direct ? "DIRECT" : "SAMPLED";
        System.setProperty(JackpotNode.DIRECT_PUBLIC_READS, Boolean.toString(direct));
        ServiceConfig config = ServiceConfig.fromEnv(Map.of("JACKPOT_HTTP_PORT", Integer.toString(18280 + member),
            "JACKPOT_HZ_PORT", Integer.toString(15901 + member), "JACKPOT_CLUSTER_NAME", "read-flood-" + ProcessHandle.current().pid()
                + "-" + member)).withPgUrl(pg.url());
        member++;
        try (JackpotNode node = JackpotNode.start(config, Clock.systemUTC())) {
          HzPools pools = (HzPools) node.pools();
          // Warmed with the flood on: the first member's read path must not be measured while the JIT compiles it.
          Flood warming = Flood.start(clientVertx, node.httpPort(), readsPerSecond);
          HttpBatchLoad.run(node.httpPort(), clients, batch, warmUp);
          warming.stop();
          Thread.sleep(2000);
          for (boolean flooded : new boolean[] {false, true}) {
            Flood flood = flooded ? Flood.start(clientVertx, node.httpPort(), readsPerSecond) : null;
            long poolReadsBefore = pools.poolReads();
            CpuMeter.Reading before = cpu.read();
            long began = System.nanoTime();
            HttpBatchLoad.Result load = HttpBatchLoad.run(node.httpPort(), clients, batch, seconds);
            CpuMeter.Reading after = cpu.read();
            double elapsed = (System.nanoTime() - began) / 1e9;
            long poolReads = pools.poolReads() - poolReadsBefore;
            Flood.Result reads = flood == null ? null : flood.stop();
            Leg leg = new Leg(path, flooded, load, reads, poolReads / elapsed,
                String.format(Locale.ROOT, "CPU: JVM %.2f cores, PostgreSQL %.2f cores", (after.jvm() - before.jvm()) / 1e9 / elapsed,
                    (after.pg() - before.pg()) / 1e9 / elapsed));
            legs.add(leg);
            System.out.println(leg.line());
          }
        }
      }
      clientVertx.close().await();
    } finally {
      System.clearProperty(JackpotNode.DIRECT_PUBLIC_READS);
    }
    for (int m = 0; m + 1 < legs.size(); m += 2) {
      System.out.printf("member %d, %s: %.2f of its quiet contributions/s kept under the flood%n", m / 2 + 1, legs.get(m).path(),
          legs.get(m + 1).load().perSecond() / legs.get(m).load().perSecond());
    }
    double directQuiet = mean(legs, "DIRECT", false);
    double directFlood = mean(legs, "DIRECT", true);
    double sampledQuiet = mean(legs, "SAMPLED", false);
    double sampledFlood = mean(legs, "SAMPLED", true);
    System.out.printf("DIRECT  (each read calls the cluster): %.0f contributions/s quiet, %.0f under the flood: %.2f kept%n",
        directQuiet, directFlood, directFlood / directQuiet);
    System.out.printf("SAMPLED (reads wait for the next sample): %.0f contributions/s quiet, %.0f under the flood: %.2f kept%n",
        sampledQuiet, sampledFlood, sampledFlood / sampledQuiet);
    System.out.printf("under the flood SAMPLED gives %.2f× DIRECT's contributions/s; quiet %.2f×%n", sampledFlood / directFlood,
        sampledQuiet / directQuiet);
    System.out.printf(Locale.ROOT, "RESULT read_flood direct_kept=%.2f sampled_kept=%.2f sampled_over_direct=%.2f%n",
        directFlood / directQuiet, sampledFlood / sampledQuiet, sampledFlood / directFlood);
  }

  private static double mean(List<Leg> legs, String path, boolean flooded) {
    return legs.stream().filter(l -> l.path().equals(path) && l.flooded() == flooded).mapToDouble(l -> l.load().perSecond())
        .average().orElse(Double.NaN);
  }

  /** Public reads offered at a fixed rate on one event loop of its own, each on a kept-alive connection. */
  static final class Flood {
    record Result(double offeredPerSecond, double answeredPerSecond, long failed, long notSent, double p50Ms, double p99Ms,
        double maxMs) {
      String describe() {
        return String.format(Locale.ROOT, "reads: %.0f/s offered, %.0f/s answered 200 (p50 %.1f ms, p99 %.1f ms, max %.1f ms), "
            + "%d failed, %d not sent (%d in flight)", offeredPerSecond, answeredPerSecond, p50Ms, p99Ms, maxMs, failed, notSent,
            MOST_IN_FLIGHT);
      }
    }

    private final Vertx vertx;
    private final HttpClientAgent client;
    private final LatencyHistogram latency = new LatencyHistogram();
    private final long began = System.nanoTime();
    private long timer;
    private long offered;
    private long answered;
    private long failed;
    private long notSent;
    private int inFlight;
    private long next;

    private Flood(Vertx vertx, HttpClientAgent client) {
      this.vertx = vertx;
      this.client = client;
    }

    static Flood start(Vertx vertx, int port, int perSecond) throws Exception {
      HttpClientAgent client = vertx.createHttpClient(new HttpClientOptions().setKeepAlive(true).setDefaultHost("127.0.0.1")
          .setDefaultPort(port), new PoolOptions().setHttp1MaxSize(MOST_IN_FLIGHT).setMaxWaitQueueSize(MOST_IN_FLIGHT));
      Flood flood = new Flood(vertx, client);
      CompletableFuture<Void> started = new CompletableFuture<>();
      vertx.runOnContext(v -> {
        // Every 10 ms, the reads due by then: the offered rate holds whatever the answers take.
        flood.timer = vertx.setPeriodic(10, id -> {
          long due = (System.nanoTime() - flood.began) * perSecond / 1_000_000_000L;
          while (flood.offered < due) {
            flood.offered++;
            flood.send();
          }
        });
        started.complete(null);
      });
      started.get(10, TimeUnit.SECONDS);
      return flood;
    }

    /** On the flood's event loop. */
    private void send() {
      if (inFlight >= MOST_IN_FLIGHT) {
        notSent++;
        return;
      }
      inFlight++;
      long t0 = System.nanoTime();
      String uri = PATHS.get((int) (next++ % PATHS.size()));
      client.request(HttpMethod.GET, uri).compose(req -> req.send().compose(resp -> resp.body().map(b -> resp.statusCode())))
          .onComplete(done -> {
            inFlight--;
            if (done.succeeded() && done.result() == 200) {
              answered++;
              latency.record(System.nanoTime() - t0);
            } else {
              failed++;
            }
          });
    }

    /** Stops offering reads, and waits (at most 60 s) for the answers to those in flight: the next leg starts on a member with no backlog. */
    Result stop() throws Exception {
      CompletableFuture<Result> out = new CompletableFuture<>();
      vertx.runOnContext(v -> {
        vertx.cancelTimer(timer);
        double seconds = (System.nanoTime() - began) / 1e9;
        out.complete(new Result(offered / seconds, answered / seconds, failed, notSent, latency.percentileMicros(500) / 1000.0,
            latency.percentileMicros(990) / 1000.0, latency.maxMicros() / 1000.0));
      });
      Result r = out.get(10, TimeUnit.SECONDS);
      long giveUp = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
      while (inFlight() > 0 && System.nanoTime() < giveUp) {
        Thread.sleep(50);
      }
      client.close().await(30, TimeUnit.SECONDS);
      return r;
    }

    private int inFlight() throws Exception {
      CompletableFuture<Integer> n = new CompletableFuture<>();
      vertx.runOnContext(v -> n.complete(inFlight));
      return n.get(10, TimeUnit.SECONDS);
    }
  }
}
