package io.jackpot.it.support;

import io.jackpot.local.LocalPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Temporary directories of the tests and benchmarks, removed when the JVM exits.
 *
 * <p>A run killed hard runs no hook, and its PostgreSQL servers outlive it. So the first request of
 * a run sweeps earlier runs' directories ({@link #sweepAbandoned}): one whose data directory's
 * owner lock no process holds has its server stopped and is deleted.
 */
public final class ScratchDirs {
  /** Every scratch directory's name starts so; the sweep looks at no other. */
  public static final String PREFIX = "jackpot-scratch-";
  /** A lock file younger than this may be one a starting server is about to lock; the sweep leaves it. */
  public static final Duration SETTLED = Duration.ofMinutes(1);
  private static final Logger log = LoggerFactory.getLogger(ScratchDirs.class);
  private static final List<Path> CREATED = new CopyOnWriteArrayList<>();
  private static boolean hooked;
  private static boolean swept;

  private ScratchDirs() {}

  /**
   * A new temporary directory, deleted with its contents when the JVM exits, after the PostgreSQL
   * servers this process started in it are stopped (whatever else ran in it must have stopped).
   */
  public static synchronized Path create(String prefix) throws IOException {
    if (!hooked) {
      // Registered on first use, not when the class loads: delete() may first run inside a hook.
      // A server still running in one (its owner's close never ran: Ctrl-C) is stopped first.
      Runtime.getRuntime().addShutdownHook(new Thread(() -> CREATED.forEach(dir -> {
        LocalPostgres.closeUnder(dir);
        delete(dir);
      }), "scratch-dirs"));
      hooked = true;
    }
    Path dir = unmanaged(prefix);
    CREATED.add(dir);
    return dir;
  }

  /**
   * A new temporary directory that its caller deletes (after stopping what runs in it, which a
   * JVM's hooks cannot order); a killed run's is still swept.
   */
  public static synchronized Path unmanaged(String prefix) throws IOException {
    if (!swept) {
      swept = true;
      sweepAbandoned(Path.of(System.getProperty("java.io.tmpdir")));
    }
    return Files.createTempDirectory(PREFIX + prefix);
  }

  /**
   * Stops the PostgreSQL servers of killed runs' scratch directories in {@code root} and deletes those
   * directories: a directory is abandoned when it holds a data directory ({@code <dir>} beside its
   * {@code <dir>.lock}) and no running process holds any of its locks. Best effort: what cannot be
   * stopped or deleted is logged and left.
   */
  public static void sweepAbandoned(Path root) {
    List<Path> candidates;
    try (Stream<Path> entries = Files.list(root)) {
      candidates = entries.filter(p -> p.getFileName().toString().startsWith(PREFIX) && Files.isDirectory(p)).toList();
    } catch (IOException | UncheckedIOException e) {
      return;
    }
    for (Path dir : candidates) {
      List<Path> dataDirs = dataDirs(dir);
      if (dataDirs.isEmpty()) {
        continue;
      }
      try {
        boolean abandoned = true;
        for (Path data : dataDirs) {
          abandoned &= settled(data) && LocalPostgres.stopIfAbandoned(data);
        }
        if (abandoned) {
          log.info("deleting {}, left by a run that was killed (its PostgreSQL stopped)", dir);
          delete(dir);
        }
      } catch (IOException | RuntimeException e) {
        log.warn("could not clear {}, left by an earlier run: {}", dir, e.toString());
      }
    }
  }

  /** The data directories under {@code dir}: each a directory with its owner lock beside it. */
  private static List<Path> dataDirs(Path dir) {
    try (Stream<Path> all = Files.find(dir, 3, (p, attributes) -> attributes.isRegularFile() && p.getFileName().toString().endsWith(".lock"))) {
      return all.map(lock -> lock.resolveSibling(lock.getFileName().toString().replaceFirst("\\.lock$", "")))
          .filter(Files::isDirectory).toList();
    } catch (IOException | UncheckedIOException e) {
      return List.of();
    }
  }

  private static boolean settled(Path dataDir) throws IOException {
    Path lock = dataDir.resolveSibling(dataDir.getFileName() + ".lock");
    return Files.getLastModifiedTime(lock).toInstant().isBefore(Instant.now().minus(SETTLED));
  }

  /** Deletes a directory and everything in it; what cannot be deleted is left (best effort, never throws). */
  public static void delete(Path dir) {
    try (Stream<Path> all = Files.walk(dir)) {
      all.sorted(Comparator.reverseOrder()).forEach(p -> {
        try {
          Files.deleteIfExists(p);
        } catch (IOException e) {
          // left behind; the rest still goes
        }
      });
    } catch (IOException | UncheckedIOException e) {
      // already gone or unreadable
    }
  }
}
