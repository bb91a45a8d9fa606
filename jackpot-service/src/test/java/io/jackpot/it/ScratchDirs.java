package io.jackpot.it;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Stream;

/**
 * Temporary directories of the tests and benchmarks (databases, member logs, browser profiles),
 * removed when the JVM exits: every run used to leave its PostgreSQL data behind, gigabytes a run.
 */
public final class ScratchDirs {
  private static final List<Path> CREATED = new CopyOnWriteArrayList<>();
  private static boolean hooked;

  private ScratchDirs() {}

  /** A new temporary directory, deleted with its contents when the JVM exits (whatever ran in it must have stopped). */
  public static synchronized Path create(String prefix) throws IOException {
    if (!hooked) {
      // Registered on first use, not when the class loads: delete() may first run inside a hook.
      Runtime.getRuntime().addShutdownHook(new Thread(() -> CREATED.forEach(ScratchDirs::delete), "scratch-dirs"));
      hooked = true;
    }
    Path dir = Files.createTempDirectory(prefix);
    CREATED.add(dir);
    return dir;
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
