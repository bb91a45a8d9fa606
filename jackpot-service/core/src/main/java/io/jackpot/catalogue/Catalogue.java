package io.jackpot.catalogue;

import io.jackpot.error.ErrorCode;
import io.jackpot.error.Rejection;
import io.jackpot.pool.PoolId;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The jackpots the service runs, and which pools a game's contribution feeds. Definitions can be
 * replaced while running (an operator's PUT); readers always see one whole, consistent map,
 * ordered by jackpot id so that every member and every restart lists them alike.
 */
public final class Catalogue {
  private volatile Snapshot snapshot;

  /**
   * The definitions and, made from them once, each linked game's routes; {@code fixed} holds the
   * whole route of every game none of whose jackpots routes by coin value.
   */
  private record Snapshot(Map<String, JackpotDefinition> jackpots, Map<String, List<Link>> links, Map<String, Route> fixed) {
    static Snapshot of(Map<String, JackpotDefinition> map) {
      Map<String, List<Link>> links = new HashMap<>();
      for (JackpotDefinition j : map.values()) {
        Link link = Link.of(j);
        j.games().stream().distinct().forEach(g -> links.computeIfAbsent(g, k -> new ArrayList<>()).add(link));
      }
      links.replaceAll((g, l) -> List.copyOf(l));
      Map<String, Route> fixed = new HashMap<>();
      links.forEach((game, gameLinks) -> {
        if (gameLinks.stream().allMatch(l -> l.all() != null)) {
          fixed.put(game, routeOf(game, gameLinks, null)); // no coin value is asked for on the way
        }
      });
      return new Snapshot(Collections.unmodifiableMap(map), Map.copyOf(links), Map.copyOf(fixed));
    }
  }

  /**
   * One jackpot as a linked game's contribution reaches it: all its pools, or the pool for each
   * coin value.
   */
  private record Link(JackpotDefinition jackpot, Route.Pools all, Map<Long, PoolId> byCoinValue) {
    static Link of(JackpotDefinition j) {
      if (j.routing() == Routing.ALL) {
        return new Link(j, new Route.Pools(j.pools().stream().map(j::poolId).toList()), Map.of());
      }
      Map<Long, PoolId> byCoinValue = new HashMap<>();
      for (PoolDefinition p : j.pools()) {
        if (p.coinValueMicros() != null) {
          byCoinValue.putIfAbsent(p.coinValueMicros(), j.poolId(p));
        }
      }
      return new Link(j, null, Map.copyOf(byCoinValue));
    }
  }

  public Catalogue(Collection<JackpotDefinition> definitions) {
    Map<String, JackpotDefinition> map = new TreeMap<>();
    for (JackpotDefinition d : definitions) {
      map.put(d.id(), d);
    }
    this.snapshot = Snapshot.of(map);
  }

  /** Adds or replaces one jackpot's definition (copy on write). */
  public synchronized void put(JackpotDefinition definition) {
    Map<String, JackpotDefinition> map = new TreeMap<>(snapshot.jackpots());
    map.put(definition.id(), definition);
    snapshot = Snapshot.of(map);
  }

  public Collection<JackpotDefinition> jackpots() {
    return snapshot.jackpots().values();
  }

  public Optional<JackpotDefinition> jackpot(String id) {
    return Optional.ofNullable(snapshot.jackpots().get(id));
  }

  public List<PoolId> poolIds() {
    List<PoolId> ids = new ArrayList<>();
    snapshot.jackpots().values().forEach(j -> j.pools().forEach(p -> ids.add(j.poolId(p))));
    return ids;
  }

  public List<JackpotDefinition> all() {
    return List.copyOf(snapshot.jackpots().values());
  }

  public Optional<PoolDefinition> pool(PoolId id) {
    return jackpot(id.jackpotId()).flatMap(j -> j.pool(id.poolKey()));
  }

  /**
   * The currency a pool is kept in (its jackpot's). The catalogue only grows, so a pool it does not
   * know is one defined on another member a moment ago that this member has not heard of yet: that is
   * refused 503 {@code POOL_NOT_LOADED} (retry shortly), not answered as a failure of the service.
   */
  public String currencyOf(PoolId pool) {
    return jackpot(pool.jackpotId()).orElseThrow(() -> new Rejection(Rejection.Kind.UNAVAILABLE, ErrorCode.POOL_NOT_LOADED,
        "jackpot " + pool.jackpotId() + " is not loaded on this member yet; retry shortly")).currency();
  }

  public boolean knowsGame(String gameId) {
    return snapshot.links().containsKey(gameId);
  }

  /** The route of one contribution: the pools it feeds, or why it can feed none. */
  public sealed interface Route {
    record Pools(List<PoolId> pools) implements Route {}

    record Unroutable(ErrorCode code, String message) implements Route {}
  }

  /** Routes a contribution of {@code gameId} (at {@code coinValueMicros}, may be null) to pools. */
  public Route route(String gameId, Long coinValueMicros) {
    Route fixed = snapshot.fixed().get(gameId);
    if (fixed != null) {
      return fixed;
    }
    List<Link> links = snapshot.links().get(gameId);
    return links == null ? unlinked(gameId) : routeOf(gameId, links, coinValueMicros);
  }

  /**
   * A contribution's route through a game's links: every pool of each ALL jackpot, the coin value's
   * pool of the others. A COIN_VALUE jackpot without a pool for the round's coin value takes no
   * share of it (a jackpot for the high coins only), and the round feeds the rest; it is refused
   * only when no jackpot at all takes it. So defining such a jackpot never turns away the rounds
   * the game's other jackpots took.
   */
  private static Route routeOf(String gameId, List<Link> links, Long coinValueMicros) {
    List<PoolId> targets = new ArrayList<>();
    String without = null;
    for (Link link : links) {
      if (link.all() != null) {
        targets.addAll(link.all().pools());
        continue;
      }
      String id = link.jackpot().id();
      if (coinValueMicros == null) {
        return new Route.Unroutable(ErrorCode.COIN_VALUE_REQUIRED, "jackpot " + id + " routes by coin value: coinValue is required");
      }
      PoolId pool = link.byCoinValue().get(coinValueMicros);
      if (pool == null) {
        without = without == null ? id : without + ", " + id;
      } else {
        targets.add(pool);
      }
    }
    if (targets.isEmpty()) {
      return without == null ? unlinked(gameId)
          : new Route.Unroutable(ErrorCode.NO_POOL_FOR_COIN_VALUE, "jackpot " + without + (without.contains(",") ? " have" : " has")
              + " no pool for that coin value");
    }
    return new Route.Pools(List.copyOf(targets));
  }

  private static Route unlinked(String gameId) {
    return new Route.Unroutable(ErrorCode.UNKNOWN_GAME, "game " + gameId + " is not linked to any jackpot");
  }
}
