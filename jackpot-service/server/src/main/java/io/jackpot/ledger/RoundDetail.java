package io.jackpot.ledger;

import io.jackpot.money.Money;
import io.jackpot.pool.PoolId;
import java.time.Instant;
import java.util.List;

/**
 * A round as the ledger recorded it, for an operator answering a player or an auditor.
 *
 * @param stake the stake in the pools' currency (converted when sent in another)
 * @param sentStake the stake as the game sent it, in {@code sentCurrency}
 * @param fxRatePpm {@code sentCurrency} per unit of the pools' currency, in millionths; null if unconverted
 * @param coinValue the coin value sent with it, or null
 * @param shares in the order the round fed its pools; none when every pool was paused
 */
public record RoundDetail(String roundId, String operatorId, String gameId, String playerId, Money stake, Money sentStake,
    String sentCurrency, Long fxRatePpm, Money coinValue, RoundStatus status, Instant receivedAt, Instant appliedAt,
    List<Share> shares) {

  public RoundDetail {
    shares = List.copyOf(shares);
  }

  /** Whether the round fed a share to {@code pool} (none when the pool was paused). */
  public boolean fed(PoolId pool) {
    return shares.stream().anyMatch(s -> s.pool().equals(pool));
  }

  /** A share the round fed to a pool: its operation number there, what went where, and the pool's amount after it. */
  public record Share(PoolId pool, long opSeq, Money share, Money reserve, Money overflow, Money amountAfter) {}
}
