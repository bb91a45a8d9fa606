package io.jackpot.pool;

import io.jackpot.money.Money;
import io.jackpot.money.Rate;
import io.jackpot.pool.PoolCommand.Claim;
import io.jackpot.pool.PoolCommand.Contribute;
import io.jackpot.pool.PoolOutcome.Contributed;
import io.jackpot.pool.PoolOutcome.Refused;
import io.jackpot.pool.PoolOutcome.Won;
import java.io.Serializable;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * The state of one pool and the only place it changes. {@link #apply} is a pure function: the
 * cluster runs it inside an atomic entry processor (and again on the backup), so it must stay
 * deterministic; time and randomness come in with the batch. Every operation gets the next
 * {@code opSeq}; the ledger orders by it.
 *
 * @param amount the exact value, sub-micro part included
 * @param cycleSeedMicros the seed the pool was last (re)set to
 * @param mustHit the secret hit point of the current cycle (must-hit pools only, else null)
 * @param reserve money set aside for the next seed (reserve shares and overflow above the cap)
 * @param pendingTerms terms an operator changed, taking effect at the next reseed (null: none)
 * @param termsVersion the jackpot definition version whose terms the pool last took (in force or
 *     pending; 0: none told yet): terms of an older version arriving later are not taken
 * @param receivedTransfers the last transfer ids received, so a transfer is received once
 * @param owed overflow above the ceiling waiting to leave for the terms' {@code overflowTo} pool
 * @param recentWins the last wins, newest last, so a repeated claim gets the same win
 * @param lastBatchBySender each sender's last two applied batches (the last, and the one before it
 *     inside it): a sender (a member's sequencer) has at most one batch per pool in flight and at
 *     most two applied but not yet recorded in the ledger, so a retried batch is recognised exactly,
 *     however many batches other senders applied in between (until {@link #SENDERS} other senders
 *     have; a live member's retry comes long before), and a departed sender's unrecorded batches
 *     can be found and finished by another member (docs/consistency.md)
 */
public record Pool(
    PoolId id,
    PoolStatus status,
    PoolTerms terms,
    Money amount,
    long cycleSeedMicros,
    long opSeq,
    long winSeq,
    MustHit mustHit,
    Money reserve,
    PoolTerms pendingTerms,
    long termsVersion,
    List<String> receivedTransfers,
    Money owed,
    List<Win> recentWins,
    Map<String, AppliedBatch> lastBatchBySender)
    implements Serializable {

  public static final int RECENT_WINS = 32;
  /** Transfer ids a pool remembers having received (a transfer is re-sent only until its receipt is recorded). */
  public static final int RECEIVED_TRANSFERS = 256;
  /**
   * The most a discontinue's transfer may bring its target to: 10^18 micro-units (10^12 units;
   * AdminService refuses one that would pass it). Seeds and ceilings are below it (at most 12
   * integer digits), and a long holds over nine times as much. Only those transfers move a pool's
   * whole value at once; overflow transfers and contributions move shares of stakes, which would
   * take a pool near a long's range only after 10^12 units were staked into it.
   */
  public static final long MOST_MICROS = 1_000_000_000_000_000_000L;
  /** Senders remembered; those that applied nothing here for longest are forgotten first. */
  public static final int SENDERS = 64;
  /**
   * Batches remembered per sender: the last and the one before it. A sequencer keeps at most this
   * many steps applied but unrecorded (Sequencer), so a departed member's unrecorded batches are
   * all still known here, while the member is among the {@link #SENDERS} remembered (StepRecovery
   * keeps the answers of a step that waits longer).
   */
  public static final int BATCHES_REMEMBERED = 2;

  public Pool {
    receivedTransfers = List.copyOf(receivedTransfers);
    recentWins = List.copyOf(recentWins);
    lastBatchBySender = Map.copyOf(lastBatchBySender);
  }

  /** A new pool at its seed; operation 0 is its creation (and draws its first hit point). */
  public static Pool created(PoolId id, PoolTerms terms, Entropy entropy) {
    return new Pool(id, PoolStatus.ACTIVE, terms, Money.ofMicros(terms.seedMicros()), terms.seedMicros(), 0, 0,
        drawHitPoint(terms, entropy, 0), Money.ZERO, null, 0, List.of(), Money.ZERO, List.of(), Map.of());
  }

  /** All the pool holds: its amount, its reserve, and what it owes its overflow pool. */
  public Money value() {
    return amount.plus(reserve).plus(owed);
  }

  /** The same pool without its batch memory: what readers need, small to copy. */
  public Pool view() {
    return lastBatchBySender.isEmpty() ? this
        : new Pool(id, status, terms, amount, cycleSeedMicros, opSeq, winSeq, mustHit, reserve, pendingTerms, termsVersion,
            receivedTransfers, owed, recentWins, Map.of());
  }

  /**
   * Commands under one operation id from one sender, applied in order, with the entropy for any
   * draw they need. {@code sequence} grows with each batch the sender sends.
   */
  public record Batch(String senderId, long sequence, String opId, Entropy entropy, List<PoolCommand> commands)
      implements Serializable {
    public Batch {
      commands = List.copyOf(commands);
    }

    /** This batch with {@code commands} in place of its own. */
    public Batch withCommands(List<PoolCommand> commands) {
      return new Batch(senderId, sequence, opId, entropy, commands);
    }
  }

  /**
   * The outcomes of a batch, kept so that a retried batch returns them instead of reapplying;
   * {@code previous} is the same sender's batch before it (without its own previous), or null:
   * {@link #BATCHES_REMEMBERED} per sender. {@code appliedAtOp} is this pool's {@code opSeq} after
   * the batch: a pool-local clock, so the sender whose last batch is oldest here is forgotten
   * first (senders' own sequences are not comparable: a restarted member starts again at 1).
   */
  public record AppliedBatch(String opId, long appliedAtOp, List<PoolOutcome> outcomes, AppliedBatch previous) implements Serializable {
    public AppliedBatch {
      outcomes = List.copyOf(outcomes);
    }

    /** This batch or the one before it, if either has {@code opId}. */
    Optional<AppliedBatch> find(String op) {
      if (opId.equals(op)) {
        return Optional.of(this);
      }
      return previous != null && previous.opId().equals(op) ? Optional.of(previous) : Optional.empty();
    }

    /** The win this batch paid to the round, by a claim or a trigger. */
    Optional<Win> winOf(String operatorId, String roundId) {
      for (PoolOutcome o : outcomes) {
        Win win = o instanceof Won w ? w.win() : o instanceof Contributed c ? c.triggered() : null;
        if (isWinOf(win, operatorId, roundId)) {
          return Optional.of(win);
        }
      }
      return Optional.empty();
    }

    AppliedBatch alone() {
      return previous == null ? this : new AppliedBatch(opId, appliedAtOp, outcomes, null);
    }
  }

  /**
   * What a pool can say of one sender's batch without applying anything: its last operation
   * ({@code opSeq}), the outcomes it remembers the batch by (null if it does not remember it), and
   * how many senders it remembers.
   */
  public record Recall(long opSeq, List<PoolOutcome> remembered, int senders) implements Serializable {
    public Recall {
      remembered = remembered == null ? null : List.copyOf(remembered);
    }

    public boolean remembers() {
      return remembered != null;
    }

    /**
     * Whether a batch this pool applied may have been forgotten: only once its memory is full. A
     * pool's memory never shrinks (a pool made from the ledger starts empty), so a pool whose memory
     * is not full and that does not remember a batch never applied it (sent in step order, a
     * sender's batches awaiting their record are among its last {@link #BATCHES_REMEMBERED}).
     */
    public boolean mayHaveForgotten() {
      return senders >= SENDERS;
    }
  }

  /** See {@link Recall}. */
  public Recall recall(String senderId, String opId) {
    AppliedBatch done = lastBatchBySender.get(senderId);
    return new Recall(opSeq, done == null ? null : done.find(opId).map(AppliedBatch::outcomes).orElse(null), lastBatchBySender.size());
  }

  /** The pool after a batch and what each command did. */
  public record Transition(Pool pool, List<PoolOutcome> outcomes) {}

  public Transition apply(Batch batch) {
    AppliedBatch done = lastBatchBySender.get(batch.senderId());
    Optional<AppliedBatch> again = done == null ? Optional.empty() : done.find(batch.opId());
    if (again.isPresent()) {
      return new Transition(this, again.get().outcomes());
    }
    Pool pool = this;
    List<PoolOutcome> outcomes = new ArrayList<>(batch.commands().size());
    for (PoolCommand command : batch.commands()) {
      Transition t = pool.apply(command, batch.entropy());
      pool = t.pool();
      outcomes.add(t.outcomes().get(0));
    }
    return new Transition(pool.remember(batch.senderId(),
        new AppliedBatch(batch.opId(), pool.opSeq(), outcomes, done == null ? null : done.alone())), outcomes);
  }

  Transition apply(PoolCommand command, Entropy entropy) {
    if (command instanceof PoolCommand.Pause || command instanceof PoolCommand.Resume) {
      return changeStatus(command);
    }
    if (command instanceof PoolCommand.ChangeTerms change) {
      return changeTerms(change);
    }
    if (command instanceof PoolCommand.Discontinue d) {
      return discontinue(d);
    }
    if (command instanceof PoolCommand.TransferIn t) {
      return receive(t);
    }
    if (command instanceof PoolCommand.FlushOverflow f) {
      return flush(f);
    }
    if (command instanceof Claim claim) {
      Optional<Win> earlier = winOf(claim.operatorId(), claim.roundId());
      if (earlier.isPresent()) {
        return new Transition(this, List.of(new Won(earlier.get(), true)));
      }
    }
    if (status != PoolStatus.ACTIVE) {
      return new Transition(this, List.of(new Refused(command.roundId(), status)));
    }
    return command instanceof Contribute c ? contribute(c, entropy) : claim((Claim) command, entropy);
  }

  /** Pause and resume: the amount, remainder, secret and sequence stay exactly as they are. */
  private Transition changeStatus(PoolCommand command) {
    boolean pause = command instanceof PoolCommand.Pause;
    PoolStatus target = pause ? PoolStatus.PAUSED : PoolStatus.ACTIVE;
    if (status == PoolStatus.DISCONTINUED) {
      return new Transition(this, List.of(new Refused(command.roundId(), status)));
    }
    if (status == target) {
      return new Transition(this, List.of(new PoolOutcome.Unchanged(command.roundId(), status)));
    }
    Pool next = new Pool(id, target, terms, amount, cycleSeedMicros, opSeq + 1, winSeq, mustHit, reserve, pendingTerms, termsVersion,
        receivedTransfers, owed, recentWins, lastBatchBySender);
    return new Transition(next, List.of(new PoolOutcome.StateChanged(command.roundId(), pause ? "PAUSED" : "RESUMED", status, next.view())));
  }

  /**
   * Closed for good; its whole value either leaves for another pool or stays held here. What a
   * discontinued pool still holds (held, or received since) may leave later, to another pool.
   */
  private Transition discontinue(PoolCommand.Discontinue d) {
    if (status == PoolStatus.DISCONTINUED && (d.transferTo() == null || value().equals(Money.ZERO))) {
      return new Transition(this, List.of(new PoolOutcome.Unchanged(d.roundId(), status)));
    }
    long op = opSeq + 1;
    if (d.transferTo() == null) {
      Pool held = new Pool(id, PoolStatus.DISCONTINUED, terms, amount, cycleSeedMicros, op, winSeq, mustHit, reserve, null,
          termsVersion, receivedTransfers, owed, recentWins, lastBatchBySender);
      return new Transition(held, List.of(new PoolOutcome.StateChanged(d.roundId(), "DISCONTINUED", status, held.view())));
    }
    var transfer = new PoolOutcome.Transfer(d.transferId(), id, d.transferTo(), value(), d.reason());
    Pool emptied = new Pool(id, PoolStatus.DISCONTINUED, terms, Money.ZERO, cycleSeedMicros, op, winSeq, mustHit, Money.ZERO, null,
        termsVersion, receivedTransfers, Money.ZERO, recentWins, lastBatchBySender);
    return new Transition(emptied, List.of(new PoolOutcome.Transferred(d.roundId(), transfer, false, false, emptied.view())));
  }

  /**
   * Sends what overflowed to the overflow pool, as one transfer; nothing owed, nothing sent. A
   * discontinued pool sends nothing: what it owes is part of the value it holds, or moves with it.
   */
  private Transition flush(PoolCommand.FlushOverflow f) {
    if (owed.equals(Money.ZERO) || terms.overflowTo() == null || status == PoolStatus.DISCONTINUED) {
      return new Transition(this, List.of(new PoolOutcome.Unchanged(f.roundId(), status)));
    }
    var transfer = new PoolOutcome.Transfer(f.transferId(), id, terms.overflowTo(), owed, "overflow above the ceiling");
    Pool next = new Pool(id, status, terms, amount, cycleSeedMicros, opSeq + 1, winSeq, mustHit, reserve, pendingTerms,
        termsVersion, receivedTransfers, Money.ZERO, recentWins, lastBatchBySender);
    return new Transition(next, List.of(new PoolOutcome.Transferred(f.roundId(), transfer, false, false, next.view())));
  }

  /**
   * Takes a transfer in, once per transfer id, whatever the pool's state: money must land. It adds
   * to the amount of an active pool up to its ceiling; a paused or discontinued pool, or a must-hit
   * one, takes it into its reserve (which funds its next seeds): a paused pool's amount is the same
   * after resume, and a must-hit pool's amount never jumps past its hit point (the next bet of any
   * size would win). What would take an active pool's amount past its ceiling goes to its reserve
   * too, not on to its own overflow pool: two pools overflowing into each other would pass it back
   * and forth for ever.
   */
  private Transition receive(PoolCommand.TransferIn t) {
    var transfer = new PoolOutcome.Transfer(t.roundId(), t.from(), id, t.amount(), null);
    if (receivedTransfers.contains(t.roundId())) {
      // Nothing changes but the operation number: the present state this repeat records (if its
      // first receipt never was) is an anchor of its own, never at a share's number, where the
      // ledger's share runs could span it (docs/ledger.md).
      Pool same = new Pool(id, status, terms, amount, cycleSeedMicros, opSeq + 1, winSeq, mustHit, reserve, pendingTerms,
          termsVersion, receivedTransfers, owed, recentWins, lastBatchBySender);
      return new Transition(same, List.of(new PoolOutcome.Transferred(t.roundId(), transfer, true, true, same.view())));
    }
    List<String> received = new ArrayList<>(receivedTransfers);
    received.add(t.roundId());
    if (received.size() > RECEIVED_TRANSFERS) {
      received.remove(0);
    }
    Money toReserve = status != PoolStatus.ACTIVE || mustHit != null ? t.amount() : aboveCeiling(t.amount());
    Pool next = new Pool(id, status, terms, amount.plus(t.amount().minus(toReserve)), cycleSeedMicros, opSeq + 1, winSeq, mustHit,
        reserve.plus(toReserve), pendingTerms, termsVersion, received, owed, recentWins, lastBatchBySender);
    return new Transition(next, List.of(new PoolOutcome.Transferred(t.roundId(), transfer, true, false, next.view())));
  }

  /**
   * New terms wait for the next reseed (regulators require it); asking for the terms in force
   * cancels a pending change. Terms of a definition version older than the pool's last are not
   * taken: two operators' changes of one jackpot may reach the pool in either order (each member
   * submits its own), and the pool must end with the newer one's terms. A change of version 0 (a
   * sender that predates versions) is always taken. A newer version with the same terms changes
   * only the version the pool remembers, and is recorded all the same ({@code TERMS_VERSION}): a
   * rebuilt pool must not take a version in between that arrives later.
   */
  private Transition changeTerms(PoolCommand.ChangeTerms change) {
    if (change.version() != 0 && change.version() < termsVersion) {
      return new Transition(this, List.of(new PoolOutcome.Unchanged(change.roundId(), status)));
    }
    long version = Math.max(termsVersion, change.version());
    PoolTerms pending = change.terms().equals(terms) ? null : change.terms();
    boolean sameTerms = Objects.equals(pending, pendingTerms);
    // A discontinued pool is never won again, so no terms of it ever come into force.
    if (status == PoolStatus.DISCONTINUED || sameTerms && version == termsVersion) {
      return new Transition(this, List.of(new PoolOutcome.Unchanged(change.roundId(), status)));
    }
    Pool next = new Pool(id, status, terms, amount, cycleSeedMicros, opSeq + 1, winSeq, mustHit, reserve, pending, version,
        receivedTransfers, owed, recentWins, lastBatchBySender);
    return new Transition(next, List.of(new PoolOutcome.StateChanged(change.roundId(), sameTerms ? "TERMS_VERSION" : "TERMS_PENDING",
        status, next.view())));
  }

  /**
   * The pools among {@code live} that owe overflow to a pool that is live and active, so may send it
   * now. A paused target keeps its amount to the micro until resumed, and a discontinued one would
   * hold the money where nothing can win it: until then the overflow stays owed where it is.
   */
  public static List<Pool> owingOverflowToActivePools(Collection<Pool> live) {
    Set<PoolId> active = new HashSet<>();
    live.forEach(p -> {
      if (p.status == PoolStatus.ACTIVE) {
        active.add(p.id);
      }
    });
    return live.stream().filter(p -> p.status != PoolStatus.DISCONTINUED && !p.owed.equals(Money.ZERO) && p.terms.overflowTo() != null
        && active.contains(p.terms.overflowTo())).toList();
  }

  /** What of {@code added} would take the amount past the ceiling (all of it if it is there already; none without one). */
  private Money aboveCeiling(Money added) {
    return terms.capMicros() == 0 ? Money.ZERO
        : amount.plus(added).minus(Money.ofMicros(terms.capMicros()).max(amount)).max(Money.ZERO);
  }

  /** Adds the share; then the pool's trigger may award it to this very contribution, unless the round has won this pool already. */
  private Transition contribute(Contribute c, Entropy entropy) {
    Money share = Money.share(c.stakeMicros(), terms.rate());
    Money toReserve = terms.reserveRatePpm() == 0 ? Money.ZERO : Money.share(c.stakeMicros(), new Rate(terms.reserveRatePpm()));
    // Above the ceiling the share overflows: into the reserve (it funds the next seed), or owed to
    // the overflow pool. Never lost.
    Money over = aboveCeiling(share);
    Money toOverflow = terms.overflowTo() == null ? Money.ZERO : over;
    toReserve = terms.overflowTo() == null ? toReserve.plus(over) : toReserve;
    Money after = amount.plus(share).minus(over);
    long op = opSeq + 1;
    Pool next = new Pool(id, status, terms, after, cycleSeedMicros, op, winSeq, mustHit, reserve.plus(toReserve), pendingTerms,
        termsVersion, receivedTransfers, owed.plus(toOverflow), recentWins, lastBatchBySender);
    Trigger.Kind fired = null;
    Money pays = null;
    if (terms.trigger() instanceof Trigger.Random r
        && entropy.below(r.stakePerHitMicros(), op, Entropy.Purpose.RANDOM_TRIGGER) < c.stakeMicros()) {
      fired = Trigger.Kind.RANDOM;
      pays = after.wholeMicros();
    } else if (mustHit != null && after.compareTo(Money.ofMicros(mustHit.hitMicros())) >= 0) {
      fired = Trigger.Kind.MUST_HIT_BY;
      pays = Money.ofMicros(mustHit.hitMicros());
    }
    // A round wins a pool at most once: if its claim got here first (a game may send the claim
    // before the round's buffered contribution), the share is added and the trigger pays nothing.
    // The claim is among the wins this pool remembers, or (older) the ledger told the contribution
    // of it. Asked only when the trigger fires, which is rare: the look-up stays off the common path.
    Win triggered = fired == null || c.wonBefore() || winOf(c.operatorId(), c.roundId()).isPresent() ? null
        : next.award(c.roundId(), c.playerId(), c.gameId(), c.operatorId(), c.at(), fired, pays, entropy);
    Pool result = triggered == null ? next : next.afterWin(triggered);
    return new Transition(result, List.of(new Contributed(c.roundId(), op, c.stakeMicros(), after.minus(amount), toReserve,
        toOverflow, after, triggered)));
  }

  /** A claim pays the whole micro-units (never more than a must-hit pool's hit point). */
  private Transition claim(Claim c, Entropy entropy) {
    Money paid = amount.wholeMicros();
    if (mustHit != null && paid.compareTo(Money.ofMicros(mustHit.hitMicros())) > 0) {
      paid = Money.ofMicros(mustHit.hitMicros());
    }
    Win win = award(c.roundId(), c.playerId(), c.gameId(), c.operatorId(), c.at(), Trigger.Kind.CLAIM, paid, entropy);
    return new Transition(afterWin(win), List.of(new Won(win, false)));
  }

  /**
   * The win of this pool as it stands, paying {@code paid}: the next operation number, the next
   * sequence, and the reset: the seed plus whatever was not paid (the sub-micro rest), with a fresh
   * hit point for must-hit pools, which start at the seed alone (what they did not pay goes to
   * their reserve).
   */
  private Win award(String roundId, String playerId, String gameId, String operatorId, Instant at,
      Trigger.Kind how, Money paid, Entropy entropy) {
    long sequence = winSeq + 1;
    long op = opSeq + 1;
    PoolTerms next = pendingTerms != null ? pendingTerms : terms;
    Money seed = Money.ofMicros(next.seedMicros());
    Money fromReserve = reserve.min(seed);
    Money unpaid = amount.minus(paid);
    Money reset = seed.plus(unpaid);
    Money toReserve = Money.ZERO;
    if (next.trigger() instanceof Trigger.MustHitBy) {
      // A must-hit pool starts every cycle at its seed; what was not paid goes to the reserve,
      // which funds the next seeds. Carried into the new cycle, a large share's rest could pass the
      // new hit point before anyone bets (the next bet of any size would win for certain), and
      // capping the carry below the hit point would show where the hit point is.
      toReserve = unpaid;
      reset = seed;
    }
    // Stamped by the member that took the request, whose clock may be behind the one that stamped
    // the last win: a win is never dated before the win numbered before it.
    Instant wonAt = lastWin().map(Win::wonAt).filter(last -> last.isAfter(at)).orElse(at);
    return new Win(Win.idFor(id, sequence), id, sequence, op, roundId, playerId, gameId, operatorId, paid,
        cycleSeedMicros, wonAt, how, mustHit, new Win.Reset(reset, next.seedMicros(), drawHitPoint(next, entropy, op),
            next, fromReserve, seed.minus(fromReserve), keptReserve(next, reserve.minus(fromReserve)).plus(toReserve), keptOwed(next), termsVersion));
  }

  /** Overflow owed to a pool the new terms no longer send to stays here, in the reserve. */
  private Money keptReserve(PoolTerms next, Money left) {
    return Objects.equals(next.overflowTo(), terms.overflowTo()) ? left : left.plus(owed);
  }

  private Money keptOwed(PoolTerms next) {
    return Objects.equals(next.overflowTo(), terms.overflowTo()) ? owed : Money.ZERO;
  }

  private Pool afterWin(Win win) {
    List<Win> wins = new ArrayList<>(recentWins);
    wins.add(win);
    if (wins.size() > RECENT_WINS) {
      wins.remove(0);
    }
    return new Pool(id, status, win.next().terms(), win.next().amount(), win.next().seedMicros(), win.opSeq(), win.sequence(),
        win.next().mustHit(), win.next().reserve(), null, termsVersion, receivedTransfers, win.next().owed(), wins, lastBatchBySender);
  }

  private static MustHit drawHitPoint(PoolTerms terms, Entropy entropy, long op) {
    return terms.trigger() instanceof Trigger.MustHitBy m ? MustHit.draw(terms.seedMicros(), m.ceilingMicros(), entropy, op) : null;
  }

  /**
   * One operator's round's win of this pool (round ids are each operator's own): among the recent
   * wins, else among the remembered batches. Those hold every win not yet recorded, however many
   * wins came after it; a win already recorded is found by the ledger look-up made before.
   */
  public Optional<Win> winOf(String operatorId, String roundId) {
    for (int i = recentWins.size() - 1; i >= 0; i--) {
      if (isWinOf(recentWins.get(i), operatorId, roundId)) {
        return Optional.of(recentWins.get(i));
      }
    }
    for (AppliedBatch batch : lastBatchBySender.values()) {
      for (AppliedBatch b = batch; b != null; b = b.previous()) {
        Optional<Win> won = b.winOf(operatorId, roundId);
        if (won.isPresent()) {
          return won;
        }
      }
    }
    return Optional.empty();
  }

  private static boolean isWinOf(Win win, String operatorId, String roundId) {
    return win != null && win.roundId().equals(roundId) && win.operatorId().equals(operatorId);
  }

  public Optional<Win> lastWin() {
    return recentWins.isEmpty() ? Optional.empty() : Optional.of(recentWins.get(recentWins.size() - 1));
  }

  private Pool remember(String sender, AppliedBatch batch) {
    Map<String, AppliedBatch> memory = new HashMap<>(lastBatchBySender);
    memory.put(sender, batch);
    if (memory.size() > SENDERS) {
      // Never the batch just stored: on a pool whose opSeq stands still (paused) every batch ties,
      // and a forgotten batch would be applied again when re-sent (after a resume, as a contribution).
      // Ties go to the smallest sender id: the map's order differs between JVMs (Map.copyOf), and
      // the backup replaying this batch, or the member a pool migrates to, must forget the same one.
      String oldest = memory.entrySet().stream().filter(e -> !e.getKey().equals(sender))
          .min(Map.Entry.<String, AppliedBatch>comparingByValue(Comparator.comparingLong(AppliedBatch::appliedAtOp))
              .thenComparing(Map.Entry.comparingByKey()))
          .orElseThrow().getKey();
      memory.remove(oldest);
    }
    return new Pool(id, status, terms, amount, cycleSeedMicros, opSeq, winSeq, mustHit, reserve, pendingTerms, termsVersion,
        receivedTransfers, owed, recentWins, memory);
  }
}
