package io.jackpot.it.support;

import io.jackpot.sim.LoadRun;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Assertions;

/**
 * N member processes of one cluster, as {@code scripts/cluster} starts them, on one database, with
 * quorum two; the last member logs JSON lines. {@link #close()} kills every process it started.
 */
public final class ProcessCluster implements AutoCloseable {
  private final List<Process> started = new ArrayList<>();
  private final String pgUrl;
  private final String name = "cluster-" + UUID.randomUUID();
  private final int[] http;
  private final int[] hz;
  private final Path[] data;
  private final Process[] members;
  private final List<String>[] wrappers;

  /** Settings every member gets besides those of {@link #start}. */
  private final Map<String, String> extraEnv;
  private final List<String> jvmOptions;
  /** The load generator's progress lines, shown only when a check fails ({@link #explainingFailure}). */
  private final ByteArrayOutputStream loadProgress = new ByteArrayOutputStream();

  public ProcessCluster(String pgUrl, int n) throws Exception {
    this(pgUrl, n, Map.of());
  }

  public ProcessCluster(String pgUrl, int n, Map<String, String> extraEnv) throws Exception {
    this(pgUrl, n, extraEnv, List.of());
  }

  /** {@code jvmOptions}: for every member, after its heap size (a drill's Hazelcast properties). */
  @SuppressWarnings("unchecked") // the wrappers' array: no generic array creation
  public ProcessCluster(String pgUrl, int n, Map<String, String> extraEnv, List<String> jvmOptions) throws Exception {
    this.extraEnv = Map.copyOf(extraEnv);
    this.jvmOptions = List.copyOf(jvmOptions);
    this.pgUrl = pgUrl;
    http = IntStream.range(0, n).map(i -> TestNodes.freePort()).toArray();
    hz = IntStream.range(0, n).map(i -> TestNodes.freePort()).toArray();
    data = new Path[n];
    for (int i = 0; i < n; i++) {
      data[i] = ScratchDirs.create("jackpot-member-" + (i + 1));
    }
    members = new Process[n];
    wrappers = new List[n];
    Arrays.fill(wrappers, List.<String>of());
  }

  public int http(int i) {
    return http[i];
  }

  public Path data(int i) {
    return data[i];
  }

  public Process process(int i) {
    return members[i];
  }

  public String endpoints() {
    return IntStream.of(http).mapToObj(p -> "http://127.0.0.1:" + p).collect(Collectors.joining(","));
  }

  public int hz(int i) {
    return hz[i];
  }

  public int size() {
    return members.length;
  }

  public String pgUrl() {
    return pgUrl;
  }

  /** Starts member {@code i} as it was started last (by way of the same wrapper, if any). */
  public void start(int i) throws Exception {
    start(i, wrappers[i]);
  }

  /** Starts member {@code i} by way of {@code wrapper} (see {@link ServiceProcess#launch(List, Path, int, List, Map)}). */
  public void start(int i, List<String> wrapper) throws Exception {
    wrappers[i] = List.copyOf(wrapper);
    String seeds = IntStream.of(hz).mapToObj(p -> "127.0.0.1:" + p).collect(Collectors.joining(","));
    // The last member logs JSON lines (JACKPOT_LOG_FORMAT=json), as the Kubernetes settings have it.
    Map<String, String> env = new HashMap<>(Map.of("JACKPOT_PG_URL", pgUrl,
        "JACKPOT_HZ_PORT", Integer.toString(hz[i]), "JACKPOT_HZ_MEMBERS", seeds, "JACKPOT_CLUSTER_NAME", name,
        "JACKPOT_MIN_MEMBERS", "2", "JACKPOT_LOG_FORMAT", i == members.length - 1 ? "json" : "text"));
    env.putAll(extraEnv);
    List<String> options = new ArrayList<>(List.of("-Xmx512m"));
    options.addAll(jvmOptions);
    members[i] = ServiceProcess.launch(wrapper, data[i], http[i], options, env);
    started.add(members[i]);
  }

