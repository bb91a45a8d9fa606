package io.jackpot.ledger.pg;

import io.jackpot.ledger.AuditEntry;
import io.jackpot.ledger.LedgerBatch;
import io.jackpot.ledger.RoundRecord;
import io.jackpot.ledger.ShareRuns;
import io.jackpot.pool.MustDrop;
import io.jackpot.pool.Win;
import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.Tuple;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;

/** Column arrays of a ledger batch, one tuple per table, for the unnest inserts of {@link LedgerSql}. */
final class BatchArrays {
  private BatchArrays() {}

  /**
   * Rounds with their shares packed in (see {@link LedgerSql#INSERT_ROUNDS}): per round its columns,
   * its shares' jackpot ids and pool keys space-separated (ids are [a-z0-9.-]), and the 1-based
   * bounds of its shares in the flat share arrays that follow. A round's shares follow each other in
   * {@code shares}, in the rounds' order and each round's in position order, as LedgerBatches makes
   * them; anything else is refused.
   */
  static Tuple rounds(List<LedgerBatch.Round> rounds, List<LedgerBatch.Share> shares) {
    int n = rounds.size(), m = shares.size();
    RoundColumns columns = new RoundColumns(n);
    ShareColumns packed = new ShareColumns(m);
    int k = 0;
    for (int i = 0; i < n; i++) {
      var round = rounds.get(i);
      columns.set(i, round);
      columns.first[i] = k + 1;
      k = packed.pack(round.record(), shares, k);
      columns.last[i] = k;
      columns.jackpots[i] = packed.jackpots.toString();
      columns.pools[i] = packed.pools.toString();
    }
    if (k != m) {
      throw new IllegalArgumentException("share of round " + shares.get(k).roundId() + " is not next to its round");
    }
    return packed.addTo(columns.tuple());
  }

  /** The per-round columns of {@link #rounds}, in the order of {@link LedgerSql#INSERT_ROUNDS}. */
  private static final class RoundColumns {
    final String[] id, fp, game, op, player, currency, status, jackpots, pools;
    final Long[] stake, coin, original, fx;
    final Integer[] first, last;
    final OffsetDateTime[] received, applied;
    /** Rounds of a batch mostly share their applied instant: converted once per run of equal ones. */
    private Instant lastApplied;
    private OffsetDateTime lastAppliedUtc;

    RoundColumns(int n) {
      id = new String[n]; fp = new String[n]; game = new String[n]; op = new String[n]; player = new String[n];
      currency = new String[n]; status = new String[n]; jackpots = new String[n]; pools = new String[n];
      stake = new Long[n]; coin = new Long[n]; original = new Long[n]; fx = new Long[n];
      first = new Integer[n]; last = new Integer[n];
      received = new OffsetDateTime[n]; applied = new OffsetDateTime[n];
    }

    void set(int i, LedgerBatch.Round round) {
      var r = round.record();
      original[i] = r.originalStakeMicros();
      fx[i] = r.fxRatePpm();
      id[i] = r.roundId();
      fp[i] = r.fingerprint();
      game[i] = r.gameId();
      op[i] = r.operatorId();
      player[i] = r.playerId();
      stake[i] = r.stakeMicros();
      currency[i] = r.currency();
      coin[i] = r.coinValueMicros();
      status[i] = round.status().name();
      received[i] = utc(r.receivedAt());
      if (!round.appliedAt().equals(lastApplied)) {
        lastApplied = round.appliedAt();
        lastAppliedUtc = utc(lastApplied);
      }
      applied[i] = lastAppliedUtc;
    }

    Tuple tuple() {
      return Tuple.of(id, fp, game, op, player, stake, currency, coin, status, received).addValue(original).addValue(fx)
          .addValue(applied).addValue(jackpots).addValue(pools).addValue(first).addValue(last);
    }
  }

  /** The flat share columns of {@link #rounds}, and the current round's jackpot ids and pool keys. */
  private static final class ShareColumns {
    final Long[] seq, shareMicros, shareSub, reserveMicros, reserveSub, overflowMicros, overflowSub, amountMicros, amountSub;
    final StringBuilder jackpots = new StringBuilder(), pools = new StringBuilder();

