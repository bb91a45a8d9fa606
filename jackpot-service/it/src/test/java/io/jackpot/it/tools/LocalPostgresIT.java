package io.jackpot.it.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jackpot.it.support.ChildJvm;
import io.jackpot.it.support.ScratchDirs;
import io.jackpot.it.support.SimplePg;
import io.jackpot.local.LocalPostgres;
import java.io.IOException;
import java.net.ConnectException;
import java.net.Socket;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The service's own PostgreSQL is one process's at a time: a second start on a data directory in use
 * (scripts/run twice, say) is refused and leaves the running server alone, instead of taking it for
 * one left behind by a killed run and stopping it under its service.
 */
class LocalPostgresIT {

  @Test
  void aSecondStartOnADataDirectoryInUseIsRefusedAndTheRunningServerKeepsServing() throws Exception {
    Path pg = ScratchDirs.create("local-pg").resolve("pg");
    try (LocalPostgres first = LocalPostgres.start(pg)) {
      IOException refused = assertThrows(IOException.class, () -> LocalPostgres.start(pg).close());
      assertTrue(refused.getMessage().contains("in use by another running process"), refused.getMessage());
      try (SimplePg sql = new SimplePg(first.port(), "postgres")) {
        assertEquals(1, sql.count("SELECT 1"));
      }
    }
    try (LocalPostgres again = LocalPostgres.start(pg); SimplePg sql = new SimplePg(again.port(), "postgres")) {
      assertEquals(1, sql.count("SELECT 1"), "once stopped, the directory starts again");
    }
  }

  @Test
  void aDirectoryHeldByAnotherProcessIsRefusedUntilThatProcessIsKilled() throws Exception {
    Path pg = ScratchDirs.create("local-pg").resolve("pg");
    Path lock = pg.resolveSibling("pg.lock");
    ChildJvm holder = ChildJvm.start(Holder.class, lock.toString());
    try {
      assertEquals("held", holder.out.readLine(), "the holder took the lock");
      IOException refused = assertThrows(IOException.class, () -> LocalPostgres.start(pg).close());
      assertTrue(refused.getMessage().contains("in use by another running process"), refused.getMessage());
    } finally {
      holder.kill(); // SIGKILL: as a killed service; the operating system drops its lock
    }
    try (LocalPostgres started = LocalPostgres.start(pg); SimplePg sql = new SimplePg(started.port(), "postgres")) {
      assertEquals(1, sql.count("SELECT 1"));
    }
  }

  /**
   * Only the server's owner stops it, when it closes it: a JVM that exits without closing it (its
   * shutdown hooks run) leaves it running, as a killed one does, for the next start on the
   * directory to stop. zonky's own exit hook would race the service's shutdown hook, which still
   * drains commits into it, and the test run's hook, which deletes the directory once closed (and
   * would leave pg_wal and pg_xact behind).
   */
  @Test
  void aServerIsStoppedByItsOwnersCloseNotByTheJvmsExit() throws Exception {
    leftRunningThenStopped((run, port, pg) -> {
      assertEquals(0, run.process.exitValue());
      try (SimplePg sql = new SimplePg(port, "postgres")) {
        assertEquals(1, sql.count("SELECT 1"), "nothing stopped it at the JVM's exit");
      }
    });
  }

  /** What a test does while the server a JVM left behind runs on. */
  interface Meanwhile {
    void run(ChildJvm exited, int port, Path pg) throws Exception;
  }

  /**
   * A server started in a new directory by a JVM that then exits without closing it; {@code
   * meanwhile} runs once that JVM is gone, and then the next start on the directory must stop it.
   */
  private static void leftRunningThenStopped(Meanwhile meanwhile) throws Exception {
    Path pg = ScratchDirs.create("local-pg").resolve("pg");
    ChildJvm run = ChildJvm.start(Exits.class, pg.toString());
    int port = Integer.parseInt(run.lineAfter("started "));
    try {
      run.out.lines().forEach(l -> { }); // to its end: the process has exited and its hooks have run
      assertTrue(run.process.waitFor(60, TimeUnit.SECONDS));
      meanwhile.run(run, port, pg);
    } finally {
      run.kill();
      assertTrue(LocalPostgres.stopIfAbandoned(pg), "the next start on the directory stops it");
    }
    assertThrows(ConnectException.class, () -> new Socket("127.0.0.1", port).close());
  }

