package io.jackpot.catalogue;

import io.jackpot.money.Rate;
import io.jackpot.pool.PoolId;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.ToLongFunction;

/**
 * How much of one stake the jackpots linking a game take at most, and the rule that it stays below
 * the whole stake. A round feeds every pool of each {@code ALL} jackpot linking its game (rate and
 * reserve rate each) and one pool of each {@code COIN_VALUE} jackpot (its coin value's): rates that
 * add up to the stake or more (a typo, "0.3" for "0.003", or jackpots added one by one) would take
 * more than the bet.
 */
public final class StakeShares {
  private StakeShares() {}

  /**
   * The most of one stake (parts per million) a round of a linked game gives this jackpot, each pool
   * counted at the larger of its definition's share and {@code inForce}'s (0 for a pool not
   * running): a running pool keeps the terms it has until its next win, so a rate lowered by a new
   * definition is still taken until then.
   */
  public static long ofJackpot(JackpotDefinition j, ToLongFunction<PoolId> inForce) {
    long most = 0;
    for (PoolDefinition p : j.pools()) {
      long pool = Math.max(p.terms().stakeSharePpm(), inForce.applyAsLong(j.poolId(p)));
      most = j.routing() == Routing.ALL ? most + pool : Math.max(most, pool);
    }
    return most;
  }

  /**
   * One problem per game of {@code games} whose jackpots among {@code jackpots} would together take
   * the whole stake or more, naming them and the share; none if every such game stays below it.
   */
  public static List<String> problems(Collection<JackpotDefinition> jackpots, Collection<String> games) {
    return problems(jackpots, games, pool -> 0);
  }

  /** As {@link #problems(Collection, Collection)}, running pools counted as {@link #ofJackpot(JackpotDefinition, ToLongFunction)} says. */
  public static List<String> problems(Collection<JackpotDefinition> jackpots, Collection<String> games, ToLongFunction<PoolId> inForce) {
    List<String> problems = new ArrayList<>();
    for (String game : new TreeSet<>(games)) {
      Map<String, Long> shares = new TreeMap<>();
      jackpots.stream().filter(j -> j.links(game)).forEach(j -> shares.put(j.id(), ofJackpot(j, inForce)));
      long total = shares.values().stream().mapToLong(Long::longValue).sum();
      if (total >= Rate.ONE) {
        problems.add("game " + game + ": its jackpots " + shares.keySet() + " would take up to " + percent(total)
            + " of each stake (rates and reserve rates of the pools a round feeds, a running pool's at the terms it keeps until"
            + " its next win where those are higher); together they must take less than the whole stake");
      }
    }
    return problems;
  }

  private static String percent(long ppm) {
    return BigDecimal.valueOf(ppm, 4).stripTrailingZeros().toPlainString() + "%";
  }
}
