package io.jackpot.bench;

import com.sun.management.OperatingSystemMXBean;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
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
   * A reading: wall time, this JVM's CPU, PostgreSQL's CPU, PostgreSQL's CPU by process role (see
   * {@link #role}), and this JVM's threads (nanoseconds; its JIT compiler's are among them).
   */
  record Reading(long wall, long jvm, long pg, Map<String, Long> pgByRole, Map<Long, ThreadTime> threads) {}

  /** One thread of this JVM: the part of the run it belongs to (see {@link #part}) and its CPU so far (nanoseconds). */
  record ThreadTime(String part, long cpu) {}

  /** The parts of a run that shares one JVM between the service and its load, in the order they are printed. */
  static final List<String> PARTS = List.of("service", "SDK (and the games' callbacks)", "load generator", "GC and VM thread",
      "JIT compiler", "common pool (either side)", "other");

  /** @param pgDataDir the server's data directory (its postmaster.pid names the postmaster) */
  CpuMeter(Path pgDataDir) throws IOException {
    this.postmaster = Long.parseLong(Files.readAllLines(pgDataDir.resolve("postmaster.pid")).get(0).trim());
  }

  Reading read() {
    var os = (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    Map<String, Long> byRole = new TreeMap<>();
    byRole.put("postmaster and exited processes", ticks(postmaster, true) * TICK_NANOS);
    for (ProcessHandle child : ProcessHandle.of(postmaster).map(p -> p.descendants().toList()).orElse(List.of())) {
      byRole.merge(role(child.pid()), ticks(child.pid(), false) * TICK_NANOS, Long::sum);
    }
    long pg = byRole.values().stream().mapToLong(Long::longValue).sum();
    Map<Long, ThreadTime> threads = threads();
    return new Reading(System.nanoTime(), os.getProcessCpuTime(), pg, byRole, threads);
  }

  /**
   * Which part of a bench a thread of this JVM works for, from the name the kernel shows (a Java
   * thread's name, cut to 15 characters): the service (Vert.x, Hazelcast and the node's own
   * threads), the SDK (its threads and the JDK HttpClient's that carry its WebSockets; the games'
   * callbacks on their rounds run on the SDK's callback threads), the load generator's simulated
   * games, the garbage collector and the VM thread (which runs every safepoint operation, GC's among them),
   * the JIT compiler, the common fork-join pool (which either side's asynchronous callbacks may
   * use), or other.
   */
  static String part(String threadName) {
    String n = threadName.strip();
    if (n.startsWith("vert.x-") || n.startsWith("vertx-") || n.startsWith("hz.") || n.startsWith("hz-")
        || n.startsWith("sequencer") || n.startsWith("journal-")) {
      return "service";
    }
    if (n.startsWith("jackpot-sdk-") || n.startsWith("HttpClient-")) {
      return "SDK (and the games' callbacks)";
    }
    if (n.startsWith("loadgen-")) {
      return "load generator";
    }
    if (n.startsWith("GC Thread") || n.startsWith("G1 ") || n.startsWith("VM Thread") || n.startsWith("ParGC")) {
      return "GC and VM thread";
    }
    if (n.matches("C[12] CompilerThre.*")) {
      return "JIT compiler";
    }
    if (n.startsWith("ForkJoinPool.co")) {
      return "common pool (either side)";
    }
    return "other";
  }

  /**
   * This JVM's CPU per part, per contribution, between two readings. A thread that ended between
   * them takes its time with it; what the process used beyond its listed threads (that, and the
   * threads' tick rounding) is shown as unattributed.
   */
  static String describeThreads(Reading from, Reading to, long contributions) {
    long n = Math.max(1, contributions);
    long counted = 0;
    StringBuilder line = new StringBuilder("this JVM's CPU per contribution by part:");
    for (String part : PARTS) {
      long used = partCpu(from, to, part);
      counted += used;
      line.append(String.format(" %s %.1f µs;", part, used / 1000.0 / n));
    }
    line.append(String.format(" unattributed (threads that ended, tick rounding) %.1f µs", ((to.jvm() - from.jvm()) - counted) / 1000.0 / n));
    return line.toString();
  }

  /** CPU of one part of this JVM (see {@link #part}) between two readings, in nanoseconds. */
  static long partCpu(Reading from, Reading to, String part) {
    long used = 0;
    for (var e : to.threads().entrySet()) {
      if (e.getValue().part().equals(part)) {
        ThreadTime before = from.threads().get(e.getKey());
        used += e.getValue().cpu() - (before == null ? 0 : before.cpu());
      }
    }
    return used;
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
    // Per thread (HotSpot starts and stops compiler threads): one that ended takes nothing back out.
    long jit = partCpu(from, to, "JIT compiler");
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

  /** Every thread of this JVM (the kernel's view, native threads included): its part and its CPU so far. */
  static Map<Long, ThreadTime> threads() {
    Map<Long, ThreadTime> threads = new HashMap<>();
    try (var tasks = Files.list(Path.of("/proc/self/task"))) {
      for (Path task : tasks.toList()) {
        try {
          threads.put(Long.parseLong(task.getFileName().toString()),
              new ThreadTime(part(Files.readString(task.resolve("comm"))), ticks(task.resolve("stat")) * TICK_NANOS));
        } catch (IOException | RuntimeException e) {
          // the thread ended between the listing and the reading
        }
      }
    } catch (IOException e) {
      // the process's task list could not be read: no threads to attribute
    }
    return threads;
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
