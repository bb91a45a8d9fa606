package io.jackpot.ledger.pg;

import io.jackpot.money.Money;
import io.jackpot.pool.MustDrop;
import io.jackpot.pool.MustHit;
import io.jackpot.pool.PoolId;
import io.jackpot.pool.Trigger;
import io.jackpot.pool.Win;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Rows of {@link LedgerSql#WIN_COLUMNS} read back as wins, for every store that reads wins. */
final class WinRows {
  private WinRows() {}

  static Optional<Win> first(RowSet<Row> rows) {
    List<Win> wins = wins(rows);
    return wins.isEmpty() ? Optional.empty() : Optional.of(wins.get(0));
  }

  static List<Win> wins(RowSet<Row> rows) {
    List<Win> out = new ArrayList<>();
    for (Row r : rows) {
      out.add(new Win(r.getString("win_id"), new PoolId(r.getString("jackpot_id"), r.getString("pool_key")),
          r.getLong("sequence"), r.getLong("op_seq"), r.getString("round_id"), r.getString("player_id"),
          r.getString("game_id"), r.getString("operator_id"), Money.ofMicros(r.getLong("amount_micros")),
          r.getLong("seed_micros"), r.getOffsetDateTime("won_at").toInstant(),
          Trigger.Kind.valueOf(r.getString("how")), mustHit(r), mustDrop(r),
          new Win.Reset(new Money(r.getLong("amount_after_micros"), r.getLong("amount_after_sub")),
              r.getLong("seed_after_micros"), null, null, null,
              new Money(r.getLong("seed_from_reserve_micros"), r.getLong("seed_from_reserve_sub")),
              new Money(r.getLong("operator_funding_micros"), r.getLong("operator_funding_sub")), null, null, 0)));
    }
    return out;
  }

  /** The must-hit columns of a win or of a pool event, or null when it had none. */
  static MustHit mustHit(Row row) {
    Long hit = row.getLong("hit_micros");
    return hit == null ? null : new MustHit(hit, row.getString("salt"), row.getString("commitment"));
  }

  /** The must-drop columns of a win or of a pool event, or null when it had none. */
  static MustDrop mustDrop(Row row) {
    OffsetDateTime at = row.getOffsetDateTime("drop_at");
    return at == null ? null : new MustDrop(row.getOffsetDateTime("drop_from").toInstant(),
        row.getOffsetDateTime("drop_by").toInstant(), at.toInstant(), row.getString("salt"), row.getString("commitment"));
  }
}
