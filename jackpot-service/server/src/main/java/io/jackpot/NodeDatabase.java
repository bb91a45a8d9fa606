package io.jackpot;

import io.jackpot.config.ServiceConfig;
import io.jackpot.ledger.pg.PgPools;
import io.jackpot.ledger.pg.PgSchema;
import io.jackpot.ledger.pg.PgTls;
import io.jackpot.ledger.pg.PgUrl;
import io.vertx.pgclient.PgConnectOptions;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The member's way to its ledger database: the connect options read first, the schema brought up to date once connected. */
final class NodeDatabase {
  /** The start-up steps are the node's log lines. */
  private static final Logger log = LoggerFactory.getLogger(JackpotNode.class);

  private NodeDatabase() {}

  /** Step 1: a URL it cannot read, or TLS settings that do not fit its sslmode, are refused here, before anything starts. */
  static PgConnectOptions options(ServiceConfig config) {
    if (config.pgUrl() == null) {
      throw new IllegalArgumentException("JACKPOT_PG_URL is not set: a member needs its PostgreSQL (scripts/run provisions a local one)");
    }
    PgConnectOptions pgOptions = PgTls.applyTo(config.pgTls(), PgUrl.options(config.pgUrl()));
    log.info("step 1/6: using PostgreSQL {} (sslmode={}{})", PgUrl.redacted(config.pgUrl()), pgOptions.getSslMode().value,
        config.pgTls().certFile() == null ? "" : ", with a client certificate");
    String weakness = PgTls.weakness(pgOptions);
    if (weakness != null) {
      log.warn("{}", weakness);
    }
    return pgOptions;
  }

  /** Step 3: checks the connections and migrates the schema (blocking). */
  static void migrate(PgPools pg, ServiceConfig config) {
    pg.checkLimited().await();
    int version = PgSchema.migrate(pg.unlimited()).await();
    log.info("step 3/6: ledger schema at version {}; commits and the reads games wait on are given up after {} s"
        + " without an answer from the database", version, config.pgTimeout().toSeconds());
  }
}
