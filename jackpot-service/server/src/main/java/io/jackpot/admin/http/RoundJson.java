package io.jackpot.admin.http;

import io.jackpot.admin.RoundLookup;
import io.jackpot.award.http.WinJson;
import io.jackpot.ledger.RoundDetail;
import io.jackpot.money.Decimals;
import io.jackpot.pool.PoolId;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * GET /v1/admin/rounds?roundId=: a recorded round, its shares and its wins; amounts exact, as
 * decimal strings. A share has the contribution answer's fields ({@code amount} to the pool,
 * {@code poolAmount} after it) and what went to the pool's reserve and its overflow.
 */
final class RoundJson {
  private RoundJson() {}

  /**
   * {@code owned}: whether the caller may see a pool's reserve and overflow (its operator owns the
   * pool's jackpot). A shared game's round feeds other owners' jackpots too, whose reserve rates
   * and ceilings a scoped admin does not see elsewhere either; their shares show amounts only.
   */
  static JsonObject of(RoundLookup.Found found, Function<PoolId, String> currencyOf, Predicate<PoolId> owned) {
    RoundDetail r = found.round();
    JsonObject out = new JsonObject().put("roundId", r.roundId()).put("operatorId", r.operatorId()).put("gameId", r.gameId())
        .put("playerId", r.playerId()).put("status", r.status().name()).put("stake", r.stake().toPlainString())
        .put("sentStake", r.sentStake().toPlainString()).put("sentCurrency", r.sentCurrency());
    if (r.fxRatePpm() != null) {
      out.put("fxRate", Decimals.plain(r.fxRatePpm()));
    }
    if (r.coinValue() != null) {
      out.put("coinValue", r.coinValue().toPlainString());
    }
    out.put("receivedAt", WinJson.TIMESTAMP.format(r.receivedAt())).put("appliedAt", WinJson.TIMESTAMP.format(r.appliedAt()));
    JsonArray shares = new JsonArray();
    for (RoundDetail.Share s : r.shares()) {
      JsonObject share = new JsonObject().put("jackpotId", s.pool().jackpotId()).put("poolKey", s.pool().poolKey())
          .put("opSeq", s.opSeq()).put("amount", s.share().toPlainString()).put("poolAmount", s.amountAfter().toPlainString());
      if (owned.test(s.pool())) {
        share.put("reserve", s.reserve().toPlainString()).put("overflow", s.overflow().toPlainString());
      }
      shares.add(share);
    }
    JsonArray wins = new JsonArray();
    found.wins().forEach(w -> wins.add(WinJson.admin(w, currencyOf.apply(w.pool()))));
    return out.put("contributions", shares).put("wins", wins);
  }
}
