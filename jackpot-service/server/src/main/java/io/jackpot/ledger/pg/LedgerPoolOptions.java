package io.jackpot.ledger.pg;

import io.vertx.core.net.NetClientOptions;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.sqlclient.PoolOptions;
import io.vertx.sqlclient.SqlConnectOptions;
import java.util.concurrent.TimeUnit;

/**
 * The options of the ledger's two pools (see PgPools): their sizes and bounds, and their names,
 * which are also their metrics' names (the client, pool and network meters keep them apart).
 */
final class LedgerPoolOptions {
  private LedgerPoolOptions() {}

  static final String LIMITED = "ledger";
  static final String UNLIMITED = "ledger-unlimited";
  static final int UNLIMITED_SIZE = 3;

  /** Both pools' connections: prepared statements cached, requests pipelined. */
  static PgConnectOptions cached(PgConnectOptions options) {
    return new PgConnectOptions(options).setCachePreparedStatements(true).setPipeliningLimit(16);
  }

  /**
   * The server's half of the time limit, and durable commits whatever the server's or role's
   * default (an acknowledged round must survive a crash: docs/consistency.md): off is raised to
   * on, a stronger setting (remote_apply, say) is kept. Every write of the ledger goes through the
   * limited pool, whose connections all run this.
   */
  static String serverLimits(long ms) {
    return "SET statement_timeout = " + ms + "; SET idle_in_transaction_session_timeout = " + ms
        + "; SELECT set_config('synchronous_commit', 'on', false) WHERE current_setting('synchronous_commit') = 'off'";
  }

  /** Retired idle after ms / 2 (checked every ms / 4, at most every second), before the limit would close them idle. */
  static PoolOptions limited(int size, long ms) {
    return new PoolOptions().setName(LIMITED).setMaxSize(size)
        .setIdleTimeout((int) (ms / 2)).setIdleTimeoutUnit(TimeUnit.MILLISECONDS)
        .setPoolCleanerPeriod((int) Math.min(1000, ms / 4))
        .setConnectionTimeout((int) ms).setConnectionTimeoutUnit(TimeUnit.MILLISECONDS);
  }

  static NetClientOptions limitedNet(long ms) {
    return new NetClientOptions().setMetricsName(LIMITED).setConnectTimeout((int) ms);
  }

  static PoolOptions unlimited() {
    return new PoolOptions().setName(UNLIMITED).setMaxSize(UNLIMITED_SIZE);
  }

  static NetClientOptions unlimitedNet() {
    return new NetClientOptions().setMetricsName(UNLIMITED);
  }

  /** {@code cached} under a pool's {@code name}. */
  static SqlConnectOptions named(PgConnectOptions cached, String name) {
    return new PgConnectOptions(cached).setMetricsName(name);
  }
}