  /** A bounded load through the SDK, each game instance starting at another member and failing over; runs in the background. */
  public CompletableFuture<LoadRun.Summary> load(LoadRun run) {
    return CompletableFuture.supplyAsync(() -> {
      try {
        return run.run();
      } catch (Exception e) {
        throw new IllegalStateException(e);
      }
    });
  }

  public LoadRun loadRun(int instances, long rounds, long jackpotOneIn) {
    return new LoadRun(new LoadRun.Settings(endpoints(), "dev-game-key", "dev-viewer-token", instances, rounds, 0, 100, 200, jackpotOneIn),
        new PrintStream(loadProgress, true));
  }

  /** Checks that may throw. */
  public interface Checks {
    void run() throws Exception;
  }

  /**
   * Runs {@code checks}; should one fail, first prints the load generator's last progress lines and
   * each member's warnings and errors: the members' directories go with the test JVM, so a failure
   * in CI shows nothing else of what the cluster went through.
   */
  public void explainingFailure(Checks checks) throws Exception {
    try {
      checks.run();
    } catch (Exception | AssertionError e) {
      System.out.println(whatHappened());
      throw e;
    }
  }

  /** The load generator's last lines and each member's warnings and errors. */
  public String whatHappened() {
    StringBuilder out = new StringBuilder("---- what the cluster went through (the run failed) ----\n");
    List<String> progress = loadProgress.toString(StandardCharsets.UTF_8).lines().toList();
    out.append("load generator, last progress lines:\n");
    last(progress, 15).forEach(l -> out.append("  ").append(l).append('\n'));
    for (int i = 0; i < data.length; i++) {
      List<String> notable;
      try (var lines = Files.lines(data[i].resolve("service.log"))) {
        notable = lines.filter(l -> l.contains(" WARN ") || l.contains(" ERROR ") || l.contains("\"level\":\"WARN\"")
            || l.contains("\"level\":\"ERROR\"")).toList();
      } catch (IOException | UncheckedIOException e) {
        out.append("member ").append(i + 1).append(": no log (").append(e).append(")\n");
        continue;
      }
      out.append("member ").append(i + 1).append(", ").append(notable.size()).append(" warnings and errors (the last 40):\n");
      last(notable, 40).forEach(l -> out.append("  ").append(l).append('\n'));
    }
    return out.toString();
  }

  private static List<String> last(List<String> lines, int n) {
    return lines.subList(Math.max(0, lines.size() - n), lines.size());
  }

  public void awaitReady(int i) throws Exception {
    ServiceProcess.awaitReady(http[i], members[i], Duration.ofSeconds(120));
  }

  /** Starts every member at once (each waits for the quorum) and waits until all are ready. */
  public void startAll() throws Exception {
    for (int i = 0; i < members.length; i++) {
      start(i);
    }
    for (int i = 0; i < members.length; i++) {
      awaitReady(i);
    }
  }

  /**
   * Starts member {@code i} again (after it left or was killed) and checks it serves: a
   * contribution of 2.00 at coin value 0.10 (round {@code roundId}) sent through it is at once in
   * the pool member {@code other} reads, and both members then read the same amount.
   */
  public void restartAndCheckItServes(int i, int other, String roundId) throws Exception {
    start(i);
    awaitReady(i);
    Api back = new Api(http(i));
    Api reader = new Api(http(other));
    BigDecimal poolBefore = new BigDecimal(reader.amount("bewitched", "cv-0.10"));
    Assertions.assertEquals(200,
        back.post("/v1/contributions", Api.batch(Api.contribution(roundId, "bewitched", "2.00", "0.10"))).status());
    Assertions.assertEquals(0, poolBefore.add(new BigDecimal("0.01"))
        .compareTo(new BigDecimal(reader.amount("bewitched", "cv-0.10"))),
        "the contribution through the rejoined member is in the pool the others read");
    Await.until(() -> reader.amount("bewitched", "cv-0.10").equals(back.amount("bewitched", "cv-0.10")), Duration.ofSeconds(10),
        () -> "members agree on the pool");
  }

  /** Kills (-9) whatever it started that is still running. */
  @Override
  public void close() throws InterruptedException {
    for (Process p : started) {
      p.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
    }
  }
}
