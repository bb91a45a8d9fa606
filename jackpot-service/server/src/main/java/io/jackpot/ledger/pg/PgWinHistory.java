package io.jackpot.ledger.pg;

import io.jackpot.ledger.WinHistory;
import io.jackpot.pool.PoolId;
import io.jackpot.pool.Win;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Tuple;
import java.time.Instant;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletionStage;

/** The wins in PostgreSQL: key look-ups on the limited pool, pages of wins on the unlimited one (see PgPools). */
public final class PgWinHistory implements WinHistory {
  private final Pool pg;
  private final Pool unlimited;

  public PgWinHistory(Pool pg, Pool unlimited) {
    this.pg = pg;
    this.unlimited = unlimited;
  }

  @Override
  public CompletionStage<Optional<Win>> findWin(String winId) {
    return pg.preparedQuery(LedgerSql.FIND_WIN).execute(Tuple.of(winId)).map(WinRows::first).toCompletionStage();
  }

  @Override
  public CompletionStage<List<Win>> findWinsByRound(String operatorId, String roundId) {
    return pg.preparedQuery(LedgerSql.FIND_WINS_BY_ROUND).execute(Tuple.of(operatorId, roundId)).map(WinRows::wins)
        .toCompletionStage();
  }

  @Override
  public CompletionStage<Optional<Win>> findClaim(PoolId pool, String operatorId, String roundId) {
    return pg.preparedQuery(LedgerSql.FIND_CLAIM).execute(Tuple.of(pool.jackpotId(), pool.poolKey(), operatorId, roundId))
        .map(WinRows::first).toCompletionStage();
  }

  @Override
  public CompletionStage<List<Win>> findWins(String jackpotId, Instant from, Instant to, String operatorId,
      Collection<String> orJackpots, WinCursor after, int limit) {
    return unlimited.preparedQuery(LedgerSql.FIND_WINS)
        .execute(Tuple.from(Arrays.asList(jackpotId, BatchArrays.utc(from), BatchArrays.utc(to), operatorId,
            after == null ? null : BatchArrays.utc(after.wonAt()), after == null ? null : after.winId(), limit,
            orJackpots.toArray(String[]::new))))
        .map(WinRows::wins).toCompletionStage();
  }

  /** On the limited pool: a page is at most a hundred rows read along wins_jackpot_won_at. */
  @Override
  public CompletionStage<List<Win>> findLatestWins(String jackpotId, WinCursor before, int limit) {
    return pg.preparedQuery(LedgerSql.FIND_LATEST_WINS)
        .execute(Tuple.from(Arrays.asList(jackpotId, before == null ? null : BatchArrays.utc(before.wonAt()),
            before == null ? null : before.winId(), limit)))
        .map(WinRows::wins).toCompletionStage();
  }
}
