package io.jackpot.bench;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * CPU time used by this JVM and by the PostgreSQL server (its postmaster and every backend, those
 * that exited included) between two readings, from /proc (Linux). Tells where a phase's CPU went
 * on a machine where the service, the load and the database share the cores.
 */
final class CpuMeter {
  private static final long TICK_NANOS = 1_000_000_000L / clockTicks();
  private final long postmaster;

  /**
   * A reading: wall time, this JVM's CPU, of which its JIT compiler threads', PostgreSQL's CPU, and
   * PostgreSQL's CPU by process role (see {@link #role}) (nanoseconds).
   */
  record Reading(long wall, long jvm, long jit, long pg, Map<String, Long> pgByRole) {}

  /** @param pgDataDir the server's data directory (its postmaster.pid names the postmaster) */
  CpuMeter(Path pgDataDir) throws IOException {
    this.postmaster = Long.parseLong(Files.readAllLines(pgDataDir.resolve("postmaster.pid")).get(0).trim());
  }

  Reading read() {
    var os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    Map<String, Long> byRole = new TreeMap<>();
    byRole.put("postmaster and exited processes", ticks(postmaster, true) * TICK_NANOS);
    for (ProcessHandle child : ProcessHandle.of(postmaster).map(p -> p.descendants().toList()).orElse(List.of())) {
      byRole.merge(role(child.pid()), ticks(child.pid(), false) * TICK_NANOS, Long::sum);
    }
    long pg = byRole.values().stream().mapToLong(Long::longValue).sum();
    return new Reading(System.nanoTime(), os.getProcessCpuTime(), compilerTicks() * TICK_NANOS, pg, byRole);
  }

  /**
   * What a PostgreSQL process does, from the title it sets on its command line ("postgres:
   * walwriter", "postgres: autovacuum worker", "postgres: jackpot ledger 127.0.0.1(40132) idle"):
   * one of the background processes' names, or "backends" for the client connections.
   */
  private static String role(long pid) {
    try {
      String title = Files.readString(Path.of("/proc", Long.toString(pid), "cmdline")).replace('\0', ' ');
      for (String background : List.of("checkpointer", "background writer", "walwriter", "autovacuum", "logical replication",
          "stats collector", "archiver")) {
        if (title.contains(background)) {
          return background;
        }
      }
      return "backends";
    } catch (IOException | RuntimeException e) {
      return "backends";
    }
  }

  /** PostgreSQL's CPU per contribution by process role, the largest first. */
  static String describePostgres(Reading from, Reading to, long contributions) {
    StringBuilder line = new StringBuilder("PostgreSQL's CPU per contribution by process:");
    to.pgByRole().entrySet().stream()
        .map(e -> Map.entry(e.getKey(), e.getValue() - from.pgByRole().getOrDefault(e.getKey(), 0L)))
        .filter(e -> e.getValue() > 0)
        .sorted(Map.Entry.<String, Long>comparingByValue().reversed())
        .forEach(e -> line.append(String.format(" %s %.1f µs;", e.getKey(), e.getValue() / 1000.0 / Math.max(1, contributions))));
    return line.toString();
  }

  /** One line: cores used by each side, and CPU per contribution. */
  static String describe(String phase, Reading from, Reading to, long contributions) {
    double wall = to.wall() - from.wall();
    long jvm = to.jvm() - from.jvm();
    long pg = to.pg() - from.pg();
    long jit = to.jit() - from.jit();
    return String.format("CPU during %s: this JVM %.2f cores (of which JIT compiling %.2f), PostgreSQL %.2f cores (of %d); "
            + "per contribution: JVM %.1f µs (JIT %.1f µs), PostgreSQL %.1f µs",
        phase, jvm / wall, jit / wall, pg / wall, Runtime.getRuntime().availableProcessors(),
        jvm / 1000.0 / Math.max(1, contributions), jit / 1000.0 / Math.max(1, contributions),
        pg / 1000.0 / Math.max(1, contributions));
  }

  /** Contributions per second the machine's cores could take if PostgreSQL alone used them all. */
  static double postgresCeiling(Reading from, Reading to, long contributions) {
    double pgSecondsEach = (to.pg() - from.pg()) / 1e9 / Math.max(1, contributions);
    return Runtime.getRuntime().availableProcessors() / pgSecondsEach;
  }

  /**
   * utime + stime of this JVM's JIT compiler threads (HotSpot names them "C1 CompilerThread<n>" and
   * "C2 CompilerThread<n>"; the kernel shows the first 15 characters), in clock ticks. A compiler
   * thread HotSpot ended between two readings takes its time with it: a lower bound.
   */
  private static long compilerTicks() {
    long t = 0;
    try (var tasks = Files.list(Path.of("/proc/self/task"))) {
      for (Path task : tasks.toList()) {
        try {
          if (Files.readString(task.resolve("comm")).matches("C[12] CompilerThre.*\\s*")) {
            t += ticks(task.resolve("stat"));
          }
        } catch (IOException | RuntimeException e) {
          // the thread ended between the listing and the reading
        }
      }
    } catch (IOException e) {
      return 0;
    }
    return t;
  }

  /** utime + stime of a process (and of its waited-for children: backends that exited), in clock ticks. */
  private static long ticks(long pid, boolean withChildren) {
    try {
      String[] f = statFields(Path.of("/proc", Long.toString(pid), "stat"));
      long t = Long.parseLong(f[11]) + Long.parseLong(f[12]);
      return withChildren ? t + Long.parseLong(f[13]) + Long.parseLong(f[14]) : t;
    } catch (IOException | RuntimeException e) {
      return 0; // exited between the listing and the reading: counted in its parent's children time
    }
  }

  private static long ticks(Path stat) throws IOException {
    String[] f = statFields(stat);
    return Long.parseLong(f[11]) + Long.parseLong(f[12]);
  }

  /** The fields of a /proc stat file after the command name (field 3, state, is [0]). */
  private static String[] statFields(Path stat) throws IOException {
    String s = Files.readString(stat);
    return s.substring(s.lastIndexOf(')') + 2).split(" ");
  }

  private static long clockTicks() {
    try {
      Process p = new ProcessBuilder("getconf", "CLK_TCK").redirectErrorStream(true).start();
      String out = new String(p.getInputStream().readAllBytes()).trim();
      return p.waitFor() == 0 ? Long.parseLong(out) : 100;
    } catch (IOException | RuntimeException e) {
      return 100;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return 100;
    }
  }
}
