package io.jackpot.contribution;

import io.jackpot.catalogue.Catalogue;
import io.jackpot.contribution.RoundClaims.Claim;
import io.jackpot.error.OverloadedException;
import io.jackpot.fx.FxHolder;
import io.jackpot.game.Caller;
import io.jackpot.ledger.RecordedRound;
import io.jackpot.ledger.RoundHistory;
import io.jackpot.plan.ContributionItem;
import io.jackpot.plan.ContributionPlanner;
import io.jackpot.plan.ContributionResult;
import io.jackpot.pool.PoolId;
import io.jackpot.sequencer.Sequencer;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;

/**
 * Takes a game's batch of contributions: checks each, makes sure each round (an operator's round
 * id) is applied at most once (claims for rounds in flight, the ledger for rounds already recorded), has the new ones
 * applied and recorded by the sequencer, and answers one result per item in request order.
 */
public final class ContributionService {
  private final ContributionPlanner planner;
  private final BatchClaims claims;
  private final RoundHistory ledger;
  private final Settlement settlement;

  public ContributionService(Catalogue catalogue, FxHolder fx, RoundClaims claims, RoundHistory ledger,
      Sequencer sequencer, Clock clock) {
    this.planner = new ContributionPlanner(catalogue, fx);
    this.claims = new BatchClaims(claims);
    this.ledger = ledger;
    this.settlement = new Settlement(sequencer, clock);
  }

  /**
   * One result per item, in order: an item that is malformed or cannot feed any pool is answered
   * REJECTED on its own. A batch refused whole for load fails with {@link OverloadedException}.
   */
  public CompletionStage<List<ContributionResult>> contribute(Caller caller, List<? extends ContributionItem> items) {
    Batch batch = new Batch(caller, items);
    batch.plan(planner);
    return run(batch);
  }

  /**
   * On any failure before a round reaches the sequencer its claim is released, so a retry is not
   * told ROUND_IN_PROGRESS for a round that never ran.
   */
  private CompletionStage<List<ContributionResult>> run(Batch batch) {
    Map<String, String> claiming = batch.toClaim();
    return claims.claim(batch, claiming)
        .thenCompose(byKey -> lookUpAndSettle(batch, BatchClaims.taken(batch, claiming, byKey)))
        .handle((v, error) -> {
          if (error != null) {
            claims.releaseAfterFailure(batch, claiming);
            throw error instanceof CompletionException ce ? ce : new CompletionException(error);
          }
          claims.release(batch);
          return batch.answers();
        });
  }

  /**
   * Every round is looked up, those another request holds with other content too: one recorded
   * with this very content is a DUPLICATE, whatever a conflicting request is doing. And the pools
   * each has won already, at the same time: a claim may have come first.
   */
  private CompletionStage<Void> lookUpAndSettle(Batch batch, Map<String, Claim> claimed) {
    List<String> ids = new ArrayList<>(claimed.keySet());
    String operator = batch.caller.operatorId();
    CompletableFuture<Map<String, RecordedRound>> recorded = ledger.findRounds(operator, ids).toCompletableFuture();
    CompletableFuture<Map<String, Set<PoolId>>> won = ledger.findWonPools(operator, ids).toCompletableFuture();
    return recorded.thenCombine(won, (rounds, wonPools) -> settlement.settle(batch, claimed, rounds, wonPools))
        .thenCompose(settled -> settled);
  }
}
