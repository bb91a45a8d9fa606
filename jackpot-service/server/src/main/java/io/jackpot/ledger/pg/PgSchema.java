package io.jackpot.ledger.pg;

import io.vertx.core.Future;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Tuple;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Brings the ledger schema up to date at start: numbered scripts from {@code db/} applied in order,
 * all in one transaction (a failed script leaves the schema as it was), under an advisory lock so
 * that members starting together do not race. A schema newer than this code knows (a rollback of
 * the service after a migration) is refused: old code must not write to a ledger it does not know.
 */
public final class PgSchema {
  private static final Logger log = LoggerFactory.getLogger(PgSchema.class);
  private static final List<String> SCRIPTS = List.of("V1__ledger.sql", "V2__ledger_steps.sql", "V3__packed_shares.sql", "V4__share_guards.sql",
      "V5__operator_round_ids.sql", "V6__terms_version.sql", "V7__must_drop.sql", "V8__wins_by_jackpot.sql");

  private PgSchema() {}

  public static Future<Integer> migrate(Pool pool) {
    return migrate(pool, SCRIPTS.size());
  }

  /** Up to version {@code upTo} only: a database as an older release left it (migration tests). */
  public static Future<Integer> migrate(Pool pool, int upTo) {
    return pool.withTransaction(conn -> conn.query(LedgerSql.QUIET_NOTICES).execute()
            .compose(q -> conn.query(LedgerSql.LOCK_MIGRATIONS).execute())
            .compose(l -> conn.query(LedgerSql.SCHEMA_VERSION_TABLE).execute())
            .compose(l -> conn.query(LedgerSql.CURRENT_VERSION).execute())
            .compose(rows -> {
              int current = rows.iterator().next().getInteger("v");
              if (current > SCRIPTS.size()) {
                return Future.failedFuture(new IllegalStateException("the ledger schema is at version " + current
                    + ", newer than this service knows (" + SCRIPTS.size() + "): run the release that migrated it, or a later one"));
              }
              Future<Integer> chain = Future.succeededFuture(current);
              for (int i = current; i < Math.min(upTo, SCRIPTS.size()); i++) {
                int version = i + 1;
                String script = read(SCRIPTS.get(i));
                chain = chain.compose(x -> conn.query(script).execute()
                    .compose(r -> conn.preparedQuery(LedgerSql.MARK_VERSION).execute(Tuple.of(version)))
                    .map(r -> {
                      log.info("ledger schema migrated to version {}", version);
                      return version;
                    }));
              }
              return chain;
            }));
  }

  private static String read(String name) {
    try (InputStream in = PgSchema.class.getResourceAsStream("/db/" + name)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
