package io.jackpot.ticker;

import io.jackpot.money.Money;
import io.jackpot.pool.Pool;
import io.jackpot.pool.PoolId;
import io.jackpot.pool.Win;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the ticker has already told its subscribers: each pool's last announced amount and win
 * sequence. Fed the live pools, it answers what is new. Pure; used by one thread at a time.
 */
public final class TickerState {
  private final Map<PoolId, Money> announced = new HashMap<>();
  private final Map<PoolId, Long> lastWin = new HashMap<>();
  private final Instant since;

  /** {@code since}: when the ticker started; wins from before it are not news. */
  public TickerState(Instant since) {
    this.since = since;
  }

  /**
   * Wins not announced yet, oldest first. A pool seen for the first time has announced only the
   * wins it had since the ticker started: the ticker's first look may come after a quick first win.
   */
  public List<Win> newWins(List<Pool> pools) {
    List<Win> out = new ArrayList<>();
    for (Pool pool : pools) {
      Long seen = lastWin.put(pool.id(), pool.winSeq());
      if (seen != null && pool.winSeq() <= seen) {
        continue;
      }
      for (Win w : pool.recentWins()) {
        if (seen != null ? w.sequence() > seen : !w.wonAt().isBefore(since)) {
          out.add(w);
        }
      }
    }
    return out;
  }

  /**
   * Pools whose amount changed since the last update, by jackpot, in the order given. A pool seen
   * for the first time counts as changed: its jackpot was defined since (subscribers of all
   * jackpots learn of it), or this is the member's first look, and a subscriber that connected
   * before it holds a snapshot read earlier, which a contribution may have changed meanwhile.
   */
  public Map<String, List<Pool>> changed(List<Pool> pools) {
    Map<String, List<Pool>> out = new LinkedHashMap<>();
    for (Pool pool : pools) {
      Money before = announced.put(pool.id(), pool.amount());
      if (before == null || !before.equals(pool.amount())) {
        out.computeIfAbsent(pool.id().jackpotId(), k -> new ArrayList<>()).add(pool);
      }
    }
    return out;
  }
}