  /**
   * A server left running whose start, as its postmaster.pid records it, no longer matches the
   * process's (the clock was stepped since): still its directory's server, by its command line,
   * and stopped by the next start on the directory.
   */
  @Test
  void aLeftoverServerIsKnownByItsDirectoryWhenTheClockWasSteppedSinceItStarted() throws Exception {
    leftRunningThenStopped((run, port, pg) -> {
      Path pidFile = pg.resolve("postmaster.pid");
      List<String> lines = new ArrayList<>(Files.readAllLines(pidFile));
      lines.set(2, Long.toString(Long.parseLong(lines.get(2).trim()) - 3600));
      Files.write(pidFile, lines);
    });
  }

  /**
   * A postmaster.pid left by a server long gone (a reboot, say) whose pid now belongs to another
   * process named like PostgreSQL (another user's server): that process began at another time than
   * the file says, so it is left alone and only the file goes.
   */
  @Test
  void aLeftoverPidThatNowNamesAnotherProcessIsNotStopped() throws Exception {
    Path dir = ScratchDirs.create("local-pg");
    Path pg = Files.createDirectories(dir.resolve("pg"));
    Path postgres = Files.copy(Path.of("/bin/sleep"), dir.resolve("postgres"));
    postgres.toFile().setExecutable(true);
    Process other = new ProcessBuilder(postgres.toString(), "600").start();
    try {
      long began = other.info().startInstant().orElseThrow().getEpochSecond();
      Files.write(pg.resolve("postmaster.pid"), List.of(Long.toString(other.pid()), pg.toString(),
          Long.toString(began - 3600), "5432"));
      assertTrue(LocalPostgres.stopIfAbandoned(pg));
      assertTrue(!other.waitFor(1, TimeUnit.SECONDS), "the other process is still running");
      assertTrue(!Files.exists(pg.resolve("postmaster.pid")), "the stale file is gone");
    } finally {
      other.destroyForcibly();
      ScratchDirs.delete(dir);
    }
  }

  /**
   * A bench or test stopped (Ctrl-C) before its own close ran: the scratch directories' hook stops
   * the server it started in one before deleting the directory, rather than delete it under a
   * running server that no later sweep could then find (its lock file gone with it).
   */
  @Test
  void aServerInAScratchDirectoryIsStoppedBeforeTheDirectoryIsDeletedAtTheJvmsExit() throws Exception {
    ChildJvm run = ChildJvm.start(Exits.class, "scratch");
    String[] portAndDir = run.lineAfter("started ").split(" ", 2);
    int port = Integer.parseInt(portAndDir[0]);
    Path dir = Path.of(portAndDir[1]);
    try {
      run.out.lines().forEach(l -> { }); // to its end: the process has exited and its hooks have run
      assertTrue(run.process.waitFor(90, TimeUnit.SECONDS));
      assertThrows(ConnectException.class, () -> new Socket("127.0.0.1", port).close(), "its server is stopped");
      assertTrue(!Files.exists(dir), "and its directory deleted: " + dir);
    } finally {
      run.kill();
      // Failing, the server may run on with its directory gone: found by its command line.
      ProcessHandle.allProcesses().filter(p -> p.info().commandLine().orElse("").contains(dir + "/pg")).forEach(ProcessHandle::destroy);
      ScratchDirs.delete(dir);
    }
  }

  /**
   * Starts a LocalPostgres in {@code args[0]}, or with {@code scratch} in a new scratch directory,
   * says on which port (and in which directory), and exits without closing it (shutdown hooks run).
   */
  public static final class Exits {
    public static void main(String[] args) throws Exception {
      Path dir = args[0].equals("scratch") ? ScratchDirs.create("exits") : null;
      LocalPostgres pg = LocalPostgres.start(dir == null ? Path.of(args[0]) : dir.resolve("pg"));
      System.out.println("started " + pg.port() + (dir == null ? "" : " " + dir));
      System.out.flush();
      System.exit(0);
    }
  }

  /** Another process holding the lock a running LocalPostgres holds, until it is killed. */
  public static final class Holder {
    public static void main(String[] args) throws Exception {
      FileChannel channel = FileChannel.open(Path.of(args[0]), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
      if (channel.tryLock() == null) {
        throw new IllegalStateException("not held");
      }
      System.out.println("held");
      System.out.flush();
      Thread.currentThread().join(); // until killed
    }
  }
}
