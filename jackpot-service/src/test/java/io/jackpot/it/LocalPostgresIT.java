package io.jackpot.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jackpot.ledger.pg.LocalPostgres;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
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
    String java = ProcessHandle.current().info().command().orElseThrow();
    Process holder = new ProcessBuilder(List.of(java, "-cp", System.getProperty("java.class.path"), Holder.class.getName(), lock.toString()))
        .redirectErrorStream(true).start();
    try {
      BufferedReader out = new BufferedReader(new InputStreamReader(holder.getInputStream(), StandardCharsets.UTF_8));
      assertEquals("held", out.readLine(), "the holder took the lock");
      IOException refused = assertThrows(IOException.class, () -> LocalPostgres.start(pg).close());
      assertTrue(refused.getMessage().contains("in use by another running process"), refused.getMessage());
    } finally {
      holder.destroyForcibly(); // SIGKILL: as a killed service; the operating system drops its lock
      assertTrue(holder.waitFor(30, TimeUnit.SECONDS));
    }
    try (LocalPostgres started = LocalPostgres.start(pg); SimplePg sql = new SimplePg(started.port(), "postgres")) {
      assertEquals(1, sql.count("SELECT 1"));
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
