package io.jackpot.contribution;

import io.jackpot.pool.PoolCommand;
import io.jackpot.sequencer.StepJournal;
import io.jackpot.sequencer.StepNote;
import io.jackpot.sequencer.Submission;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps standing the round claims of every step in the journal (and their jackpot-game claims).
 * A journalled step may be in the pools and not yet in the ledger (the ledger refusing commits, a
 * departed member's steps waiting). If its claim lapsed, a game's retry elsewhere would apply the
 * round a second time.
 *
 * <p>Runs on the oldest member every quarter of the TTL. A note is written within half the TTL of
 * its queueing or never, so each claim is kept at least once before it could lapse.
 */
public final class ClaimKeeper {
  private static final Logger log = LoggerFactory.getLogger(ClaimKeeper.class);
  private final StepJournal journal;
  private final RoundClaims claims;
  private final Clock clock;
  private final long ttlMillis;
  /** The steps seen by the previous run: one seen again has waited at least an interval. */
  private volatile Set<String> seen = Set.of();

  public ClaimKeeper(StepJournal journal, RoundClaims claims, Clock clock, long ttlMillis) {
    this.journal = journal;
    this.claims = claims;
    this.clock = clock;
    this.ttlMillis = ttlMillis;
  }

  /** How often {@link #keep} must run: a quarter of the TTL, never more often than once a second. */
  public long intervalMillis() {
    return Math.max(1_000, ttlMillis / 4);
  }

  /** Keeps the claims of the rounds of every step in the journal standing for a TTL from now; answers how many rounds. */
  public CompletionStage<Integer> keep() {
    long until = clock.millis() + ttlMillis;
    return journal.senders().thenCompose(senders -> {
      List<StepNote> notes = new ArrayList<>();
      CompletionStage<Void> read = CompletableFuture.completedFuture(null);
      for (String sender : senders) {
        read = read.thenCompose(v -> journal.stepsOf(sender).thenAccept(notes::addAll));
      }
      return read.thenCompose(v -> keep(notes, until));
    });
  }

  private CompletionStage<Integer> keep(List<StepNote> notes, long until) {
    List<String> rounds = new ArrayList<>();
    Set<String> steps = new HashSet<>();
    int waiting = 0;
    for (StepNote note : notes) {
      steps.add(note.key());
      int before = rounds.size();
      for (StepNote.Asked asked : note.submissions()) {
        if (asked.round() != null) {
          rounds.add(RoundClaims.key(asked.round().operatorId(), asked.round().roundId()));
        }
        // A claim's step may be a jackpot game's, whose claim (AwardService) must stand as long;
        // keeping the claim of one that is not held (a claim of a named pool) does nothing.
        for (Submission.Target t : asked.targets()) {
          if (t.command() instanceof PoolCommand.Claim c) {
            rounds.add(RoundClaims.jackpotGameKey(t.pool().jackpotId(), c.operatorId(), c.roundId()));
          }
        }
      }
      if (seen.contains(note.key())) {
        waiting += rounds.size() - before;
      }
    }
    seen = steps;
    if (rounds.isEmpty()) {
      return CompletableFuture.completedFuture(0);
    }
    int stuck = waiting;
    return claims.keep(rounds, until).thenApply(v -> {
      if (stuck > 0) {
        log.warn("kept standing the claims of {} rounds applied and not yet recorded ({} of them waiting longer than {} s; "
            + "the ledger is not taking commits, or a departed member's steps are not finished yet)",
            rounds.size(), stuck, intervalMillis() / 1000);
      }
      return rounds.size();
    });
  }
}
