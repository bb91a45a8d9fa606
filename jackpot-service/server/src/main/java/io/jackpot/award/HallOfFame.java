package io.jackpot.award;

import io.jackpot.error.ErrorCode;
import io.jackpot.error.Rejection;
import io.jackpot.error.Rejection.Kind;
import io.jackpot.ledger.WinHistory;
import io.jackpot.paging.Cursors;
import io.jackpot.paging.Page;
import io.jackpot.pool.Win;
import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Semaphore;

/** A jackpot's wins as anyone may read them from the ledger: newest first, a page at a time. */
public final class HallOfFame {
  /** The most a page holds. */
  public static final int PAGE_LIMIT = 100;
  /** What a page holds unless asked for fewer. */
  public static final int DEFAULT_LIMIT = 20;
  /**
   * Pages read at once on this member. They take connections of the pool that commits use, and
   * anyone may ask: a flood of readers must not hold up the games' commits.
   */
  static final int READS_AT_ONCE = 4;

  private final WinHistory wins;
  private final Semaphore reading = new Semaphore(READS_AT_ONCE);

  public HallOfFame(WinHistory wins) {
    this.wins = wins;
  }

  /**
   * At most {@code limit} wins of {@code jackpotId}, newest first, older than those of the page
   * whose {@code next} is {@code after} (null: the first page). Each page starts below the last
   * one's place in the order, so a win recorded meanwhile never repeats or hides an older one.
   */
  public CompletionStage<Page<Win>> page(String jackpotId, String after, int limit) {
    WinHistory.WinCursor before = after == null ? null : Cursors.win(after);
    if (!reading.tryAcquire()) {
      throw new Rejection(Kind.UNAVAILABLE, ErrorCode.BUSY, READS_AT_ONCE + " pages of wins are being read on this member; retry in a moment");
    }
    CompletionStage<List<Win>> found;
    try {
      found = wins.findLatestWins(jackpotId, before, limit + 1);
    } catch (RuntimeException e) {
      reading.release();
      throw e;
    }
    return found.whenComplete((w, e) -> reading.release()).thenApply(page -> Page.of(page, limit, Cursors::of));
  }
}
