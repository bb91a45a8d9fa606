package io.jackpot.sequencer;

import io.jackpot.json.JsonText;
import io.jackpot.ledger.AuditEntry;
import io.jackpot.ledger.LedgerBatch;
import io.jackpot.ledger.RoundStatus;
import io.jackpot.money.Money;
import io.jackpot.pool.Pool;
import io.jackpot.pool.PoolCommand;
import io.jackpot.pool.PoolOutcome.Contributed;
import io.jackpot.pool.PoolOutcome.Won;
import io.jackpot.pool.PoolOutcome;
import io.jackpot.pool.PoolStatus;
import io.jackpot.pool.Win;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/** Turns applied submissions and their outcomes into the rows of one ledger transaction. */
final class LedgerBatches {
  private final Clock clock;

  LedgerBatches(Clock clock) {
    this.clock = clock;
  }

  record Done(Submission submission, List<PoolOutcome> outcomes) {}

  /** Each submission with its outcomes (outcomes.get(i) are submissions.get(i)'s). */
  static List<Done> zip(List<Submission> submissions, List<List<PoolOutcome>> outcomes) {
    List<Done> done = new ArrayList<>(submissions.size());
    for (int i = 0; i < submissions.size(); i++) {
      done.add(new Done(submissions.get(i), outcomes.get(i)));
    }
    return done;
  }

  LedgerBatch of(List<Done> done) {
    Rows rows = new Rows(clock.instant());
    for (Done d : done) {
      rows.add(d);
    }
    return rows.batch();
  }

  /** The rows of one transaction, gathered in the order of the submissions and of their outcomes. */
  private static final class Rows {
    private final Instant now;
    private final List<LedgerBatch.Round> rounds = new ArrayList<>();
    private final List<LedgerBatch.Share> shares = new ArrayList<>();
    private final List<Win> wins = new ArrayList<>();
    private final List<LedgerBatch.PoolEvent> events = new ArrayList<>();
    private final List<Win> repeatedWins = new ArrayList<>();
    private final List<LedgerBatch.PoolEvent> repeatedAnchors = new ArrayList<>();
    private final List<AuditEntry> audit = new ArrayList<>();
    private final List<LedgerBatch.TransferOut> transfers = new ArrayList<>();
    private final List<LedgerBatch.Receipt> receipts = new ArrayList<>();

    Rows(Instant now) {
      this.now = now;
    }

    /** A submission's rows: one per outcome that records something, and its round's, applied or paused. */
    void add(Done d) {
      Submission s = d.submission();
      boolean contributed = false;
      for (int i = 0; i < d.outcomes().size(); i++) {
        PoolOutcome o = d.outcomes().get(i);
        if (o instanceof Contributed c) {
          contributed = true;
          contributed(s, i, c);
        } else if (o instanceof Won w) {
          won(w);
        } else if (o instanceof PoolOutcome.Transferred t) {
          transferred(s, i, t);
        } else if (o instanceof PoolOutcome.StateChanged c) {
          stateChanged(s, i, c);
        }
      }
      if (s.round() != null) {
        // A round with no pool to feed (its stake below every pool's minimum) is applied, not paused.
        boolean applied = contributed || s.targets().isEmpty();
        rounds.add(new LedgerBatch.Round(s.round(), applied ? RoundStatus.APPLIED : RoundStatus.PAUSED, now));
      }
    }

    private void contributed(Submission s, int i, Contributed c) {
      shares.add(new LedgerBatch.Share(s.targets().get(i).pool(), c.opSeq(), s.round().operatorId(), c.roundId(), i,
          c.share(), c.toReserve(), c.toOverflow(), c.amountAfter()));
      if (c.triggered() != null) {
        wins.add(c.triggered());
        events.add(LedgerBatch.anchorOf(c.triggered()));
      }
    }

