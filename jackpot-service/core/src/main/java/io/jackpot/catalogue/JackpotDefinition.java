package io.jackpot.catalogue;

import io.jackpot.pool.PoolId;
import java.util.List;
import java.util.Optional;

/** A jackpot: its pools, the games linked to it and how their contributions are routed. */
public record JackpotDefinition(
    String id, String name, String currency, String owner, List<String> games, Routing routing,
    List<PoolDefinition> pools) {

  public JackpotDefinition {
    games = List.copyOf(games);
    pools = List.copyOf(pools);
  }

  public Optional<PoolDefinition> pool(String key) {
    return pools.stream().filter(p -> p.key().equals(key)).findFirst();
  }

  public PoolId poolId(PoolDefinition pool) {
    return new PoolId(id, pool.key());
  }

  public boolean links(String gameId) {
    return games.contains(gameId);
  }
}
