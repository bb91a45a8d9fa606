package io.jackpot.bench;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** The service as a separate process for benchmarks, with its own PostgreSQL under a data directory. */
final class Service {
  private Service() {}

  static Process launch(Path data, int httpPort, String tickerIntervalMs) throws Exception {
    List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "--add-opens", "java.base/java.lang=ALL-UNNAMED", "--add-opens", "java.base/sun.nio.ch=ALL-UNNAMED",
        "--add-opens", "java.management/sun.management=ALL-UNNAMED",
        "--add-opens", "jdk.management/com.sun.management.internal=ALL-UNNAMED",
        "--add-exports", "java.base/jdk.internal.ref=ALL-UNNAMED", "-Xmx2g",
        "-cp", System.getProperty("java.class.path"), "io.jackpot.Main"));
    ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true)
        .redirectOutput(ProcessBuilder.Redirect.appendTo(data.resolve("service.log").toFile()));
    pb.environment().put("JACKPOT_DATA_DIR", data.toString());
    pb.environment().put("JACKPOT_HTTP_PORT", Integer.toString(httpPort));
    pb.environment().put("JACKPOT_HZ_PORT", "15801");
    pb.environment().put("JACKPOT_CLUSTER_NAME", "bench-" + ProcessHandle.current().pid());
    pb.environment().put("JACKPOT_TICKER_INTERVAL_MS", tickerIntervalMs);
    pb.environment().put("JACKPOT_CLIENT_ERROR_LOG_LEVEL", "WARN");
    return pb.start();
  }

  static void awaitReady(int port, Process p) throws Exception {
    HttpClient http = HttpClient.newHttpClient();
    long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
    while (System.nanoTime() < end) {
      if (!p.isAlive()) {
        throw new IllegalStateException("the service exited during start-up");
      }
      try {
        if (http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/health/ready")).build(),
            HttpResponse.BodyHandlers.discarding()).statusCode() == 200) {
          return;
        }
      } catch (java.io.IOException notYet) {
        // not listening yet
      }
      p.waitFor(200, TimeUnit.MILLISECONDS);
    }
    throw new IllegalStateException("the service was not ready within 120 s");
  }
}