    ShareColumns(int m) {
      seq = new Long[m]; shareMicros = new Long[m]; shareSub = new Long[m]; reserveMicros = new Long[m];
      reserveSub = new Long[m]; overflowMicros = new Long[m]; overflowSub = new Long[m]; amountMicros = new Long[m];
      amountSub = new Long[m];
    }

    /** Takes the shares of round {@code r} that start at {@code k}; returns the index after them. */
    int pack(RoundRecord r, List<LedgerBatch.Share> shares, int k) {
      jackpots.setLength(0);
      pools.setLength(0);
      int m = shares.size(), position = -1;
      for (; k < m && shares.get(k).roundId().equals(r.roundId()) && shares.get(k).operatorId().equals(r.operatorId()); k++) {
        LedgerBatch.Share s = shares.get(k);
        if (s.position() <= position) {
          throw new IllegalArgumentException("round " + r.roundId() + ": shares out of position order");
        }
        position = s.position();
        set(k, s);
      }
      return k;
    }

    private void set(int k, LedgerBatch.Share s) {
      (jackpots.isEmpty() ? jackpots : jackpots.append(' ')).append(s.pool().jackpotId());
      (pools.isEmpty() ? pools : pools.append(' ')).append(s.pool().poolKey());
      seq[k] = s.opSeq();
      shareMicros[k] = s.share().micros();
      shareSub[k] = s.share().sub();
      reserveMicros[k] = s.toReserve().micros();
      reserveSub[k] = s.toReserve().sub();
      overflowMicros[k] = s.toOverflow().micros();
      overflowSub[k] = s.toOverflow().sub();
      amountMicros[k] = s.amountAfter().micros();
      amountSub[k] = s.amountAfter().sub();
    }

    Tuple addTo(Tuple rounds) {
      return rounds.addValue(seq).addValue(shareMicros).addValue(shareSub).addValue(reserveMicros).addValue(reserveSub)
          .addValue(overflowMicros).addValue(overflowSub).addValue(amountMicros).addValue(amountSub);
    }
  }

  static Tuple runs(List<ShareRuns.Run> runs) {
    int n = runs.size();
    String[] jackpot = new String[n], pool = new String[n];
    Long[] firstOp = new Long[n], lastOp = new Long[n], shareMicros = new Long[n], shareSub = new Long[n];
    Long[] reserveMicros = new Long[n], reserveSub = new Long[n], overflowMicros = new Long[n], overflowSub = new Long[n];
    for (int i = 0; i < n; i++) {
      var r = runs.get(i);
      jackpot[i] = r.pool().jackpotId();
      pool[i] = r.pool().poolKey();
      firstOp[i] = r.firstOp();
      lastOp[i] = r.lastOp();
      shareMicros[i] = r.share().micros();
      shareSub[i] = r.share().sub();
      reserveMicros[i] = r.toReserve().micros();
      reserveSub[i] = r.toReserve().sub();
      overflowMicros[i] = r.toOverflow().micros();
      overflowSub[i] = r.toOverflow().sub();
    }
    return Tuple.of(jackpot, pool, firstOp, lastOp, shareMicros, shareSub, reserveMicros, reserveSub, overflowMicros, overflowSub);
  }

  static Tuple wins(List<Win> wins) {
    int n = wins.size();
    WinColumns columns = new WinColumns(n);
    for (int i = 0; i < n; i++) {
      columns.set(i, wins.get(i));
    }
    return columns.tuple();
  }

  /** The columns of {@link #wins}, in the order of {@link LedgerSql#INSERT_WINS}. */
  private static final class WinColumns {
    final String[] id, jackpot, pool, round, player, game, op, how, salt, commitment;
    final Long[] sequence, seq, amount, seed, afterMicros, afterSub, afterSeed, hit;
    final Long[] fromReserveMicros, fromReserveSub, fundingMicros, fundingSub;
    final OffsetDateTime[] at, dropFrom, dropBy, dropAt;

