package io.jackpot.award;

import io.jackpot.contribution.RoundClaims;
import io.jackpot.error.ErrorCode;
import io.jackpot.error.Failures;
import io.jackpot.error.OverloadedException;
import io.jackpot.error.Rejection.Kind;
import io.jackpot.error.Rejection;
import io.jackpot.game.Caller;
import io.jackpot.pool.Win;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Plays the claims of one round on one jackpot one try at a time: on this member, and across the
 * cluster under the round's jackpot-game claim ({@link RoundClaims#jackpotGameKey}).
 */
final class RoundTries {
  private static final Logger log = LoggerFactory.getLogger(RoundTries.class);
  private final RoundClaims roundClaims;
  /** The claims of a round on a jackpot being played on this member, by round key. */
  private final ConcurrentHashMap<String, CompletableFuture<Void>> localTries = new ConcurrentHashMap<>();

  RoundTries(RoundClaims roundClaims) {
    this.roundClaims = roundClaims;
  }

  /**
   * Plays a round's claim of a jackpot while no other claim of that round and jackpot is played in
   * the cluster. Otherwise two members could each pay a tier: a pool knows only its own wins. The
   * try holds the round's claim and reads the ledger and pools under it, so it finds an earlier win.
   * A try that finds the claim held gets {@code whileHeld}: that win, or 409 ROUND_IN_PROGRESS.
   * The claim is released before the answer, unless the step was refused with its note standing:
   * then ClaimKeeper keeps it while the note is in the journal.
   */
  CompletionStage<Win> oneAtATime(Caller caller, ClaimRequest request, Supplier<CompletionStage<Win>> game,
      Supplier<CompletionStage<Win>> whileHeld) {
    String key = RoundClaims.jackpotGameKey(request.jackpotId(), caller.operatorId(), request.roundId());
    // A try of the same round on this member: played again once it is over, so that a claim sent
    // several times at once gets the first try's win rather than ROUND_IN_PROGRESS.
    CompletableFuture<Void> mine = new CompletableFuture<>();
    CompletableFuture<Void> running = localTries.putIfAbsent(key, mine);
    if (running != null) {
      return running.thenCompose(over -> oneAtATime(caller, request, game, whileHeld));
    }
    CompletionStage<Win> tried = Failures.attempt(() -> clusterWide(key, request, game, whileHeld));
    return tried.whenComplete((win, error) -> {
      localTries.remove(key, mine);
      mine.complete(null);
    });
  }

  private CompletionStage<Win> clusterWide(String key, ClaimRequest request, Supplier<CompletionStage<Win>> game,
      Supplier<CompletionStage<Win>> whileHeld) {
    Map<String, String> claim = Map.of(key, request.gameId() + "\u0000" + request.playerId());
    String token = UUID.randomUUID().toString();
    return roundClaims.claim(claim, token).thenCompose(claimed -> {
      if (claimed.get(key) != RoundClaims.Claim.NEW) {
        return whileHeld.get();
      }
      CompletionStage<Win> played = Failures.attempt(game);
      return played.handle((win, error) -> error).thenCompose(error -> {
        if (error != null && OverloadedException.leftNoteStanding(error)) {
          return CompletableFuture.<Void>completedFuture(null); // its win may still be applied: no other try may draw meanwhile
        }
        return Failures.attempt(() -> roundClaims.release(claim, token)).exceptionally(e -> {
          log.warn("could not release the jackpot-game claim of round {} at once (tried again in the background, else it lapses"
              + " by its TTL): {}", request.roundId(), e.toString());
          return null;
        });
      }).thenCompose(released -> played);
    });
  }

  /** The answer to a try that finds another try of its round holding the claim, with no win to give yet. */
  static Rejection inProgress(ClaimRequest request) {
    return new Rejection(Kind.CONFLICT, ErrorCode.ROUND_IN_PROGRESS, "round " + request.roundId() + " is claiming a tier of "
        + request.jackpotId() + " in another claim of it; send the claim again shortly to get that claim's outcome");
  }
}
