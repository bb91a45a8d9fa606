package io.jackpot.it.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jackpot.it.support.ChildJvm;
import io.jackpot.it.support.ScratchDirs;
import io.jackpot.it.support.SimplePg;
import io.jackpot.local.LocalPostgres;
import java.net.ConnectException;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/**
 * A test run killed hard leaves its PostgreSQL running (zonky starts it through pg_ctl) and its data
 * in the temporary directory; the next run's sweep stops that server and deletes the directory, and
 * leaves alone a run still going, a directory without a database, and a lock taken a moment ago.
 */
class ScratchDirsIT {

  @Test
  void aKilledRunsPostgresIsStoppedAndItsDirectoryDeletedWhileALiveRunsIsLeft() throws Exception {
    Path root = ScratchDirs.create("sweep-root");
    Path killedRun = Files.createDirectory(root.resolve(ScratchDirs.PREFIX + "killed"));
    Path liveRun = Files.createDirectory(root.resolve(ScratchDirs.PREFIX + "live"));
    Path noDatabase = Files.createDirectory(root.resolve(ScratchDirs.PREFIX + "logs-only"));
    Files.writeString(noDatabase.resolve("member.log"), "a log line\n");

    ChildJvm run = ChildJvm.start(Server.class, killedRun.resolve("pg").toString());
    int port;
    try {
      port = Integer.parseInt(run.lineAfter("started "));
    } finally {
      run.kill(); // SIGKILL, as CI's time limit does: no hook runs
    }
    try (SimplePg sql = new SimplePg(port, "postgres")) {
      assertEquals(1, sql.count("SELECT 1"), "the server outlived the run that started it");
    }

    try (LocalPostgres live = LocalPostgres.start(liveRun.resolve("pg"))) {
      ScratchDirs.sweepAbandoned(root);
      assertTrue(Files.isDirectory(killedRun.resolve("pg")), "a lock taken under a minute ago may be a server starting: left");

      backdate(killedRun.resolve("pg.lock"));
      backdate(liveRun.resolve("pg.lock"));
      ScratchDirs.sweepAbandoned(root);

      assertFalse(Files.exists(killedRun), "the killed run's directory is deleted");
      assertThrows(ConnectException.class, () -> new Socket("127.0.0.1", port).close(), "its server is stopped");
      try (SimplePg sql = new SimplePg(live.port(), "postgres")) {
        assertEquals(1, sql.count("SELECT 1"), "the live run's server keeps serving");
      }
      assertTrue(Files.isDirectory(liveRun.resolve("pg")));
      assertTrue(Files.exists(noDatabase.resolve("member.log")), "a directory without a database is not the sweep's");
    }
  }

  private static void backdate(Path lock) throws Exception {
    Files.setLastModifiedTime(lock, FileTime.from(Instant.now().minus(ScratchDirs.SETTLED).minus(Duration.ofMinutes(1))));
  }

  /** A run that starts its PostgreSQL, says on which port, and waits to be killed. */
  public static final class Server {
    public static void main(String[] args) throws Exception {
      LocalPostgres pg = LocalPostgres.start(Path.of(args[0]));
      System.out.println("started " + pg.port());
      System.out.flush();
      Thread.currentThread().join(); // until killed
    }
  }
}
