package io.jackpot.ledger;

import io.jackpot.pool.PoolId;
import java.util.Set;

/** Who played a recorded round and the pools it fed a share to (none when every pool was paused). */
public record RoundOrigin(String gameId, String playerId, Set<PoolId> fed) {
  public RoundOrigin {
    fed = Set.copyOf(fed);
  }
}
