package io.jackpot.ledger;

import io.jackpot.money.Money;
import io.jackpot.pool.PoolId;
import java.util.List;

/** A round as the ledger holds it: enough to answer a repeated request with the original outcome. */
public record RecordedRound(String roundId, String fingerprint, RoundStatus status, List<RecordedShare> shares) {
  public record RecordedShare(PoolId pool, Money share, Money amountAfter) {}
}
