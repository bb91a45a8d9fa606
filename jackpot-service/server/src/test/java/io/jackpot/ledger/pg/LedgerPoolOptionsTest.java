package io.jackpot.ledger.pg;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.pgclient.PgConnectOptions;
import io.vertx.sqlclient.PoolOptions;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class LedgerPoolOptionsTest {
  /** Dashboards and alerts know the pools by these names. */
  @Test
  void thePoolsAndTheirMetersKeepTheirNames() {
    assertEquals("ledger", LedgerPoolOptions.limited(8, 5000).getName());
    assertEquals("ledger", LedgerPoolOptions.limitedNet(5000).getMetricsName());
    assertEquals("ledger-unlimited", LedgerPoolOptions.unlimited().getName());
    assertEquals("ledger-unlimited", LedgerPoolOptions.unlimitedNet().getMetricsName());
    PgConnectOptions cached = LedgerPoolOptions.cached(new PgConnectOptions().setDatabase("ledger"));
    assertEquals("ledger-unlimited", LedgerPoolOptions.named(cached, LedgerPoolOptions.UNLIMITED).getMetricsName());
    assertEquals(3, LedgerPoolOptions.unlimited().getMaxSize());
  }

  @Test
  void idleConnectionsAreRetiredBeforeTheLimitWouldCloseThem() {
    PoolOptions options = LedgerPoolOptions.limited(8, 5000);
    assertEquals(8, options.getMaxSize());
    assertEquals(2500, options.getIdleTimeout());
    assertEquals(TimeUnit.MILLISECONDS, options.getIdleTimeoutUnit());
    assertEquals(1000, options.getPoolCleanerPeriod());
    assertEquals(50, LedgerPoolOptions.limited(8, 200).getPoolCleanerPeriod());
    assertEquals(5000, options.getConnectionTimeout());
    assertEquals(5000, LedgerPoolOptions.limitedNet(5000).getConnectTimeout());
  }

  @Test
  void theServerIsToldTheSameLimitAndToCommitDurably() {
    String sql = LedgerPoolOptions.serverLimits(5000);
    assertTrue(sql.startsWith("SET statement_timeout = 5000; SET idle_in_transaction_session_timeout = 5000; "), sql);
    assertTrue(sql.contains("set_config('synchronous_commit', 'on', false) WHERE current_setting('synchronous_commit') = 'off'"), sql);
  }
}