    WinColumns(int n) {
      id = new String[n]; jackpot = new String[n]; pool = new String[n]; round = new String[n];
      player = new String[n]; game = new String[n]; op = new String[n];
      sequence = new Long[n]; seq = new Long[n]; amount = new Long[n]; seed = new Long[n];
      afterMicros = new Long[n]; afterSub = new Long[n]; afterSeed = new Long[n]; hit = new Long[n];
      fromReserveMicros = new Long[n]; fromReserveSub = new Long[n]; fundingMicros = new Long[n]; fundingSub = new Long[n];
      how = new String[n]; salt = new String[n]; commitment = new String[n];
      at = new OffsetDateTime[n]; dropFrom = new OffsetDateTime[n]; dropBy = new OffsetDateTime[n]; dropAt = new OffsetDateTime[n];
    }

    void set(int i, Win w) {
      id[i] = w.winId();
      jackpot[i] = w.pool().jackpotId();
      pool[i] = w.pool().poolKey();
      sequence[i] = w.sequence();
      seq[i] = w.opSeq();
      round[i] = w.roundId();
      player[i] = w.playerId();
      game[i] = w.gameId();
      op[i] = w.operatorId();
      amount[i] = w.amount().micros();
      seed[i] = w.seedMicros();
      at[i] = utc(w.wonAt());
      afterMicros[i] = w.next().amount().micros();
      afterSub[i] = w.next().amount().sub();
      afterSeed[i] = w.next().seedMicros();
      fromReserveMicros[i] = w.next().seedFromReserve().micros();
      fromReserveSub[i] = w.next().seedFromReserve().sub();
      fundingMicros[i] = w.next().operatorFunding().micros();
      fundingSub[i] = w.next().operatorFunding().sub();
      how[i] = w.how().name();
      if (w.revealed() != null) {
        hit[i] = w.revealed().hitMicros();
        salt[i] = w.revealed().salt();
        commitment[i] = w.revealed().commitment();
      }
      drop(i, w.dropped(), dropFrom, dropBy, dropAt, salt, commitment);
    }

    Tuple tuple() {
      return Tuple.of(id, jackpot, pool, sequence, seq, round, player, game, op, amount, seed, at, afterMicros, afterSub)
          .addValue(afterSeed).addValue(fromReserveMicros).addValue(fromReserveSub).addValue(fundingMicros).addValue(fundingSub)
          .addValue(how).addValue(hit).addValue(salt).addValue(commitment).addValue(dropFrom).addValue(dropBy).addValue(dropAt);
    }
  }

  static Tuple events(List<LedgerBatch.PoolEvent> events) {
    int n = events.size();
    String[] jackpot = new String[n], pool = new String[n], kind = new String[n], status = new String[n];
    Long[] seq = new Long[n], micros = new Long[n], sub = new Long[n], seed = new Long[n], winSeq = new Long[n];
    Long[] hit = new Long[n], reserveMicros = new Long[n], reserveSub = new Long[n], owedMicros = new Long[n], owedSub = new Long[n];
    Long[] termsVersion = new Long[n];
    String[] salt = new String[n], commitment = new String[n];
    Object[] terms = new Object[n], pending = new Object[n];
    OffsetDateTime[] at = new OffsetDateTime[n], dropFrom = new OffsetDateTime[n], dropBy = new OffsetDateTime[n];
    OffsetDateTime[] dropAt = new OffsetDateTime[n];
    for (int i = 0; i < n; i++) {
      var e = events.get(i);
      jackpot[i] = e.pool().jackpotId();
      pool[i] = e.pool().poolKey();
      seq[i] = e.opSeq();
      kind[i] = e.kind();
      status[i] = e.status().name();
      micros[i] = e.amountAfter().micros();
      sub[i] = e.amountAfter().sub();
      seed[i] = e.cycleSeedMicros();
      winSeq[i] = e.winSeq();
      if (e.mustHit() != null) {
        hit[i] = e.mustHit().hitMicros();
        salt[i] = e.mustHit().salt();
        commitment[i] = e.mustHit().commitment();
      }
      drop(i, e.mustDrop(), dropFrom, dropBy, dropAt, salt, commitment);
      reserveMicros[i] = e.reserve().micros();
      reserveSub[i] = e.reserve().sub();
      owedMicros[i] = e.owed().micros();
      owedSub[i] = e.owed().sub();
      terms[i] = TermsJson.of(e.terms());
      pending[i] = TermsJson.of(e.pendingTerms());
      termsVersion[i] = e.termsVersion();
      at[i] = utc(e.at());
    }
    return Tuple.of(jackpot, pool, seq, kind, status, micros, sub, seed, winSeq, hit).addValue(salt).addValue(commitment)
        .addValue(reserveMicros).addValue(reserveSub).addValue(owedMicros).addValue(owedSub).addValue(terms).addValue(pending)
        .addValue(termsVersion).addValue(dropFrom).addValue(dropBy).addValue(dropAt).addValue(at);
  }

