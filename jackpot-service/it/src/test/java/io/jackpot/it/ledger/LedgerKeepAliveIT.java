package io.jackpot.it.ledger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jackpot.it.support.SimplePg;
import io.jackpot.it.support.TestPostgres;
import io.jackpot.ledger.pg.PgPools;
import io.vertx.core.Vertx;
import io.vertx.pgclient.PgConnectOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The ledger's connections as the server sees them. Its unlimited connections (whole-table reads with no time limit) carry TCP keepalive
 * probing after the ledger's limit, so that a database gone away is noticed on them within about
 * twice the limit rather than the kernel's two hours. Read from the kernel's own table of sockets
 * (/proc/net/tcp and tcp6: timer 2 is keepalive, its expiry in hundredths of a second), not from the client.
 */
class LedgerKeepAliveIT {
  private static final int KEEPALIVE_TIMER = 2;

  @Test
  void unlimitedConnectionsProbeAfterTheLimitAndLimitedOnesHaveNoKeepalive() throws Exception {
    String url = TestPostgres.freshDatabase();
    int port = PgConnectOptions.fromUri(url).getPort();
    Vertx vertx = Vertx.vertx();
    PgPools pools = PgPools.open(vertx, PgConnectOptions.fromUri(url), 1, Duration.ofSeconds(5));
    try {
      var before = socketsTo(port);
      pools.unlimited().query("SELECT 1").execute().await();
      var unlimited = socketsTo(port);
      unlimited.keySet().removeAll(before.keySet());
      assertEquals(1, unlimited.size(), "one new connection, the unlimited pool's");
      int[] timer = unlimited.values().iterator().next();
      assertEquals(KEEPALIVE_TIMER, timer[0], "keepalive is on");
      assertTrue(timer[1] <= 500, "its first probe comes within the 5 s limit, not after hours: " + timer[1] + " cs");

      pools.limited().query("SELECT 1").execute().await();
      var limited = socketsTo(port);
      limited.keySet().removeAll(before.keySet());
      limited.keySet().removeAll(unlimited.keySet());
      assertEquals(1, limited.size(), "one new connection, the limited pool's");
      assertTrue(limited.values().iterator().next()[0] != KEEPALIVE_TIMER, "the limited connection has its own limit instead");
      assertEquals("5s", pools.limited().query("SHOW statement_timeout").execute().await().iterator().next().getString(0),
          "the limited pool's own limit, on the server's side");
    } finally {
      pools.close(Duration.ofSeconds(5));
      vertx.close().await();
    }
  }

  /**
   * The limited pool carries every write of the ledger: its commits are durable (synchronous_commit
   * on) even on a database whose default says otherwise, as an acknowledged round must survive a crash.
   */
  @Test
  void theLedgersWritesAreDurableWhateverTheDatabasesDefault() throws Exception {
    String url = TestPostgres.freshDatabase();
    try (SimplePg sql = SimplePg.of(url)) {
      sql.execute("ALTER DATABASE \"" + PgConnectOptions.fromUri(url).getDatabase() + "\" SET synchronous_commit = off");
    }
    Vertx vertx = Vertx.vertx();
    PgPools pools = PgPools.open(vertx, PgConnectOptions.fromUri(url), 1, Duration.ofSeconds(5));
    try {
      assertEquals("off", pools.unlimited().query("SHOW synchronous_commit").execute().await().iterator().next().getString(0),
          "the database's default, as a reader gets it");
      assertEquals("on", pools.limited().query("SHOW synchronous_commit").execute().await().iterator().next().getString(0));
    } finally {
      pools.close(Duration.ofSeconds(5));
      vertx.close().await();
    }
  }

  /** Established connections to {@code port} by local address: their timer kind and its expiry (cs). */
  private static Map<String, int[]> socketsTo(int port) throws Exception {
    String remote = String.format(Locale.ROOT, ":%04X", port);
    Map<String, int[]> out = new HashMap<>();
    List<String> lines = new ArrayList<>();
    // A JVM on a host with IPv6 opens IPv4 connections as IPv6 sockets (IPv4-mapped addresses), listed in tcp6.
    for (String table : List.of("/proc/self/net/tcp", "/proc/self/net/tcp6")) {
      List<String> rows = Files.readAllLines(Path.of(table));
      lines.addAll(rows.subList(1, rows.size()));
    }
    for (String line : lines) {
      String[] f = line.trim().split("\\s+");
      if (f[2].endsWith(remote) && f[3].equals("01")) {
        String[] timer = f[5].split(":");
        out.put(f[1], new int[] {Integer.parseInt(timer[0], 16), Integer.parseInt(timer[1], 16)});
      }
    }
    return out;
  }
}
