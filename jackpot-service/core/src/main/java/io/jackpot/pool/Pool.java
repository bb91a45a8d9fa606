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
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * The state of one pool and the only place it changes. {@link #apply} is pure and deterministic:
 * the cluster runs it in an entry processor and again on the backup. Every operation gets the next
 * {@code opSeq}, which orders the ledger. The batch records stay nested here because the cluster's
 * serialized pools name them.
 *
 * @param amount the exact value, sub-micro part included
 * @param cycleSeedMicros the seed the pool was last (re)set to
 * @param mustHit the secret hit point of the current cycle (must-hit pools only, else null)
 * @param mustDrop the secret drop time of the current cycle (must-drop pools only, else null)
 * @param reserve money set aside for the next seed (reserve shares and overflow above the cap)
 * @param pendingTerms terms changed by an operator, in force at the next reseed (null: none)
 * @param termsVersion the definition version of the terms last taken (0: none); older ones are ignored
 * @param receivedTransfers the last transfer ids received, so a transfer is received once
 * @param owed overflow above the ceiling waiting to leave for the terms' {@code overflowTo} pool
 * @param recentWins the last wins, newest last, so a repeated claim gets the same win
 * @param lastBatchBySender each sender's last two applied batches (a sender has at most two applied
 *     but unrecorded). A retry is recognised until {@link #SENDERS} other senders have applied, and a
 *     departed sender's unrecorded batches can be finished elsewhere (docs/consistency.md)
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
    MustDrop mustDrop,
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
   * the admin definitions refuse one that would pass it). Seeds and ceilings are below it (at most 12
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

  /** The one way a pool changes: a batch changes a draft of it ({@link #draft}), made a pool again here. */
  Pool(PoolDraft d) {
    this(d.id, d.status, d.terms, d.amount, d.cycleSeedMicros, d.opSeq, d.winSeq, d.mustHit, d.mustDrop, d.reserve, d.pendingTerms,
        d.termsVersion, d.receivedTransfers, d.owed, d.recentWins, d.lastBatchBySender);
  }

  PoolDraft draft() {
    return new PoolDraft(this);
  }

  /**
   * A new pool at its seed, created at {@code now}; operation 0 is its creation (and draws its
   * first hit point or drop time).
   */
  public static Pool created(PoolId id, PoolTerms terms, Entropy entropy, Instant now) {
    return new PoolDraft(id, terms, Reseed.hitPoint(terms, entropy, 0), Reseed.dropTime(terms, null, entropy, 0, now)).pool();
  }

  /** A new pool whose terms read no time (not a must-drop pool). */
  public static Pool created(PoolId id, PoolTerms terms, Entropy entropy) {
    if (terms.trigger() instanceof Trigger.MustDropBy) {
      throw new IllegalArgumentException("a must-drop pool is created at a time");
    }
    return created(id, terms, entropy, Instant.EPOCH);
  }

  /** All the pool holds: its amount, its reserve, and what it owes its overflow pool. */
  public Money value() {
    return amount.plus(reserve).plus(owed);
  }

  /** The same pool without its batch memory: what readers need, small to copy. */
  public Pool view() {
    if (lastBatchBySender.isEmpty()) {
      return this;
    }
    PoolDraft view = draft();
    view.lastBatchBySender = Map.of();
    return view.pool();
  }

  /**
   * Commands under one operation id from one sender, applied in order, with the entropy for any
   * draw they need and the time they are applied at, stamped once by the sender (a pool reads no
   * clock). {@code sequence} grows with each batch the sender sends.
   */
  public record Batch(String senderId, long sequence, String opId, Entropy entropy, List<PoolCommand> commands, Instant at)
      implements Serializable {
    public Batch {
      commands = List.copyOf(commands);
      Objects.requireNonNull(at, "a batch's time");
    }

    /** A batch for pools that read no time: every drop time is after it (tests). */
    public Batch(String senderId, long sequence, String opId, Entropy entropy, List<PoolCommand> commands) {
      this(senderId, sequence, opId, entropy, commands, Instant.EPOCH);
    }

    /** This batch with {@code commands} in place of its own. */
    public Batch withCommands(List<PoolCommand> commands) {
      return new Batch(senderId, sequence, opId, entropy, commands, at);
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
        if (BatchMemory.isWinOf(win, operatorId, roundId)) {
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

  /** A batch changes one draft of the pool, command by command, and makes one pool of it. */
  public Transition apply(Batch batch) {
    AppliedBatch done = lastBatchBySender.get(batch.senderId());
    Optional<AppliedBatch> again = done == null ? Optional.empty() : done.find(batch.opId());
    if (again.isPresent()) {
      return new Transition(this, again.get().outcomes());
    }
    PoolDraft next = draft();
    List<PoolOutcome> outcomes = new ArrayList<>(batch.commands().size());
    for (PoolCommand command : batch.commands()) {
      outcomes.add(apply(next, command, batch.entropy(), batch.at()));
    }
    var applied = new AppliedBatch(batch.opId(), next.opSeq, outcomes, done == null ? null : done.alone());
    next.lastBatchBySender = BatchMemory.remember(lastBatchBySender, batch.senderId(), applied);
    return new Transition(next.pool(), outcomes);
  }

  private static PoolOutcome apply(PoolDraft pool, PoolCommand command, Entropy entropy, Instant now) {
    if (command instanceof PoolCommand.Pause || command instanceof PoolCommand.Resume) {
      return OperatorCommands.changeStatus(pool, command);
    }
    if (command instanceof PoolCommand.ChangeTerms change) {
      return OperatorCommands.changeTerms(pool, change);
    }
    if (command instanceof PoolCommand.Discontinue d) {
      return OperatorCommands.discontinue(pool, d);
    }
    if (command instanceof PoolCommand.TransferIn t) {
      return OperatorCommands.receive(pool, t);
    }
    if (command instanceof PoolCommand.FlushOverflow f) {
      return OperatorCommands.flush(pool, f);
    }
    if (command instanceof Claim claim) {
      Optional<Win> earlier = pool.winOf(claim.operatorId(), claim.roundId());
      if (earlier.isPresent()) {
        return new Won(earlier.get(), true);
      }
    }
    if (pool.status != PoolStatus.ACTIVE) {
      return new Refused(command.roundId(), pool.status);
    }
    return command instanceof Contribute c ? contribute(pool, c, entropy, now) : claim(pool, (Claim) command, entropy, now);
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

  /**
   * Adds the share; then the pool's trigger may award it to this very contribution, unless the
   * round has won this pool already. {@code now} is the batch's time, which a drop time is reached by.
   */
  private static PoolOutcome contribute(PoolDraft pool, Contribute c, Entropy entropy, Instant now) {
    PoolTerms terms = pool.terms;
    Money share = Money.share(c.stakeMicros(), terms.rate());
    Money toReserve = terms.reserveRatePpm() == 0 ? Money.ZERO : Money.share(c.stakeMicros(), new Rate(terms.reserveRatePpm()));
    // Above the ceiling the share overflows: into the reserve (it funds the next seed), or owed to
    // the overflow pool. Never lost.
    Money over = pool.aboveCeiling(share);
    Money toOverflow = terms.overflowTo() == null ? Money.ZERO : over;
    toReserve = terms.overflowTo() == null ? toReserve.plus(over) : toReserve;
    Money before = pool.amount;
    Money after = before.plus(share).minus(over);
    pool.amount = after;
    pool.reserve = pool.reserve.plus(toReserve);
    pool.owed = pool.owed.plus(toOverflow);
    long op = pool.nextOp().opSeq;
    Fired fired = Fired.by(terms, pool.mustHit, pool.mustDrop, after, c.stakeMicros(), op, entropy, now);
    // A round wins a pool at most once: if its claim got here first (a game may send the claim
    // before the round's buffered contribution), the share is added and the trigger pays nothing.
    // The claim is among the wins this pool remembers, or (older) the ledger told the contribution
    // of it. Asked only when the trigger fires, which is rare: the look-up stays off the common path.
    Win triggered = fired == null || c.wonBefore() || pool.winOf(c.operatorId(), c.roundId()).isPresent() ? null
        : Reseed.award(pool, c.roundId(), c.playerId(), c.gameId(), c.operatorId(), fired.dated(c.at(), now), fired.how(), fired.pays(),
            entropy, now);
    if (triggered != null) {
      Reseed.afterWin(pool, triggered);
    }
    return new Contributed(c.roundId(), op, c.stakeMicros(), after.minus(before), toReserve, toOverflow, after, triggered);
  }

  /** A claim pays the whole micro-units (never more than a must-hit pool's hit point). */
  private static PoolOutcome claim(PoolDraft pool, Claim c, Entropy entropy, Instant now) {
    Money paid = pool.amount.wholeMicros();
    if (pool.mustHit != null && paid.compareTo(Money.ofMicros(pool.mustHit.hitMicros())) > 0) {
      paid = Money.ofMicros(pool.mustHit.hitMicros());
    }
    Win win = Reseed.award(pool, c.roundId(), c.playerId(), c.gameId(), c.operatorId(), c.at(), Trigger.Kind.CLAIM, paid, entropy, now);
    Reseed.afterWin(pool, win);
    return new Won(win, false);
  }

  /**
   * One operator's round's win of this pool (round ids are each operator's own): among the recent
   * wins, else among the remembered batches. Those hold every win not yet recorded, however many
   * wins came after it; a win already recorded is found by the ledger look-up made before.
   */
  public Optional<Win> winOf(String operatorId, String roundId) {
    return BatchMemory.winOf(recentWins, lastBatchBySender, operatorId, roundId);
  }

  public Optional<Win> lastWin() {
    return recentWins.isEmpty() ? Optional.empty() : Optional.of(recentWins.get(recentWins.size() - 1));
  }
}