  /** A must-drop secret's columns at row {@code i}, of a win or a pool event (left null without one). */
  private static void drop(int i, MustDrop d, OffsetDateTime[] from, OffsetDateTime[] by, OffsetDateTime[] at, String[] salt,
      String[] commitment) {
    if (d != null) {
      from[i] = utc(d.from());
      by[i] = utc(d.dropBy());
      at[i] = utc(d.dropAt());
      salt[i] = d.salt();
      commitment[i] = d.commitment();
    }
  }

  static Tuple audit(List<AuditEntry> entries) {
    int n = entries.size();
    OffsetDateTime[] at = new OffsetDateTime[n];
    String[] actor = new String[n], owner = new String[n], action = new String[n], target = new String[n];
    // JSON objects, not strings: a String bound to jsonb would be stored as a JSON string.
    Object[] before = new Object[n], after = new Object[n];
    for (int i = 0; i < n; i++) {
      var e = entries.get(i);
      at[i] = utc(e.at());
      actor[i] = e.actor();
      owner[i] = e.owner();
      action[i] = e.action();
      target[i] = e.target();
      before[i] = e.before() == null ? null : new JsonObject(e.before());
      after[i] = e.after() == null ? null : new JsonObject(e.after());
    }
    return Tuple.of(at, actor, owner, action, target, before, after);
  }

  static Tuple transfers(List<LedgerBatch.TransferOut> out) {
    int n = out.size();
    String[] id = new String[n], fromJ = new String[n], fromP = new String[n], toJ = new String[n], toP = new String[n];
    String[] reason = new String[n];
    Long[] micros = new Long[n], sub = new Long[n], seq = new Long[n];
    OffsetDateTime[] at = new OffsetDateTime[n];
    for (int i = 0; i < n; i++) {
      var t = out.get(i).transfer();
      id[i] = t.transferId();
      fromJ[i] = t.from().jackpotId();
      fromP[i] = t.from().poolKey();
      toJ[i] = t.to().jackpotId();
      toP[i] = t.to().poolKey();
      micros[i] = t.amount().micros();
      sub[i] = t.amount().sub();
      reason[i] = t.reason();
      seq[i] = out.get(i).opSeq();
      at[i] = utc(out.get(i).at());
    }
    return Tuple.of(id, fromJ, fromP, toJ, toP, micros, sub, reason, seq, at);
  }

  static Tuple receipts(List<LedgerBatch.Receipt> in) {
    int n = in.size();
    String[] id = new String[n], toJ = new String[n], toP = new String[n];
    Long[] seq = new Long[n];
    OffsetDateTime[] at = new OffsetDateTime[n];
    for (int i = 0; i < n; i++) {
      var r = in.get(i);
      id[i] = r.transferId();
      toJ[i] = r.to().jackpotId();
      toP[i] = r.to().poolKey();
      seq[i] = r.opSeq();
      at[i] = utc(r.at());
    }
    return Tuple.of(id, toJ, toP, seq, at);
  }

  /** The instant at UTC (built directly: {@code Instant.atOffset} builds the offset's rules every call). */
  static OffsetDateTime utc(Instant instant) {
    return OffsetDateTime.of(LocalDateTime.ofEpochSecond(instant.getEpochSecond(), instant.getNano(), ZoneOffset.UTC), ZoneOffset.UTC);
  }
}
