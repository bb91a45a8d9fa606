package io.jackpot.pool;

import io.jackpot.money.Money;
import io.jackpot.pool.PoolCommand.Claim;
import io.jackpot.pool.PoolCommand.Contribute;
import io.jackpot.pool.PoolOutcome.Contributed;
import io.jackpot.pool.PoolOutcome.Refused;
import io.jackpot.pool.PoolOutcome.Won;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The state of one pool and the only place it changes. {@link #apply} is a pure function: the
 * cluster runs it inside an atomic entry processor (and again on the backup), so it must stay
 * deterministic. Every operation gets the next {@code opSeq}; the ledger orders by it.
 *
 * @param amount the exact value, sub-micro part included
 * @param cycleSeedMicros the seed the pool was last (re)set to; {@code amount - seed} is what was
 *     contributed since
 * @param recentWins the last wins, newest last, so a repeated claim gets the same win
 * @param lastBatchBySender each sender's last applied batch: a sender (a member's sequencer) has at
 *     most one batch per pool in flight and re-sends only that one, so a retried batch is
 *     recognised exactly, however many batches other senders applied in between
 */
public record Pool(
    PoolId id,
    PoolStatus status,
    PoolTerms terms,
    Money amount,
    long cycleSeedMicros,
    long opSeq,
    long winSeq,
    List<Win> recentWins,
    Map<String, AppliedBatch> lastBatchBySender)
    implements Serializable {

  public static final int RECENT_WINS = 32;
  /** Senders remembered; members that left long ago are forgotten first. */
  public static final int SENDERS = 64;

  public Pool {
    recentWins = List.copyOf(recentWins);
    lastBatchBySender = Map.copyOf(lastBatchBySender);
  }

  /** A new pool at its seed; operation 0 is its creation. */
  public static Pool created(PoolId id, PoolTerms terms) {
    return new Pool(id, PoolStatus.ACTIVE, terms, Money.ofMicros(terms.seedMicros()),
        terms.seedMicros(), 0, 0, List.of(), Map.of());
  }

  /** The same pool without its batch memory: what readers need, small to copy. */
  public Pool view() {
    return lastBatchBySender.isEmpty() ? this
        : new Pool(id, status, terms, amount, cycleSeedMicros, opSeq, winSeq, recentWins, Map.of());
  }

  /**
   * Commands under one operation id from one sender, applied in order. {@code sequence} grows with
   * each batch the sender sends, which orders the sender's memory.
   */
  public record Batch(String senderId, long sequence, String opId, List<PoolCommand> commands) implements Serializable {
    public Batch {
      commands = List.copyOf(commands);
    }
  }

  /** The outcomes of a batch, kept so that a retried batch returns them instead of reapplying. */
  public record AppliedBatch(String opId, long sequence, List<PoolOutcome> outcomes) implements Serializable {
    public AppliedBatch {
      outcomes = List.copyOf(outcomes);
    }
  }

  /** The pool after a batch and what each command did. */
  public record Transition(Pool pool, List<PoolOutcome> outcomes) {}

  public Transition apply(Batch batch) {
    AppliedBatch done = lastBatchBySender.get(batch.senderId());
    if (done != null && done.opId().equals(batch.opId())) {
      return new Transition(this, done.outcomes());
    }
    Pool pool = this;
    List<PoolOutcome> outcomes = new ArrayList<>(batch.commands().size());
    for (PoolCommand command : batch.commands()) {
      Transition t = pool.apply(command);
      pool = t.pool();
      outcomes.add(t.outcomes().get(0));
    }
    return new Transition(pool.remember(batch.senderId(), new AppliedBatch(batch.opId(), batch.sequence(), outcomes)), outcomes);
  }

  Transition apply(PoolCommand command) {
    if (command instanceof Claim claim) {
      Optional<Win> earlier = winOf(claim.roundId());
      if (earlier.isPresent()) {
        return new Transition(this, List.of(new Won(earlier.get(), true)));
      }
    }
    if (status != PoolStatus.ACTIVE) {
      return new Transition(this, List.of(new Refused(command.roundId(), status)));
    }
    return command instanceof Contribute c ? contribute(c) : award((Claim) command);
  }

  private Transition contribute(Contribute c) {
    Money share = Money.share(c.stakeMicros(), terms.rate());
    Money after = amount.plus(share);
    Pool next = withAmount(after, cycleSeedMicros, opSeq + 1, winSeq, recentWins);
    return new Transition(next, List.of(new Contributed(c.roundId(), next.opSeq, c.stakeMicros(), share, after)));
  }

  /** Pays the whole micro-units; the sub-micro rest is carried into the next cycle on top of the seed. */
  private Transition award(Claim c) {
    long sequence = winSeq + 1;
    long op = opSeq + 1;
    long seed = terms.seedMicros();
    Money reset = Money.ofMicros(seed).plus(amount.subMicroPart());
    Win win = new Win(Win.idFor(id, sequence), id, sequence, op, c.roundId(), c.playerId(), c.gameId(),
        c.operatorId(), amount.wholeMicros(), cycleSeedMicros, c.at(), reset);
    List<Win> wins = new ArrayList<>(recentWins);
    wins.add(win);
    if (wins.size() > RECENT_WINS) {
      wins.remove(0);
    }
    return new Transition(withAmount(reset, seed, op, sequence, wins), List.of(new Won(win, false)));
  }

  public Optional<Win> winOf(String roundId) {
    for (int i = recentWins.size() - 1; i >= 0; i--) {
      if (recentWins.get(i).roundId().equals(roundId)) {
        return Optional.of(recentWins.get(i));
      }
    }
    return Optional.empty();
  }

  public Optional<Win> lastWin() {
    return recentWins.isEmpty() ? Optional.empty() : Optional.of(recentWins.get(recentWins.size() - 1));
  }

  private Pool withAmount(Money newAmount, long seed, long newOpSeq, long newWinSeq, List<Win> wins) {
    return new Pool(id, status, terms, newAmount, seed, newOpSeq, newWinSeq, wins, lastBatchBySender);
  }

  private Pool remember(String sender, AppliedBatch batch) {
    Map<String, AppliedBatch> memory = new HashMap<>(lastBatchBySender);
    memory.put(sender, batch);
    if (memory.size() > SENDERS) {
      String oldest = memory.entrySet().stream().min(Map.Entry.comparingByValue(
          java.util.Comparator.comparingLong(AppliedBatch::sequence))).orElseThrow().getKey();
      memory.remove(oldest);
    }
    return new Pool(id, status, terms, amount, cycleSeedMicros, opSeq, winSeq, recentWins, memory);
  }
}
