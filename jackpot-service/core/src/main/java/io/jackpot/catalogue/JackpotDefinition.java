package io.jackpot.catalogue;

import io.jackpot.pool.PoolId;
import java.util.List;
import java.util.Optional;

/**
 * A jackpot: its pools, the games linked to it, how their contributions are routed, and how many
 * tiers one round's contribution may win ({@code winsPerRound}, ANY when null).
 */
public record JackpotDefinition(
    String id, String name, String currency, String owner, List<String> games, Routing routing,
    List<PoolDefinition> pools, WinsPerRound winsPerRound) {

  public JackpotDefinition {
    games = List.copyOf(games);
    pools = List.copyOf(pools);
    winsPerRound = winsPerRound == null ? WinsPerRound.ANY : winsPerRound;
  }

  public JackpotDefinition(String id, String name, String currency, String owner, List<String> games, Routing routing,
      List<PoolDefinition> pools) {
    this(id, name, currency, owner, games, routing, pools, WinsPerRound.ANY);
  }

  public Optional<PoolDefinition> pool(String key) {
    return pools.stream().filter(p -> p.key().equals(key)).findFirst();
  }

  /** The position of pool {@code key} in {@link #pools}, or -1. */
  public int indexOf(String key) {
    for (int i = 0; i < pools.size(); i++) {
      if (pools.get(i).key().equals(key)) {
        return i;
      }
    }
    return -1;
  }

  public PoolId poolId(PoolDefinition pool) {
    return new PoolId(id, pool.key());
  }

  public boolean links(String gameId) {
    return games.contains(gameId);
  }

  /**
   * With ONE win per round, the rank of the pool at {@code index} among the jackpot's tiers: 0 for
   * the highest (largest seed; of equal seeds, the one listed first), 1 for the next, and so on.
   * -1 with ANY: no tier waits for another.
   */
  public int oneWinRank(int index) {
    if (winsPerRound != WinsPerRound.ONE) {
      return -1;
    }
    long seed = pools.get(index).seedMicros();
    int above = 0;
    for (int i = 0; i < pools.size(); i++) {
      long other = pools.get(i).seedMicros();
      if (other > seed || (other == seed && i < index)) {
        above++;
      }
    }
    return above;
  }
}
