package io.jackpot.ledger.pg;

import io.jackpot.ledger.RecordedRound.RecordedShare;
import io.jackpot.ledger.RecordedRound;
import io.jackpot.ledger.RoundDetail;
import io.jackpot.ledger.RoundHistory;
import io.jackpot.ledger.RoundStatus;
import io.jackpot.money.Money;
import io.jackpot.pool.PoolId;
import io.jackpot.pool.Trigger;
import io.jackpot.pool.Win;
import io.vertx.core.Future;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import io.vertx.sqlclient.Tuple;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletionStage;

/** The rounds in PostgreSQL, with their shares in their own row; counts run on the unlimited pool (see PgPools). */
public final class PgRoundHistory implements RoundHistory {
  private final Pool pg;
  private final Pool unlimited;

  public PgRoundHistory(Pool pg, Pool unlimited) {
    this.pg = pg;
    this.unlimited = unlimited;
  }

  @Override
  public CompletionStage<Map<String, RecordedRound>> findRounds(String operatorId, Collection<String> roundIds) {
    if (roundIds.isEmpty()) {
      return Future.<Map<String, RecordedRound>>succeededFuture(Map.of()).toCompletionStage();
    }
    Tuple ids = Tuple.of(roundIds.toArray(String[]::new), operatorId);
    return pg.preparedQuery(LedgerSql.FIND_ROUNDS).execute(ids).map(PgRoundHistory::rounds)
        .compose(found -> found.isEmpty() ? Future.succeededFuture(found)
            : winsOfRounds(operatorId, found.keySet())
                .map(wins -> withTriggers(found, wins.stream().filter(w -> w.how() != Trigger.Kind.CLAIM).toList())))
        .toCompletionStage();
  }

  @Override
  public CompletionStage<Map<String, Set<PoolId>>> findWonPools(String operatorId, Collection<String> roundIds) {
    if (roundIds.isEmpty()) {
      return Future.<Map<String, Set<PoolId>>>succeededFuture(Map.of()).toCompletionStage();
    }
    return winsOfRounds(operatorId, roundIds).map(wins -> {
      Map<String, Set<PoolId>> won = new HashMap<>();
      wins.forEach(w -> won.computeIfAbsent(w.roundId(), id -> new HashSet<>()).add(w.pool()));
      return won;
    }).toCompletionStage();
  }

  /** Every win of these rounds of one operator, by round and win id (the claims' and the triggers'). */
  private Future<List<Win>> winsOfRounds(String operatorId, Collection<String> roundIds) {
    return pg.preparedQuery(LedgerSql.FIND_WINS_OF_ROUNDS).execute(Tuple.of(operatorId, (Object) roundIds.toArray(String[]::new)))
        .map(WinRows::wins);
  }

  /** Each round's triggered wins, in the order of its shares: the order the first answer gave them. */
  private static Map<String, RecordedRound> withTriggers(Map<String, RecordedRound> rounds, List<Win> triggered) {
    triggered.forEach(w -> rounds.get(w.roundId()).triggers().add(w));
    for (RecordedRound r : rounds.values()) {
      if (r.triggers().size() > 1) {
        List<PoolId> order = r.shares().stream().map(RecordedShare::pool).toList();
        r.triggers().sort(Comparator.comparingInt(w -> order.indexOf(w.pool())));
      }
    }
    return rounds;
  }

  private static Map<String, RecordedRound> rounds(RowSet<Row> rows) {
    Map<String, RecordedRound> out = new LinkedHashMap<>();
    for (Row row : rows) {
      String[] jackpots = row.getArrayOfStrings("share_jackpots"), pools = row.getArrayOfStrings("share_pools");
      Long[] shareMicros = row.getArrayOfLongs("share_micros"), shareSubs = row.getArrayOfLongs("share_subs");
      Long[] amountMicros = row.getArrayOfLongs("amount_micros"), amountSubs = row.getArrayOfLongs("amount_subs");
      List<RecordedShare> shares = new ArrayList<>(jackpots.length);
      for (int i = 0; i < jackpots.length; i++) {
        shares.add(new RecordedShare(new PoolId(jackpots[i], pools[i]), new Money(shareMicros[i], shareSubs[i]),
            new Money(amountMicros[i], amountSubs[i])));
      }
      String id = row.getString("round_id");
      out.put(id, new RecordedRound(id, row.getString("fingerprint"), RoundStatus.valueOf(row.getString("status")), shares,
          new ArrayList<>()));
    }
    return out;
  }

  /** A key look-up, on the limited pool like the round's wins read with it: never a long read. */
  @Override
  public CompletionStage<Optional<RoundDetail>> findRound(String operatorId, String roundId) {
    return pg.preparedQuery(LedgerSql.FIND_ROUND).execute(Tuple.of(operatorId, roundId))
        .map(rows -> rows.size() == 0 ? Optional.<RoundDetail>empty() : Optional.of(roundDetail(rows.iterator().next())))
        .toCompletionStage();
  }

  private static RoundDetail roundDetail(Row row) {
    Long coin = row.getLong("coin_value_micros");
    Long original = row.getLong("original_stake_micros");
    long stake = row.getLong("stake_micros");
    return new RoundDetail(row.getString("round_id"), row.getString("operator_id"), row.getString("game_id"),
        row.getString("player_id"), Money.ofMicros(stake), Money.ofMicros(original == null ? stake : original),
        row.getString("currency"), row.getLong("fx_rate_ppm"), coin == null ? null : Money.ofMicros(coin),
        RoundStatus.valueOf(row.getString("status")), row.getOffsetDateTime("received_at").toInstant(),
        row.getOffsetDateTime("applied_at").toInstant(), shares(row));
  }

  private static List<RoundDetail.Share> shares(Row row) {
    String[] jackpots = row.getArrayOfStrings("share_jackpots"), pools = row.getArrayOfStrings("share_pools");
    Long[] ops = row.getArrayOfLongs("share_ops");
    Long[] shareMicros = row.getArrayOfLongs("share_micros"), shareSubs = row.getArrayOfLongs("share_subs");
    Long[] reserveMicros = row.getArrayOfLongs("reserve_micros"), reserveSubs = row.getArrayOfLongs("reserve_subs");
    Long[] overflowMicros = row.getArrayOfLongs("overflow_micros"), overflowSubs = row.getArrayOfLongs("overflow_subs");
    Long[] amountMicros = row.getArrayOfLongs("amount_micros"), amountSubs = row.getArrayOfLongs("amount_subs");
    List<RoundDetail.Share> shares = new ArrayList<>(jackpots.length);
    for (int i = 0; i < jackpots.length; i++) {
      shares.add(new RoundDetail.Share(new PoolId(jackpots[i], pools[i]), ops[i],
          new Money(shareMicros[i], shareSubs[i]), new Money(reserveMicros[i], reserveSubs[i]),
          new Money(overflowMicros[i], overflowSubs[i]), new Money(amountMicros[i], amountSubs[i])));
    }
    return shares;
  }

  @Override
  public CompletionStage<RoundCount> countRounds(String prefix, String operatorId) {
    return unlimited.preparedQuery(LedgerSql.COUNT_ROUNDS).execute(Tuple.of(prefix, operatorId))
        .map(rows -> {
          Row r = rows.iterator().next();
          return new RoundCount(r.getLong("rounds"), r.getLong("contributions"));
        }).toCompletionStage();
  }
}
