package io.jackpot.ledger.pg;

import io.jackpot.ledger.LedgerBatch;
import io.jackpot.ledger.LedgerWriter;
import io.jackpot.ledger.PoolHistory;
import io.jackpot.money.Money;
import io.jackpot.pool.Pool;
import io.jackpot.pool.PoolId;
import io.jackpot.pool.PoolStatus;
import io.jackpot.pool.PoolTerms;
import io.jackpot.pool.Win;
import io.vertx.core.Future;
import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import io.vertx.sqlclient.Tuple;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletionStage;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Pools rebuilt from PostgreSQL on the unlimited pool (a rebuild may rightly take long; see PgPools), and their creation recorded. */
public final class PgPoolHistory implements PoolHistory {
  /** Under the ledger's name, which operators' log filters know. */
  private static final Logger log = LoggerFactory.getLogger(PgLedger.class);

  private final io.vertx.sqlclient.Pool unlimited;
  private final LedgerWriter writer;

  /** {@code writer}: what records a pool's creation, as a batch like any other. */
  public PgPoolHistory(io.vertx.sqlclient.Pool unlimited, LedgerWriter writer) {
    this.unlimited = unlimited;
    this.writer = writer;
  }

  @Override
  public CompletionStage<Void> recordCreated(Pool pool, Instant at) {
    var event = LedgerBatch.PoolEvent.of(pool, "CREATED", at);
    return writer.record(LedgerBatch.ofEventsIfAbsent(UUID.randomUUID().toString(), List.of(event)));
  }

  /**
   * The last full-state event, plus every share recorded after it, plus the recent wins: read in
   * one snapshot (repeatable read), so that a commit landing between the reads (a new anchor with
   * shares after it) cannot be half seen, its shares added to the anchor before it.
   */
  @Override
  public CompletionStage<Optional<Pool>> rebuild(PoolId id, PoolTerms terms) {
    Tuple key = Tuple.of(id.jackpotId(), id.poolKey());
    return unlimited.withTransaction(conn -> conn.query(LedgerSql.SNAPSHOT).execute()
        .compose(x -> conn.preparedQuery(LedgerSql.LAST_EVENT).execute(key)).compose(events -> {
          if (events.size() == 0) {
            return Future.succeededFuture(Optional.<Pool>empty());
          }
          Row anchor = events.iterator().next();
          long anchorOp = anchor.getLong("op_seq");
          return conn.preparedQuery(LedgerSql.SHARES_SINCE).execute(Tuple.of(id.jackpotId(), id.poolKey(), anchorOp))
              .compose(sums -> conn.preparedQuery(LedgerSql.RECENT_WINS).execute(Tuple.of(id.jackpotId(), id.poolKey(), Pool.RECENT_WINS))
                  .compose(recent -> conn.preparedQuery(LedgerSql.RECENT_RECEIPTS)
                      .execute(Tuple.of(id.jackpotId(), id.poolKey(), Pool.RECEIVED_TRANSFERS))
                      .map(receipts -> Optional.of(rebuilt(id, terms, anchor, sums.iterator().next(), recent, receipts)))));
        })).toCompletionStage();
  }

  private static Pool rebuilt(PoolId id, PoolTerms terms, Row anchor, Row sums, RowSet<Row> recent, RowSet<Row> receipts) {
    long anchorOp = anchor.getLong("op_seq");
    if (sums.getLong("spanning") > 0) {
      // Part of such a run is in the anchor's state and part is not; no sum can say which.
      throw new IllegalStateException("pool " + id + ": " + sums.getLong("spanning") + " share runs span its state record at op "
          + anchorOp + "; refusing to rebuild it (docs/ledger.md)");
    }
    long lastOp = sums.getLong("last_op");
    long count = sums.getLong("n");
    if (count != lastOp - anchorOp) {
      // Only unacknowledged contributions can be missing here (docs/consistency.md); say so.
      log.warn("pool {}: {} shares recorded after op {} up to op {} ({} op numbers unused by the ledger)",
          id, count, anchorOp, lastOp, lastOp - anchorOp - count);
    }
    Money amount = new Money(anchor.getLong("amount_micros"), anchor.getLong("amount_sub"))
        .plus(Money.normalised(sums.getLong("micros"), sums.getLong("sub")));
    Money reserve = new Money(anchor.getLong("reserve_micros"), anchor.getLong("reserve_sub"))
        .plus(Money.normalised(sums.getLong("reserve_micros"), sums.getLong("reserve_sub")));
    Money owed = new Money(anchor.getLong("owed_micros"), anchor.getLong("owed_sub"))
        .plus(Money.normalised(sums.getLong("overflow_micros"), sums.getLong("overflow_sub")));
    // The terms in force are the ledger's (an operator may have changed them); the catalogue's only for old records.
    PoolTerms inForce = json(anchor, "terms") == null ? terms : TermsJson.parse(json(anchor, "terms"));
    List<Win> wins = new ArrayList<>(WinRows.wins(recent));
    Collections.reverse(wins);
    return new Pool(id, PoolStatus.valueOf(anchor.getString("status")), inForce, amount,
        anchor.getLong("cycle_seed_micros"), lastOp, anchor.getLong("win_seq"), WinRows.mustHit(anchor), WinRows.mustDrop(anchor), reserve,
        TermsJson.parse(json(anchor, "pending_terms")), anchor.getLong("terms_version"), receivedIds(receipts), owed, wins, Map.of());
  }

  private static List<String> receivedIds(RowSet<Row> receipts) {
    List<String> ids = new ArrayList<>();
    receipts.forEach(r -> ids.add(r.getString("transfer_id")));
    Collections.reverse(ids);
    return ids;
  }

  /** A jsonb column as an object, or null (SQL NULL arrives as a JSON-null placeholder, not as null). */
  private static JsonObject json(Row row, String column) {
    Object v = row.getValue(column);
    return v instanceof JsonObject o ? o : null;
  }
}
