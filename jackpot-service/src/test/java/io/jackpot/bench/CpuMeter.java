package io.jackpot.bench;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * CPU time used by this JVM and by the PostgreSQL server (its postmaster and every backend, those
 * that exited included) between two readings, from /proc (Linux). Tells where a phase's CPU went
 * on a machine where the service, the load and the database share the cores.
 */
final class CpuMeter {
  private static final long TICK_NANOS = 1_000_000_000L / clockTicks();
  private final long postmaster;

  /** A reading: wall time, this JVM's CPU, PostgreSQL's CPU (nanoseconds). */
  record Reading(long wall, long jvm, long pg) {}

  /** @param pgDataDir the server's data directory (its postmaster.pid names the postmaster) */
  CpuMeter(Path pgDataDir) throws IOException {
    this.postmaster = Long.parseLong(Files.readAllLines(pgDataDir.resolve("postmaster.pid")).get(0).trim());
  }

  Reading read() {
    var os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    long pgTicks = ticks(postmaster, true);
    for (ProcessHandle child : ProcessHandle.of(postmaster).map(p -> p.descendants().toList()).orElse(List.of())) {
      pgTicks += ticks(child.pid(), false);
    }
    return new Reading(System.nanoTime(), os.getProcessCpuTime(), pgTicks * TICK_NANOS);
  }

  /** One line: cores used by each side, and CPU per contribution. */
  static String describe(String phase, Reading from, Reading to, long contributions) {
    double wall = to.wall() - from.wall();
    long jvm = to.jvm() - from.jvm();
    long pg = to.pg() - from.pg();
    return String.format("CPU during %s: this JVM %.2f cores, PostgreSQL %.2f cores (of %d); per contribution: JVM %.1f µs, PostgreSQL %.1f µs",
        phase, jvm / wall, pg / wall, Runtime.getRuntime().availableProcessors(),
        jvm / 1000.0 / Math.max(1, contributions), pg / 1000.0 / Math.max(1, contributions));
  }

  /** Contributions per second the machine's cores could take if PostgreSQL alone used them all. */
  static double postgresCeiling(Reading from, Reading to, long contributions) {
    double pgSecondsEach = (to.pg() - from.pg()) / 1e9 / Math.max(1, contributions);
    return Runtime.getRuntime().availableProcessors() / pgSecondsEach;
  }

  /** utime + stime of a process (and of its waited-for children: backends that exited), in clock ticks. */
  private static long ticks(long pid, boolean withChildren) {
    try {
      String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
      String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
      long t = Long.parseLong(f[11]) + Long.parseLong(f[12]);
      return withChildren ? t + Long.parseLong(f[13]) + Long.parseLong(f[14]) : t;
    } catch (IOException | RuntimeException e) {
      return 0; // exited between the listing and the reading: counted in its parent's children time
    }
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
