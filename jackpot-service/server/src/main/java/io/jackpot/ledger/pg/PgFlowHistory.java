package io.jackpot.ledger.pg;

import io.jackpot.ledger.FlowHistory;
import io.jackpot.money.Money;
import io.jackpot.money.Total;
import io.jackpot.pool.PoolId;
import io.jackpot.pool.PoolOutcome;
import io.jackpot.reconciliation.LedgerFigures;
import io.jackpot.reconciliation.PoolFlows;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionStage;

/** The pools' flows summed in PostgreSQL, on the unlimited pool (reconciliation may rightly take long; see PgPools). */
public final class PgFlowHistory implements FlowHistory {
  private final Pool unlimited;

  public PgFlowHistory(Pool unlimited) {
    this.unlimited = unlimited;
  }

  /** Grouped reads in one snapshot (repeatable read), so flows and balances are consistent with each other. */
  @Override
  public CompletionStage<LedgerFigures> figures() {
    return unlimited.withTransaction(conn -> conn.query(LedgerSql.SNAPSHOT).execute()
        .compose(x -> conn.query(LedgerSql.FLOW_CREATED).execute())
        .compose(created -> conn.query(LedgerSql.FLOW_WINS).execute()
            .compose(wins -> conn.query(LedgerSql.FLOW_SHARES).execute()
                .compose(shares -> conn.query(LedgerSql.BALANCES).execute()
                    .compose(balances -> conn.query(LedgerSql.FLOW_TRANSFERS_OUT).execute()
                        .compose(out -> conn.query(LedgerSql.FLOW_TRANSFERS_IN).execute()
                            .compose(in -> conn.query(LedgerSql.IN_TRANSIT).execute()
                                .map(transit -> new LedgerFigures(withTransfers(flows(created, wins, shares), out, in),
                                    balances(balances), total(transit.iterator().next()))))))))))
        .toCompletionStage();
  }

  @Override
  public CompletionStage<List<PoolOutcome.Transfer>> pendingTransfers() {
    return unlimited.query(LedgerSql.PENDING_TRANSFERS).execute().map(rows -> {
      List<PoolOutcome.Transfer> out = new ArrayList<>();
      rows.forEach(r -> out.add(new PoolOutcome.Transfer(r.getString("transfer_id"),
          new PoolId(r.getString("from_jackpot"), r.getString("from_pool")), new PoolId(r.getString("to_jackpot"), r.getString("to_pool")),
          new Money(r.getLong("amount_micros"), r.getLong("amount_sub")), r.getString("reason"))));
      return out;
    }).toCompletionStage();
  }

  /** A row's sums "micros" and "sub" (numeric, of any size). */
  private static Total total(Row r) {
    return Total.of(r.getBigDecimal("micros"), r.getBigDecimal("sub"));
  }

  private static Map<PoolId, PoolFlows> withTransfers(Map<PoolId, PoolFlows> flows, RowSet<Row> out, RowSet<Row> in) {
    for (Row r : out) {
      PoolId id = poolOf(r);
      PoolFlows f = flows.getOrDefault(id, PoolFlows.none(id));
      flows.put(id, new PoolFlows(id, f.seeds(), f.contributions(), f.transfersIn(), f.awards(), total(r), f.contributionCount(),
          f.winCount()));
    }
    for (Row r : in) {
      PoolId id = poolOf(r);
      PoolFlows f = flows.getOrDefault(id, PoolFlows.none(id));
      flows.put(id, new PoolFlows(id, f.seeds(), f.contributions(), total(r), f.awards(), f.transfersOut(), f.contributionCount(),
          f.winCount()));
    }
    return flows;
  }

  private static Map<PoolId, Money> balances(RowSet<Row> rows) {
    Map<PoolId, Money> out = new LinkedHashMap<>();
    rows.forEach(r -> out.put(poolOf(r), Money.normalised(r.getLong("micros"), r.getLong("sub"))));
    return out;
  }

  private static Map<PoolId, PoolFlows> flows(RowSet<Row> created, RowSet<Row> wins, RowSet<Row> shares) {
    Map<PoolId, PoolFlows> out = new LinkedHashMap<>();
    for (Row r : created) {
      PoolId id = poolOf(r);
      out.put(id, new PoolFlows(id, total(r), Total.ZERO, Total.ZERO, Total.ZERO, Total.ZERO, 0, 0));
    }
    for (Row r : shares) {
      PoolId id = poolOf(r);
      PoolFlows f = out.getOrDefault(id, PoolFlows.none(id));
      out.put(id, new PoolFlows(id, f.seeds(), total(r), f.transfersIn(), f.awards(), f.transfersOut(), r.getLong("n"), f.winCount()));
    }
    for (Row r : wins) {
      PoolId id = poolOf(r);
      PoolFlows f = out.getOrDefault(id, PoolFlows.none(id));
      Total funded = Total.of(r.getBigDecimal("funded_micros"), r.getBigDecimal("funded_sub"));
      out.put(id, new PoolFlows(id, f.seeds().plus(funded), f.contributions(), f.transfersIn(),
          Total.of(r.getBigDecimal("paid"), BigDecimal.ZERO), f.transfersOut(), f.contributionCount(), r.getLong("n")));
    }
    return out;
  }

  private static PoolId poolOf(Row r) {
    return new PoolId(r.getString("jackpot_id"), r.getString("pool_key"));
  }
}
