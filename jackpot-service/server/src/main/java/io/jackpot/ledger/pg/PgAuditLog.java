package io.jackpot.ledger.pg;

import io.jackpot.ledger.AuditEntry;
import io.jackpot.ledger.AuditLog;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Tuple;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletionStage;

/** The audit log in PostgreSQL, read on the unlimited pool (a page may rightly take long; see PgPools). */
public final class PgAuditLog implements AuditLog {
  private final Pool unlimited;

  public PgAuditLog(Pool unlimited) {
    this.unlimited = unlimited;
  }

  @Override
  public CompletionStage<List<Logged>> findAudit(Instant from, Instant to, String owner, Long afterId, int limit, long bytes) {
    return unlimited.preparedQuery(LedgerSql.FIND_AUDIT)
        .execute(Tuple.of(BatchArrays.utc(from), BatchArrays.utc(to), owner, afterId, limit, bytes))
        .map(rows -> {
          List<Logged> out = new ArrayList<>();
          rows.forEach(r -> out.add(new Logged(r.getLong("id"), new AuditEntry(r.getOffsetDateTime("at").toInstant(), r.getString("actor"),
              r.getString("owner"), r.getString("action"), r.getString("target"), r.getString("before"), r.getString("after")),
              r.getLong("bytes_before"))));
          return out;
        }).toCompletionStage();
  }
}
