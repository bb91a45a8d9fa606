package io.jackpot.jackpot;

import io.jackpot.pool.PoolId;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The jackpots the service runs, and which pools a game's contribution feeds. Definitions can be
 * replaced while running (an operator's PUT); readers always see one whole, consistent map,
 * ordered by jackpot id so that every member and every restart lists them alike.
 */
public final class Catalogue {
  private volatile Map<String, JackpotDefinition> jackpots;

  public Catalogue(Collection<JackpotDefinition> definitions) {
    Map<String, JackpotDefinition> map = new java.util.TreeMap<>();
    for (JackpotDefinition d : definitions) {
      map.put(d.id(), d);
    }
    this.jackpots = java.util.Collections.unmodifiableMap(map);
  }

  /** Adds or replaces one jackpot's definition (copy on write). */
  public synchronized void put(JackpotDefinition definition) {
    Map<String, JackpotDefinition> map = new java.util.TreeMap<>(jackpots);
    map.put(definition.id(), definition);
    jackpots = java.util.Collections.unmodifiableMap(map);
  }

  public Collection<JackpotDefinition> jackpots() {
    return jackpots.values();
  }

  public Optional<JackpotDefinition> jackpot(String id) {
    return Optional.ofNullable(jackpots.get(id));
  }

  public List<PoolId> poolIds() {
    List<PoolId> ids = new ArrayList<>();
    jackpots.values().forEach(j -> j.pools().forEach(p -> ids.add(j.poolId(p))));
    return ids;
  }

  public List<JackpotDefinition> all() {
    return List.copyOf(jackpots.values());
  }

  public Optional<PoolDefinition> pool(PoolId id) {
    return jackpot(id.jackpotId()).flatMap(j -> j.pool(id.poolKey()));
  }

  /** The currency a pool is kept in (its jackpot's). */
  public String currencyOf(PoolId pool) {
    return jackpot(pool.jackpotId()).orElseThrow(() -> new IllegalArgumentException("unknown jackpot " + pool)).currency();
  }

  public boolean knowsGame(String gameId) {
    return jackpots.values().stream().anyMatch(j -> j.links(gameId));
  }

  /** The route of one contribution: the pools it feeds, or why it can feed none. */
  public sealed interface Route {
    record Pools(List<PoolId> pools) implements Route {}

    record Unroutable(String code, String message) implements Route {}
  }

  /** Routes a contribution of {@code gameId} (at {@code coinValueMicros}, may be null) to pools. */
  public Route route(String gameId, Long coinValueMicros) {
    List<PoolId> targets = new ArrayList<>();
    for (JackpotDefinition j : jackpots.values()) {
      if (!j.links(gameId)) {
        continue;
      }
      if (j.routing() == Routing.ALL) {
        j.pools().forEach(p -> targets.add(j.poolId(p)));
        continue;
      }
      if (coinValueMicros == null) {
        return new Route.Unroutable("COIN_VALUE_REQUIRED", "jackpot " + j.id() + " routes by coin value: coinValue is required");
      }
      Optional<PoolDefinition> pool = j.poolForCoinValue(coinValueMicros);
      if (pool.isEmpty()) {
        return new Route.Unroutable("NO_POOL_FOR_COIN_VALUE", "jackpot " + j.id() + " has no pool for that coin value");
      }
      targets.add(j.poolId(pool.get()));
    }
    if (targets.isEmpty()) {
      return new Route.Unroutable("UNKNOWN_GAME", "game " + gameId + " is not linked to any jackpot");
    }
    return new Route.Pools(List.copyOf(targets));
  }
}
