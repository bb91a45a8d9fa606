package io.jackpot.ledger;

import io.jackpot.money.Money;
import io.jackpot.pool.PoolId;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A batch's shares summed per pool over runs of consecutive operation numbers: what a rebuild or a
 * balance needs of them, in a handful of rows instead of one per share. A run never spans an
 * operation that is not a share (a win, a pause, a transfer has its own number, between runs), so
 * a pool's state after its last full-state event is that event plus the runs that start after it.
 */
public final class ShareRuns {
  private ShareRuns() {}

  /** One run: the shares at operations {@code firstOp..lastOp} (one each) and their summed parts. */
  public record Run(PoolId pool, long firstOp, long lastOp, Money share, Money toReserve, Money toOverflow) {}

  /**
   * The runs of {@code shares}, per pool in the order pools first appear, each pool's in operation
   * order. Two shares at one operation of one pool are refused: that would be one operation recorded twice.
   */
  public static List<Run> of(List<LedgerBatch.Share> shares) {
    Map<PoolId, List<LedgerBatch.Share>> byPool = new LinkedHashMap<>();
    shares.forEach(s -> byPool.computeIfAbsent(s.pool(), p -> new ArrayList<>()).add(s));
    List<Run> out = new ArrayList<>();
    byPool.forEach((pool, poolShares) -> {
      poolShares.sort(Comparator.comparingLong(LedgerBatch.Share::opSeq));
      List<Run> runs = new ArrayList<>();
      for (LedgerBatch.Share s : poolShares) {
        Run last = runs.isEmpty() ? null : runs.get(runs.size() - 1);
        if (last != null && s.opSeq() == last.lastOp()) {
          throw new IllegalArgumentException("pool " + pool + ": two shares at op " + s.opSeq());
        }
        if (last != null && s.opSeq() == last.lastOp() + 1) {
          runs.set(runs.size() - 1, new Run(pool, last.firstOp(), s.opSeq(), last.share().plus(s.share()),
              last.toReserve().plus(s.toReserve()), last.toOverflow().plus(s.toOverflow())));
        } else {
          runs.add(new Run(pool, s.opSeq(), s.opSeq(), s.share(), s.toReserve(), s.toOverflow()));
        }
      }
      out.addAll(runs);
    });
    return out;
  }
}
