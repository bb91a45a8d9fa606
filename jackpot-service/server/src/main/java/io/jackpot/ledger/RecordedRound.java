package io.jackpot.ledger;

import io.jackpot.money.Money;
import io.jackpot.pool.PoolId;
import io.jackpot.pool.Win;
import java.util.List;

/**
 * A round as the ledger holds it: enough to answer a repeated request with the original outcome,
 * the wins it triggered included.
 */
public record RecordedRound(String roundId, String fingerprint, RoundStatus status, List<RecordedShare> shares,
    List<Win> triggers) {
  public record RecordedShare(PoolId pool, Money share, Money amountAfter) {}
}
