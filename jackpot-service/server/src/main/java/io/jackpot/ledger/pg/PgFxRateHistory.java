package io.jackpot.ledger.pg;

import io.jackpot.ledger.AuditEntry;
import io.jackpot.ledger.FxRateHistory;
import io.jackpot.ledger.Saved;
import io.vertx.core.Future;
import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import io.vertx.sqlclient.Tuple;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import java.util.function.Predicate;

/** The sets of exchange rates in PostgreSQL; saves are made one at a time under one lock (LOCK_FX). */
public final class PgFxRateHistory implements FxRateHistory {
  private final Pool pg;

  public PgFxRateHistory(Pool pg) {
    this.pg = pg;
  }

  @Override
  public CompletionStage<Optional<Saved>> latestFxRates() {
    return pg.query(LedgerSql.LATEST_FX).execute().map(PgFxRateHistory::newestRates).toCompletionStage();
  }

  private static Optional<Saved> newestRates(RowSet<Row> rows) {
    if (rows.size() == 0) {
      return Optional.empty();
    }
    Row row = rows.iterator().next();
    return Optional.of(new Saved(row.getLong("id"), row.getString("rates")));
  }

  @Override
  public CompletionStage<Optional<String>> fxRatesAt(Instant moment) {
    return pg.preparedQuery(LedgerSql.FX_AT).execute(Tuple.of(BatchArrays.utc(moment))).map(PgFxRateHistory::rates)
        .toCompletionStage();
  }

  private static Optional<String> rates(RowSet<Row> rows) {
    return rows.size() == 0 ? Optional.empty() : Optional.of(rows.iterator().next().getString("rates"));
  }

  @Override
  public CompletionStage<Long> saveFxRates(String ratesJson, String setBy, AuditEntry audit,
      Predicate<FxSaved> saveAfter) {
    return pg.withTransaction(conn -> conn.query(LedgerSql.LOCK_FX).execute()
            .compose(l -> conn.query(LedgerSql.LATEST_FX).execute())
            .map(PgFxRateHistory::newestRates)
            .compose(latest -> conn.query(LedgerSql.LAST_FX_RATES).execute().map(last -> {
              Map<String, String> lastRates = new HashMap<>();
              last.forEach(r -> lastRates.put(r.getString("currency"), r.getString("rate")));
              return saveAfter.test(new FxSaved(latest.map(Saved::json).orElse(null), lastRates));
            }).compose(save -> !save
                ? Future.succeededFuture(latest.map(Saved::version).orElseThrow(() ->
                    new IllegalStateException("no exchange rates are saved, yet none were to be saved")))
                : conn.preparedQuery(LedgerSql.SAVE_FX)
                    .execute(Tuple.of(new JsonObject(ratesJson), BatchArrays.utc(audit.at()), setBy))
                    .compose(saved -> conn.preparedQuery(LedgerSql.INSERT_AUDIT).execute(BatchArrays.audit(List.of(audit)))
                        .map(x -> saved.iterator().next().getLong("id"))))))
        .toCompletionStage();
  }
}
