package io.jackpot.local;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A PostgreSQL of its own for scripts/run, scripts/cluster and the tests, kept in a data directory
 * across runs. Durable: fsync and synchronous commit on. As root it runs in a user namespace.
 *
 * <p>The running process holds a lock on {@code <data dir>.lock} (beside the directory: initdb wants
 * it empty). A second start on a directory in use is refused before anything is touched. The lock
 * dies with its process, so a postmaster left by a killed run is found stale and stopped.
 */
public final class LocalPostgres implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(LocalPostgres.class);

  private final EmbeddedPostgres server;
  private final FileChannel owner;
  private final Path dataDir;

  private LocalPostgres(EmbeddedPostgres server, FileChannel owner, Path dataDir) {
    this.server = server;
    this.owner = owner;
    this.dataDir = dataDir;
  }

  public static LocalPostgres start(Path dataDir) throws IOException {
    return start(dataDir, Map.of());
  }

  /** @param extraConfig server settings beyond the durable defaults (the bench loads pg_stat_statements) */
  public static LocalPostgres start(Path dataDir, Map<String, String> extraConfig) throws IOException {
    Files.createDirectories(dataDir);
    FileChannel owner = own(dataDir);
    try {
      stopStale(dataDir);
      log.info("starting PostgreSQL in {}", dataDir.toAbsolutePath());
      EmbeddedPostgres.Builder builder = EmbeddedPostgres.builder();
      extraConfig.forEach(builder::setServerConfig);
      EmbeddedPostgres server = builder
          .setDataDirectory(dataDir)
          .setCleanDataDirectory(false)
          .setServerConfig("fsync", "on")
          .setServerConfig("synchronous_commit", "on")
          .setServerConfig("full_page_writes", "on")
          .setServerConfig("listen_addresses", "127.0.0.1")
          .setServerConfig("max_connections", "100")
          .setPGStartupWait(Duration.ofSeconds(60))
          // Stopped by its owner's close only: zonky's own hook would stop it at the JVM's exit
          // while the service's shutdown hook still drains commits into it, and would race a
          // caller's hook that closes it and then deletes its directory. A JVM that ends without
          // closing it leaves it to the next start on the directory (stopStale) or to the test
          // runs' sweep, as a killed one does.
          .setRegisterShutdownHook(false)
          .start();
      LocalPostgres started = new LocalPostgres(server, owner, dataDir);
      OPEN.add(started);
      return started;
    } catch (IOException | RuntimeException e) {
      owner.close();
      throw e;
    }
  }

  /**
   * The data directory's owner lock, or an IOException if another running process (or another
   * server of this one) holds it. The file stays; only its lock says anything.
   */
  static FileChannel own(Path dataDir) throws IOException {
    Path file = dataDir.toAbsolutePath().resolveSibling(dataDir.getFileName() + ".lock");
    FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
    FileLock lock;
    try {
      lock = channel.tryLock();
    } catch (OverlappingFileLockException thisProcess) {
      lock = null;
    } catch (IOException | RuntimeException e) {
      channel.close();
      throw e;
    }
    if (lock == null) {
      channel.close();
      throw new IOException("the PostgreSQL in " + dataDir + " is in use by another running process (it holds " + file
          + "); stop that one first, or give this one a data directory of its own (JACKPOT_DATA_DIR)");
    }
    return channel;
  }

  /** A postgresql:// URL for the superuser on the server's loopback port. */
  public String url() {
    return "postgresql://postgres@127.0.0.1:" + server.getPort() + "/postgres";
  }

  public int port() {
    return server.getPort();
  }

  /**
   * Stops the server and waits until it is down. zonky's stop gives PostgreSQL 5 s and then only
   * logs that it could not stop it; a shutdown checkpoint on a loaded machine can take longer, and
   * the server then still writes its data directory (a caller deleting it next was left with part
   * of pg_wal and pg_xact) and holds its port. So its postmaster is waited for, up to
   * {@link #STOP_WAIT} in all.
   */
  @Override
  public void close() throws IOException {
    Path pidFile = dataDir.resolve("postmaster.pid");
    Optional<ProcessHandle> postmaster = Optional.empty();
    try {
      postmaster = postmaster(pidFile);
    } catch (IOException unreadable) {
      log.warn("could not read {} ({}): not waiting for the server to be down", pidFile, unreadable.toString());
    }
    try {
      server.close();
    } finally {
      try {
        if (postmaster.isPresent() && !stopped(postmaster.get(), pidFile, STOP_WAIT)) {
          log.warn("PostgreSQL pid {} still runs in {} {} s after it was told to stop", postmaster.get().pid(), dataDir,
              STOP_WAIT.toSeconds());
        }
      } finally {
        OPEN.remove(this);
        owner.close(); // only once the server is down, so that the next start finds none running
      }
    }
  }

  /** The servers this process started and has not closed. */
  private static final Set<LocalPostgres> OPEN = ConcurrentHashMap.newKeySet();

  /**
   * Closes every server this process started under {@code dir} and has not closed, for a caller
   * about to delete {@code dir} at the JVM's exit (a bench or test stopped by Ctrl-C, whose own
   * close never ran). Failures are logged.
   */
  public static void closeUnder(Path dir) {
    OPEN.stream().filter(pg -> pg.dataDir.toAbsolutePath().startsWith(dir.toAbsolutePath())).forEach(LocalPostgres::closeLogged);
  }

  /** Closes every server this process started and has not closed: a process stopped before its owner took over. */
  public static void closeAll() {
    OPEN.forEach(LocalPostgres::closeLogged);
  }

  private static void closeLogged(LocalPostgres pg) {
    try {
      pg.close();
    } catch (IOException | RuntimeException e) {
      log.warn("could not stop the PostgreSQL in {}: {}", pg.dataDir, e.toString());
    }
  }

  /** How long {@link #close} waits for the server to be down. */
  static final Duration STOP_WAIT = Duration.ofSeconds(60);

  /** The running PostgreSQL process that {@code pidFile} names, if any. */
  private static Optional<ProcessHandle> postmaster(Path pidFile) throws IOException {
    List<String> lines;
    try {
      lines = Files.readAllLines(pidFile);
    } catch (NoSuchFileException gone) {
      return Optional.empty();
    }
    return (lines.isEmpty() ? Optional.<Long>empty() : parsePid(lines.get(0))).flatMap(ProcessHandle::of).filter(LocalPostgres::isPostgres)
        .filter(p -> isTheFilesServer(p, lines));
  }

  /**
   * Whether the process is the file's server: it began when the file says its server did (its
   * third line, seconds since the epoch), or its command line names the file's data directory
   * (its second line; for a clock stepped since it began). After a reboot or a long while, the pid
   * may belong to another process, another user's PostgreSQL included, which must not be stopped.
   * Unknown (no start time to compare): taken as the server.
   */
  private static boolean isTheFilesServer(ProcessHandle p, List<String> pidFile) {
    Optional<Instant> started = p.info().startInstant();
    Optional<Long> recorded = pidFile.size() < 3 ? Optional.empty() : parsePid(pidFile.get(2));
    if (started.isEmpty() || recorded.isEmpty()) {
      return true;
    }
    if (Math.abs(started.get().getEpochSecond() - recorded.get()) <= 10) {
      return true;
    }
    String dataDir = pidFile.get(1).trim();
    return !dataDir.isEmpty() && p.info().arguments().map(args -> Arrays.asList(args).contains(dataDir)).orElse(false);
  }

  /**
   * Stops the server of a data directory that no running process owns (its process was killed -9;
   * zonky starts PostgreSQL through pg_ctl, so the server outlives it). Returns false, touching
   * nothing, when a running process (this one included) holds the directory.
   */
  public static boolean stopIfAbandoned(Path dataDir) throws IOException {
    FileChannel owner;
    try {
      owner = own(dataDir);
    } catch (IOException held) {
      return false;
    }
    try (owner) {
      stopStale(dataDir);
      return true;
    }
  }

  /** Stops a postmaster still running on this data directory (its JVM was killed -9). */
  static void stopStale(Path dataDir) throws IOException {
    Path pidFile = dataDir.resolve("postmaster.pid");
    if (!Files.exists(pidFile)) {
      return;
    }
    Optional<ProcessHandle> process = postmaster(pidFile);
    if (process.isEmpty()) {
      log.info("removing stale postmaster.pid (no server of this directory running: its pid is gone or another process's)");
      Files.deleteIfExists(pidFile);
      return;
    }
    ProcessHandle postmaster = process.get();
    log.warn("a PostgreSQL server (pid {}) from an earlier run still holds {}; stopping it", postmaster.pid(), dataDir);
    postmaster.destroy();
    if (!stopped(postmaster, pidFile, STALE_STOP_WAIT)) {
      log.warn("PostgreSQL pid {} did not stop on SIGTERM; killing it", postmaster.pid());
      postmaster.destroyForcibly();
      if (!stopped(postmaster, pidFile, STALE_STOP_WAIT)) {
        throw new IOException("PostgreSQL pid " + postmaster.pid() + " still holds " + dataDir + "; stop it by hand");
      }
    }
  }

  private static final Duration STALE_STOP_WAIT = Duration.ofSeconds(30);

  /**
   * Waits up to {@code wait} for the server to go. A clean stop removes postmaster.pid; where nobody
   * reaps orphans, the exited server lingers as a zombie that still looks alive, so the file decides.
   */
  private static boolean stopped(ProcessHandle postmaster, Path pidFile, Duration wait) {
    long deadline = System.nanoTime() + wait.toNanos();
    while (System.nanoTime() < deadline) {
      if (!postmaster.isAlive() || !Files.exists(pidFile) || !isPostgres(postmaster)) {
        return true;
      }
      try {
        postmaster.onExit().get(100, TimeUnit.MILLISECONDS);
      } catch (Exception stillRunning) {
        // not yet; look again
      }
    }
    return false;
  }

  /** A number on a line of postmaster.pid (the pid, or the start time). */
  private static Optional<Long> parsePid(String line) {
    try {
      return Optional.of(Long.parseLong(line.trim()));
    } catch (NumberFormatException e) {
      return Optional.empty();
    }
  }

  private static boolean isPostgres(ProcessHandle p) {
    return p.info().command().map(c -> c.contains("postgres")).orElse(false);
  }
}
