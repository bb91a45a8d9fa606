package io.jackpot.admin;

import io.jackpot.access.Admin;
import io.jackpot.catalogue.JackpotDefinition;
import io.jackpot.ledger.AuditEntry;
import io.jackpot.ledger.Ledger;
import io.jackpot.paging.Cursors;
import io.jackpot.paging.Page;
import io.jackpot.pool.Win;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CompletionStage;

/** The ledger's wins and audit log as operators read them: by time, a page at a time, each kind one page at a time per member. */
public final class Listings {
  /** The most a page of wins or audit entries holds (and what it holds unless asked for fewer). */
  public static final int PAGE_LIMIT = 10_000;

  /**
   * The most before and after JSON a page of audit entries holds, in bytes, but for its last entry
   * (a page holds at least one): definitions of many pools make entries of tens of kilobytes each.
   */
  public static final long AUDIT_PAGE_BYTES = 4L << 20;

  private final Ledger ledger;
  private final Ownership ownership;
  private final OneAtATime readingWins = new OneAtATime("a page of wins");
  private final OneAtATime readingAudit = new OneAtATime("a page of audit entries");

  public Listings(Ledger ledger, Ownership ownership) {
    this.ledger = ledger;
    this.ownership = ownership;
  }

  /**
   * Audit entries, oldest first, a page at a time ({@code after}: a page's {@code next}): at most
   * {@code limit}, and none beginning beyond {@link #AUDIT_PAGE_BYTES}.
   */
  public CompletionStage<Page<AuditEntry>> audit(Admin admin, Instant from, Instant to, String after, int limit) {
    Long afterId = after == null ? null : Cursors.auditId(after);
    return readingAudit.run(
        () -> ledger.findAudit(from, to, admin.operatorScope(), afterId, limit + 1, AUDIT_PAGE_BYTES)).thenApply(found -> {
      int fits = (int) found.stream().limit(limit).takeWhile(l -> l.bytesBefore() < AUDIT_PAGE_BYTES).count();
      return Page.of(found, fits, last -> Cursors.ofAudit(last.id())).map(Ledger.Logged::entry);
    });
  }

  /**
   * Wins by time, a page at a time ({@code after}: a page's {@code next}): of one jackpot the token
   * may see (another operator's: 403, as other reads), every one, other operators' players' too (a
   * game the network linked); without a jackpot, a scoped token's are those of its operator's
   * jackpots and those its operator's players won elsewhere.
   */
  public CompletionStage<Page<Win>> wins(Admin admin, String jackpotId, Instant from, Instant to, String after, int limit) {
    String operator = admin.operatorScope();
    List<String> own = List.of();
    if (jackpotId != null) {
      ownership.visible(admin, jackpotId);
      operator = null;
    } else if (operator != null) {
      own = ownership.visibleJackpots(admin).stream().map(JackpotDefinition::id).toList();
    }
    String byOperator = operator;
    List<String> orJackpots = own;
    Ledger.WinCursor cursor = after == null ? null : Cursors.win(after);
    return readingWins.run(() -> ledger.findWins(jackpotId, from, to, byOperator, orJackpots, cursor, limit + 1))
        .thenApply(found -> Page.of(found, limit, Cursors::of));
  }
}