    private void won(Won w) {
      if (!w.repeated()) {
        // A repeat of this claim answered on another member meanwhile may have recorded the win
        // and its anchor first: both inserts accept the same rows there, and fail on others.
        wins.add(w.win());
        events.add(LedgerBatch.anchorOf(w.win()));
        return;
      }
      // Recorded again if absent, so that its answer never outruns its record (docs/consistency.md).
      repeatedWins.add(w.win());
      if (w.win().next().terms() != null) {
        // A win read back from the ledger has its anchor there already; one only in memory may not.
        repeatedAnchors.add(LedgerBatch.anchorOf(w.win()));
      }
    }

    private void transferred(Submission s, int i, PoolOutcome.Transferred t) {
      Pool after = t.after();
      if (!t.incoming()) {
        transfers.add(new LedgerBatch.TransferOut(t.transfer(), after.opSeq(), now));
        events.add(LedgerBatch.PoolEvent.of(after, after.status() == PoolStatus.DISCONTINUED ? "DISCONTINUED" : "OVERFLOW_OUT", now));
      } else if (!t.repeated()) {
        receipts.add(new LedgerBatch.Receipt(t.transfer().transferId(), after.id(), after.opSeq(), now));
        events.add(LedgerBatch.PoolEvent.of(after, "TRANSFER_IN", now));
      } else {
        // Received before, maybe never recorded (its member stopped first): record the receipt and
        // the pool's whole present state if absent, so the ledger holds the money the pool holds.
        receipts.add(new LedgerBatch.Receipt(t.transfer().transferId(), after.id(), after.opSeq(), now));
        repeatedAnchors.add(LedgerBatch.PoolEvent.of(after, "TRANSFER_IN", now));
      }
      Submission.Audit who = s.audit();
      if (who != null && !t.repeated()) {
        audit.add(new AuditEntry(now, who.actor(), who.owner(), who.action(), after.id().key(), null,
            object("\"transferId\":\"" + t.transfer().transferId() + "\",\"from\":\"" + t.transfer().from() + "\",\"to\":\""
                + t.transfer().to() + "\",\"amount\":\"" + t.transfer().amount().toPlainString() + "\"",
                s.targets().get(i).command())));
      }
    }

    private void stateChanged(Submission s, int i, PoolOutcome.StateChanged c) {
      Pool after = c.after();
      events.add(LedgerBatch.PoolEvent.of(after, c.kind(), now));
      Submission.Audit who = s.audit();
      // A definition version taken with no change of terms is recorded for rebuilds; the definition's own entry says it all.
      if (who != null && !"TERMS_VERSION".equals(c.kind())) {
        // Held: all the pool keeps (reserve and overflow owed included), as the operator was answered.
        String state = state(after.status(), after.amount(), "DISCONTINUED".equals(c.kind()) ? after.value() : null);
        audit.add(new AuditEntry(now, who.actor(), who.owner(), who.action(), after.id().key(),
            object(state(c.before(), after.amount(), null), null), object(state, s.targets().get(i).command())));
      }
    }

    LedgerBatch batch() {
      return new LedgerBatch(UUID.randomUUID().toString(), rounds, shares, wins, events, repeatedWins, repeatedAnchors, audit,
          transfers, receipts);
    }
  }

  /**
   * An audit entry's JSON object of {@code fields}, with the operator's reason when {@code command}
   * carries one (a discontinuation).
   */
  private static String object(String fields, PoolCommand command) {
    StringBuilder out = new StringBuilder(fields.length() + 64).append('{').append(fields);
    if (command instanceof PoolCommand.Discontinue d && d.reason() != null) {
      JsonText.string(out.append(",\"reason\":"), d.reason());
    }
    return out.append('}').toString();
  }

  /** A pool's status and amount as an audit entry's JSON fields, with what it holds when {@code held} is given. */
  private static String state(PoolStatus status, Money amount, Money held) {
    return "\"status\":\"" + status + "\",\"amount\":\"" + amount.toPlainString() + "\""
        + (held == null ? "" : ",\"held\":\"" + held.toPlainString() + "\"");
  }
}
