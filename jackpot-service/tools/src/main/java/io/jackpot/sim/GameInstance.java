package io.jackpot.sim;

import io.jackpot.sdk.Contribution;
import io.jackpot.sdk.GameNumbers;
import io.jackpot.sdk.JackpotContributor;
import io.jackpot.sdk.RoundResult;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.ObjIntConsumer;

/** One simulated game instance of a load run: plays rounds through its own SDK client, at most {@code inFlight} unanswered. */
final class GameInstance {
  private static final CompletionStage<Void> DONE = CompletableFuture.completedFuture(null);

  private final JackpotContributor sdk;
  private final GameModel game;
  private final GameNumbers numbers;
  private final SplittableRandom random;
  private final int inFlight;
  private final Semaphore window;
  private final Tally tally;
  private final ObjIntConsumer<String> onAcknowledged;

  GameInstance(JackpotContributor sdk, GameModel game, GameNumbers numbers, SplittableRandom random, int inFlight, Tally tally,
      ObjIntConsumer<String> onAcknowledged) {
    this.sdk = sdk;
    this.game = game;
    this.numbers = numbers;
    this.random = random;
    this.inFlight = inFlight;
    this.window = new Semaphore(inFlight);
    this.tally = tally;
    this.onAcknowledged = onAcknowledged;
  }

  /** Plays until {@code stop} or the shared {@code budget} runs out, then waits for every round's answer. */
  void play(AtomicBoolean stop, AtomicLong budget) {
    try {
      while (!stop.get() && budget.getAndDecrement() > 0) {
        window.acquire();
        playOne();
      }
      window.acquire(inFlight);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private void playOne() {
    SimRound round = game.next(random);
    String roundId = numbers.next();
    String player = "lg-player-" + random.nextInt(1000);
    Contribution c = round.contribution(roundId, player);
    tally.started.increment();
    long sent = System.nanoTime();
    try {
      sdk.contribute(c).whenComplete((result, error) -> {
        if (error == null && result.status() != RoundResult.Status.REJECTED) {
          tally.latency.record(System.nanoTime() - sent); // of acknowledged rounds only
        }
        // A claiming round holds its window place until the claim is answered, so no claim is in
        // flight when the run ends and the ledger is checked.
        CompletionStage<?> settled;
        try {
          settled = count(round, roundId, player, result, error);
        } catch (RuntimeException e) {
          window.release();
          throw e;
        }
        settled.whenComplete((x, y) -> window.release());
      });
    } catch (RuntimeException e) {
      window.release();
      tally.failed.increment();
    }
  }

  /** Counts the round's answer; sends its game's claim if it has one. Completes when nothing of the round is left in flight. */
  private CompletionStage<?> count(SimRound round, String roundId, String player, RoundResult result, Throwable error) {
    if (error != null) {
      tally.failed.increment();
      return DONE;
    }
    if (result.status() == RoundResult.Status.REJECTED) {
      tally.refused.increment();
      return DONE;
    }
    tally.acknowledged.increment();
    tally.acknowledgedShares.add(result.shares().size());
    onAcknowledged.accept(roundId, result.shares().size());
    tally.wins.add(result.triggers().size());
    return Claims.claimsAfter(round, result) ? claim(round, roundId, player, result) : DONE;
  }

  /**
   * Claims as a game does, by the round's own player: a claim of a pool the round already won is
   * answered with that trigger's win, which only its player may claim.
   */
  private CompletionStage<?> claim(SimRound round, String roundId, String player, RoundResult result) {
    tally.claims.increment();
    try {
      return sdk.claim(roundId, player, round.claimJackpot(), round.claimPoolKey(), "EUR").whenComplete((w, e) -> {
        if (e != null) {
          tally.claimFailed(roundId, round, e);
        } else if (!Claims.triggered(result, w)) {
          tally.wins.increment(); // a trigger's win is counted already
        }
      });
    } catch (RuntimeException e) {
      tally.claimFailed(roundId, round, e);
      return DONE;
    }
  }
}
