package io.jackpot.ledger.pg;

import io.jackpot.ledger.AuditEntry;
import io.jackpot.ledger.DefinitionHistory;
import io.jackpot.ledger.Saved;
import io.vertx.core.Future;
import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.Tuple;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionStage;
import java.util.function.Predicate;

/**
 * The jackpots' definitions in PostgreSQL. Saves are made one at a time under one lock
 * (LOCK_DEFINITIONS): versions never race, and each check sees every save before it.
 */
public final class PgDefinitionHistory implements DefinitionHistory {
  private final Pool pg;

  public PgDefinitionHistory(Pool pg) {
    this.pg = pg;
  }

  @Override
  public CompletionStage<List<Saved>> definitions() {
    return pg.query(LedgerSql.DEFINITIONS).execute().map(rows -> {
      List<Saved> out = new ArrayList<>();
      rows.forEach(r -> out.add(new Saved(r.getInteger("version"), r.getString("definition"))));
      return out;
    }).toCompletionStage();
  }

  @Override
  public CompletionStage<Integer> saveDefinition(String id, String definitionJson, String savedBy, AuditEntry audit,
      Predicate<Map<String, String>> saveAfter) {
    return pg.withTransaction(conn -> conn.query(LedgerSql.LOCK_DEFINITIONS).execute()
        .compose(l -> conn.query(LedgerSql.DEFINITIONS).execute())
        .compose(latest -> {
          Map<String, String> inForce = new HashMap<>();
          Integer versionInForce = null;
          for (Row row : latest) {
            inForce.put(row.getString("id"), row.getString("definition"));
            if (row.getString("id").equals(id)) {
              versionInForce = row.getInteger("version");
            }
          }
          if (!saveAfter.test(inForce)) {
            return versionInForce != null ? Future.succeededFuture(versionInForce)
                : Future.failedFuture(new IllegalStateException("jackpot " + id + " has no saved version, yet none was to be saved"));
          }
          return conn.preparedQuery(LedgerSql.SAVE_DEFINITION)
              .execute(Tuple.of(id, new JsonObject(definitionJson), BatchArrays.utc(audit.at()), savedBy))
              .compose(saved -> conn.preparedQuery(LedgerSql.INSERT_AUDIT).execute(BatchArrays.audit(List.of(audit)))
                  .map(x -> saved.iterator().next().getInteger("version")));
        }))
        .toCompletionStage();
  }

  @Override
  public CompletionStage<Integer> saveInitialDefinitions(List<Initial> definitions, String savedBy) {
    if (definitions.isEmpty()) {
      return Future.succeededFuture(0).toCompletionStage();
    }
    String[] ids = definitions.stream().map(Initial::id).toArray(String[]::new);
    String[] jsons = definitions.stream().map(Initial::json).toArray(String[]::new);
    List<AuditEntry> audits = definitions.stream().map(Initial::audit).toList();
    Tuple rows = Tuple.of(ids, jsons, BatchArrays.utc(audits.get(0).at()), savedBy);
    return pg.withTransaction(conn -> conn.query(LedgerSql.LOCK_DEFINITIONS).execute()
        .compose(l -> conn.query(LedgerSql.ANY_DEFINITION).execute())
        .compose(any -> any.iterator().next().getBoolean("any") ? Future.succeededFuture(0)
            : conn.preparedQuery(LedgerSql.SAVE_INITIAL_DEFINITIONS).execute(rows)
                .compose(saved -> conn.preparedQuery(LedgerSql.INSERT_AUDIT).execute(BatchArrays.audit(audits)))
                .map(x -> definitions.size())))
        .toCompletionStage();
  }
}
