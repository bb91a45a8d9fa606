package io.jackpot.ledger;

import io.jackpot.money.Money;
import io.jackpot.pool.MustDrop;
import io.jackpot.pool.MustHit;
import io.jackpot.pool.Pool;
import io.jackpot.pool.PoolId;
import io.jackpot.pool.PoolOutcome;
import io.jackpot.pool.PoolStatus;
import io.jackpot.pool.PoolTerms;
import io.jackpot.pool.Win;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Everything one ledger transaction records, under a commit id. A batch already recorded (a retry
 * after an unknown outcome) is skipped whole.
 * Rows in the main lists must be new: a clash means something applied twice and fails the commit.
 * The "if absent" lists hold rows that may exist already: a pool's creation and a repeated win with
 * its anchor. Wins and events are skipped when the same row exists; a different row fails the commit.
 * {@code stepIds}: the sequencer steps recorded here, each recorded once.
 */
public record LedgerBatch(
    String commitId, List<Round> rounds, List<Share> shares, List<Win> wins, List<PoolEvent> events,
    List<Win> winsIfAbsent, List<PoolEvent> eventsIfAbsent, List<AuditEntry> audit, List<TransferOut> transfers,
    List<Receipt> receipts, List<String> stepIds) {

  /** A batch that records no sequencer step (tests, start-up anchors). */
  public LedgerBatch(String commitId, List<Round> rounds, List<Share> shares, List<Win> wins, List<PoolEvent> events,
      List<Win> winsIfAbsent, List<PoolEvent> eventsIfAbsent, List<AuditEntry> audit, List<TransferOut> transfers,
      List<Receipt> receipts) {
    this(commitId, rounds, shares, wins, events, winsIfAbsent, eventsIfAbsent, audit, transfers, receipts, List.of());
  }

  /**
   * The same rows as a step finished on a departed member's behalf, whose wins a repeated claim may
   * have recorded meanwhile (the pool answered it with the remembered win, and whoever answers a
   * repeat records it, and its anchor, if absent): its wins are counted as recorded if absent. Its
   * pool events stay in the main list, which takes the same state at an operation as recorded and
   * fails the commit on another (any part of the state differing, its terms and must-hit secret
   * included: a pause or a transfer in must not vanish because another state took its operation
   * number).
   */
  public LedgerBatch finishedOnBehalf() {
    List<Win> allWins = new ArrayList<>(winsIfAbsent);
    allWins.addAll(wins);
    return new LedgerBatch(commitId, rounds, shares, List.of(), events, allWins, eventsIfAbsent, audit, transfers, receipts, stepIds);
  }

  /** The same rows under another commit id, recording these sequencer steps. */
  public LedgerBatch forSteps(String commit, List<String> steps) {
    return new LedgerBatch(commit, rounds, shares, wins, events, winsIfAbsent, eventsIfAbsent, audit, transfers, receipts, steps);
  }

  public static LedgerBatch ofEventsIfAbsent(String commitId, List<PoolEvent> events) {
    return new LedgerBatch(commitId, List.of(), List.of(), List.of(), List.of(), List.of(), events, List.of(), List.of(), List.of());
  }

  /** A transfer leaving its source pool at operation {@code opSeq}. */
  public record TransferOut(PoolOutcome.Transfer transfer, long opSeq, Instant at) {}

  /** A transfer received by its target at operation {@code opSeq}; recorded if absent (a repeat may record it again). */
  public record Receipt(String transferId, PoolId to, long opSeq, Instant at) {}

  /** The full-state anchor a win leaves: the pool right after it was reset. */
  public static PoolEvent anchorOf(Win win) {
    Win.Reset next = win.next();
    return new PoolEvent(win.pool(), win.opSeq(), "WON", PoolStatus.ACTIVE, next.amount(), next.seedMicros(), win.sequence(),
        next.mustHit(), next.mustDrop(), next.reserve(), next.owed(), next.terms(), null, next.termsVersion(), win.wonAt());
  }

  /** A round, what became of it, and when the step that applied it was recorded. */
  public record Round(RoundRecord record, RoundStatus status, Instant appliedAt) {}

  /**
   * One share of one round's stake (the round of {@code operatorId} with {@code roundId}) added to
   * one pool, with the pool's exact value after it; {@code position} is the pool's place among the round's targets (a round's shares are recorded
   * in this order), {@code toReserve} what went to the pool's reserve (its reserve share and what
   * overflowed above its ceiling).
   */
  public record Share(PoolId pool, long opSeq, String operatorId, String roundId, int position, Money share, Money toReserve,
      Money toOverflow, Money amountAfter) {}

  /**
   * A pool's full state after an operation other than a contribution: the anchor of a rebuild,
   * with the must-hit or must-drop secret of the cycle it starts (null for other pools, or when not known), and
   * the definition version of the pool's last terms ({@code termsVersion}).
   */
  public record PoolEvent(PoolId pool, long opSeq, String kind, PoolStatus status, Money amountAfter,
      long cycleSeedMicros, long winSeq, MustHit mustHit, MustDrop mustDrop, Money reserve, Money owed, PoolTerms terms, PoolTerms pendingTerms,
      long termsVersion, Instant at) {

    /** The event that records a pool's whole state under {@code kind}. */
    public static PoolEvent of(Pool p, String kind, Instant at) {
      return new PoolEvent(p.id(), p.opSeq(), kind, p.status(), p.amount(), p.cycleSeedMicros(), p.winSeq(), p.mustHit(),
          p.mustDrop(), p.reserve(), p.owed(), p.terms(), p.pendingTerms(), p.termsVersion(), at);
    }
  }

  /**
   * Nothing to record at all. A batch of steps that changed nothing (a claim refused by a paused
   * pool, a pause of a paused one) is not empty: its steps are recorded, so a note of theirs left
   * behind is finished as the no-op it is, never applied again later as a new change.
   */
  public boolean isEmpty() {
    return rounds.isEmpty() && shares.isEmpty() && wins.isEmpty() && events.isEmpty()
        && winsIfAbsent.isEmpty() && eventsIfAbsent.isEmpty() && audit.isEmpty() && transfers.isEmpty() && receipts.isEmpty()
        && stepIds.isEmpty();
  }
}
