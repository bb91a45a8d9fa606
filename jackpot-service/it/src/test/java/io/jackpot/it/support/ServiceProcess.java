package io.jackpot.it.support;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The service as a separate process ({@code io.jackpot.local.LocalRun}, what scripts/run starts, on this classpath) with its own
 * PostgreSQL under a data directory (the caller's JACKPOT_* settings are not passed on), its
 * output appended to {@code service.log} there. Used by the kill -9 tests and the benchmarks.
 */
public final class ServiceProcess {
  /** The JVM options Hazelcast wants (the build passes them as {@code jackpot.opens}; pom.xml hz.opens). */
  private static final String OPENS = System.getProperty("jackpot.opens",
      "--add-modules java.se --add-exports java.base/jdk.internal.ref=ALL-UNNAMED --add-opens java.base/java.lang=ALL-UNNAMED"
          + " --add-opens java.base/sun.nio.ch=ALL-UNNAMED --add-opens java.management/sun.management=ALL-UNNAMED"
          + " --add-opens jdk.management/com.sun.management.internal=ALL-UNNAMED");

  private ServiceProcess() {}

  /**
   * Starts a member; {@code env} holds its JACKPOT_* settings beyond the data directory and port.
   * None of the caller's own JACKPOT_* settings reach it: a developer's exported JACKPOT_PG_URL
   * would have sent a test's rounds (and its kill -9) to that database, and JACKPOT_PROFILE or
   * JACKPOT_MIN_MEMBERS would make the run depend on the shell.
   */
  public static Process launch(Path data, int http, List<String> jvmOptions, Map<String, String> env) throws Exception {
    return launch(List.of(), data, http, jvmOptions, env);
  }

  /** The same, its command run by {@code wrapper} (a drill's {@code nsenter --net=...}: in a network namespace of its own). */
  public static Process launch(List<String> wrapper, Path data, int http, List<String> jvmOptions, Map<String, String> env) throws Exception {
    List<String> cmd = new ArrayList<>(wrapper);
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    cmd.addAll(List.of(OPENS.split(" ")).stream().filter(s -> !s.isBlank()).toList());
    // The service's own logging configuration (JACKPOT_LOG_FORMAT, levels), not the tests' logback-test.xml.
    cmd.add("-Dlogback.configurationFile=" + ServiceProcess.class.getClassLoader().getResource("logback.xml"));
    cmd.addAll(jvmOptions);
    cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), "io.jackpot.local.LocalRun"));
    ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true)
        .redirectOutput(ProcessBuilder.Redirect.appendTo(data.resolve("service.log").toFile()));
    pb.environment().keySet().removeIf(name -> name.startsWith("JACKPOT_"));
    pb.environment().put("JACKPOT_DATA_DIR", data.toString());
    pb.environment().put("JACKPOT_HTTP_PORT", Integer.toString(http));
    pb.environment().putAll(TestNodes.withTestBounds(env));
    return pb.start();
  }

  /** Polls readiness (the observable condition) until ready; fails if the process dies or {@code limit} passes. */
  public static void awaitReady(int http, Process p, Duration limit) throws Exception {
    // Bounded calls: a process that accepts connections but never answers must not outlast the limit.
    HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    HttpRequest ready = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + http + "/health/ready")).timeout(Duration.ofSeconds(5)).build();
    long end = System.nanoTime() + limit.toNanos();
    while (System.nanoTime() < end) {
      if (!p.isAlive()) {
        throw new IllegalStateException("the service exited during start-up");
      }
      try {
        if (client.send(ready, HttpResponse.BodyHandlers.discarding()).statusCode() == 200) {
          return;
        }
      } catch (IOException notYetListening) {
        // connection refused until the HTTP server is up
      }
      p.waitFor(200, TimeUnit.MILLISECONDS);
    }
    throw new IllegalStateException("the service was not ready within " + limit.toSeconds() + " s");
  }
}
