package io.jackpot.pool;

import io.jackpot.money.Money;
import io.jackpot.pool.PoolCommand.Claim;
import io.jackpot.pool.PoolCommand.Contribute;
import io.jackpot.pool.PoolOutcome.Contributed;
import io.jackpot.pool.PoolOutcome.Refused;
import io.jackpot.pool.PoolOutcome.Won;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
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
 * @param recentBatches the last applied batches, so a batch retried by the cluster applies once
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
    List<AppliedBatch> recentBatches)
    implements Serializable {

  public static final int RECENT_WINS = 32;
  public static final int RECENT_BATCHES = 4;

  public Pool {
    recentWins = List.copyOf(recentWins);
    recentBatches = List.copyOf(recentBatches);
  }

  /** A new pool at its seed; operation 0 is its creation. */
  public static Pool created(PoolId id, PoolTerms terms) {
    return new Pool(id, PoolStatus.ACTIVE, terms, Money.ofMicros(terms.seedMicros()),
        terms.seedMicros(), 0, 0, List.of(), List.of());
  }

  /** A batch of commands under one operation id, applied in order, all or nothing. */
  public record Batch(String opId, List<PoolCommand> commands) implements Serializable {
    public Batch {
      commands = List.copyOf(commands);
    }
  }

  /** The outcomes of a batch, kept so that a retried batch returns them instead of reapplying. */
  public record AppliedBatch(String opId, List<PoolOutcome> outcomes) implements Serializable {
    public AppliedBatch {
      outcomes = List.copyOf(outcomes);
    }
  }

  /** The pool after a batch and what each command did. */
  public record Transition(Pool pool, List<PoolOutcome> outcomes) {}

  public Transition apply(Batch batch) {
    for (AppliedBatch done : recentBatches) {
      if (done.opId().equals(batch.opId())) {
        return new Transition(this, done.outcomes());
      }
    }
    Pool pool = this;
    List<PoolOutcome> outcomes = new ArrayList<>(batch.commands().size());
    for (PoolCommand command : batch.commands()) {
      Transition t = pool.apply(command);
      pool = t.pool();
      outcomes.add(t.outcomes().get(0));
    }
    return new Transition(pool.remember(new AppliedBatch(batch.opId(), outcomes)), outcomes);
  }

  Transition apply(PoolCommand command) {
    if (command instanceof Claim claim) {
      Optional<Win> earlier = winOf(claim.roundId());
      if (earlier.isPresent()) {
        return new Transition(this, List.of(new Won(earlier.get(), null, true)));
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
    Win win = new Win(Win.idFor(id, sequence), id, sequence, op, c.roundId(), c.playerId(), c.gameId(),
        c.operatorId(), amount.wholeMicros(), cycleSeedMicros, c.at());
    long seed = terms.seedMicros();
    Money reset = Money.ofMicros(seed).plus(amount.subMicroPart());
    List<Win> wins = new ArrayList<>(recentWins);
    wins.add(win);
    if (wins.size() > RECENT_WINS) {
      wins.remove(0);
    }
    return new Transition(withAmount(reset, seed, op, sequence, wins), List.of(new Won(win, reset, false)));
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
    return new Pool(id, status, terms, newAmount, seed, newOpSeq, newWinSeq, wins, recentBatches);
  }

  private Pool remember(AppliedBatch batch) {
    List<AppliedBatch> batches = new ArrayList<>(recentBatches);
    batches.add(batch);
    if (batches.size() > RECENT_BATCHES) {
      batches.remove(0);
    }
    return new Pool(id, status, terms, amount, cycleSeedMicros, opSeq, winSeq, recentWins, batches);
  }
}
