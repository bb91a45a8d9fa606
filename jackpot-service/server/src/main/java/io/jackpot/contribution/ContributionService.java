package io.jackpot.contribution;

import io.jackpot.error.ErrorCode;
import io.jackpot.catalogue.Catalogue;
import io.jackpot.contribution.RoundClaims.Claim;
import io.jackpot.error.Failures;
import io.jackpot.error.OverloadedException;
import io.jackpot.fx.FxHolder;
import io.jackpot.game.Caller;
import io.jackpot.ledger.RecordedRound;
import io.jackpot.ledger.RoundHistory;
import io.jackpot.ledger.RoundRecord;
import io.jackpot.plan.ContributionItem;
import io.jackpot.plan.ContributionPlanner.Plan;
import io.jackpot.plan.ContributionPlanner;
import io.jackpot.plan.ContributionRequest;
import io.jackpot.plan.ContributionResult;
import io.jackpot.pool.PoolId;
import io.jackpot.sequencer.Sequencer;
import java.time.Clock;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Takes a game's batch of contributions: checks each, makes sure each round (an operator's round
 * id) is applied at most once (claims for rounds in flight, the ledger for rounds already recorded), has the new ones
 * applied and recorded by the sequencer, and answers one result per item in request order.
 */
public final class ContributionService {
  private static final Logger log = LoggerFactory.getLogger(ContributionService.class);
  private final ContributionPlanner planner;
  private final RoundClaims claims;
  private final RoundHistory ledger;
  private final Sequencer sequencer;
  private final Clock clock;

  public ContributionService(Catalogue catalogue, FxHolder fx, RoundClaims claims, RoundHistory ledger,
      Sequencer sequencer, Clock clock) {
    this.planner = new ContributionPlanner(catalogue, fx);
    this.claims = claims;
    this.ledger = ledger;
    this.sequencer = sequencer;
    this.clock = clock;
  }

  /**
   * One result per item, in order: an item that is malformed or cannot feed any pool is answered
   * REJECTED on its own. A batch refused whole for load fails with {@link OverloadedException}.
   */
  public CompletionStage<List<ContributionResult>> contribute(Caller caller, List<? extends ContributionItem> items) {
    Batch batch = new Batch(caller, items);
    batch.plan();
    return batch.run();
  }

  /** The working state of one request. Index i always refers to items.get(i). */
  private final class Batch {
    private final Caller caller;
    private final List<? extends ContributionItem> items;
    private final ContributionResult[] results;
    private final Map<Integer, Plan.Feed> feeds = new LinkedHashMap<>();
    private final Map<Integer, Integer> copies = new HashMap<>();
    /**
     * Items repeating an earlier item's round id with other content, by index, with their own
     * fingerprint: answered once the ledger was read (the round may be recorded with theirs).
     */
    private final Map<Integer, String> otherContent = new HashMap<>();
    private final Map<String, String> fingerprints = new LinkedHashMap<>();
    private final Map<String, Integer> firstIndex = new HashMap<>();
    /**
     * Well-formed items the planner refused (the game unlinked from its jackpots, a rate withdrawn
     * since they were first sent…), by index, with their fingerprint: such a round may be recorded
     * already, sent before the change, so it is looked up like the others and answered as its
     * DUPLICATE if so. Not those of a game the key does not speak for: it may not read them.
     */
    private final Map<Integer, String> refused = new LinkedHashMap<>();
    /** The refused rounds no item of this request feeds, claimed and looked up only (never applied). */
    private final Map<String, String> lookedUpOnly = new LinkedHashMap<>();
    private final String token = UUID.randomUUID().toString();
    /** Claims this request took and has not released yet. */
    private final Map<String, String> held = new ConcurrentHashMap<>();
    /** What every round of this request is claimed under before its id ({@link RoundClaims#key}). */
    private final String claimPrefix;
    /** Rounds handed to the sequencer: their claims must outlive their commit. */
    private final Set<String> submitted = ConcurrentHashMap.newKeySet();

    Batch(Caller caller, List<? extends ContributionItem> items) {
      this.caller = caller;
      this.claimPrefix = RoundClaims.key(caller.operatorId(), "");
      this.items = items;
      this.results = new ContributionResult[items.size()];
    }

    void plan() {
      for (int i = 0; i < items.size(); i++) {
        if (!(items.get(i) instanceof ContributionRequest r)) {
          ContributionItem.Malformed bad = (ContributionItem.Malformed) items.get(i);
          results[i] = ContributionResult.rejected(bad.roundId(), bad.code(), bad.message());
          continue;
        }
        Plan plan = planner.plan(caller, r);
        String fingerprint = Fingerprint.of(caller.operatorId(), r);
        if (plan instanceof Plan.Reject reject) {
          results[i] = ContributionResult.rejected(r.roundId(), reject.code(), "contributions[" + i + "]: " + reject.message());
          if (!ErrorCode.GAME_NOT_LINKED.equals(reject.code())) { // a key learns nothing of rounds of games it does not speak for
            refused.put(i, fingerprint);
          }
          continue;
        }
        Integer first = firstIndex.putIfAbsent(r.roundId(), i);
        if (first != null) {
          if (fingerprint.equals(fingerprints.get(r.roundId()))) {
            copies.put(i, first);
          } else {
            otherContent.put(i, fingerprint);
          }
          continue;
        }
        fingerprints.put(r.roundId(), fingerprint);
        feeds.put(i, (Plan.Feed) plan);
      }
      refused.forEach((i, fingerprint) -> {
        String roundId = ((ContributionRequest) items.get(i)).roundId();
        if (!fingerprints.containsKey(roundId)) {
          lookedUpOnly.putIfAbsent(roundId, fingerprint);
        }
      });
    }

    /** Every round this request claims: those it feeds, then those it only looks up. */
    private Map<String, String> toClaim() {
      if (lookedUpOnly.isEmpty()) {
        return fingerprints;
      }
      Map<String, String> all = new LinkedHashMap<>(fingerprints);
      all.putAll(lookedUpOnly);
      return all;
    }

    /**
     * On any failure before a round reaches the sequencer its claim is released, so a retry is not
     * told ROUND_IN_PROGRESS for a round that never ran.
     */
    CompletionStage<List<ContributionResult>> run() {
      // A call refused before it was sent fails like a failed one: earlier buckets' may have claimed.
      Map<String, String> claiming = toClaim();
      return Failures.attempt(() -> claims.claim(claimKeys(claiming), token))
          .thenCompose(claimedByKey -> {
            Map<String, Claim> claimed = new HashMap<>(claimedByKey.size() * 2);
            claimedByKey.forEach((key, c) -> claimed.put(roundOf(key), c));
            claimed.forEach((id, c) -> {
              if (c == Claim.NEW) {
                held.put(id, claiming.get(id));
              }
            });
            // Every round is looked up, those another request holds with other content too: one
            // recorded with this very content is a DUPLICATE, whatever a conflicting request is doing.
            // And the pools each has won already, at the same time: a claim may have come first.
            List<String> ids = new ArrayList<>(claimed.keySet());
            CompletableFuture<Map<String, RecordedRound>> recorded = ledger.findRounds(caller.operatorId(), ids).toCompletableFuture();
            CompletableFuture<Map<String, Set<PoolId>>> won =
                ledger.findWonPools(caller.operatorId(), ids).toCompletableFuture();
            return recorded.thenCombine(won, (rounds, wonPools) -> settle(claimed, rounds, wonPools)).thenCompose(settled -> settled);
          })
          .handle((v, error) -> {
            if (error != null) {
              // Every round asked for goes, as far as this request holds it (a release leaves other
              // requests' claims alone): a claim call that failed may have claimed some of them all
              // the same (one bucket answered and another did not, or a member died after claiming).
              // Only rounds already in the sequencer keep their claims (kept standing until recorded).
              held.putAll(claiming);
              submitted.forEach(held::remove);
            }
            releaseHeld();
            if (error != null) {
              throw error instanceof CompletionException ce ? ce : new CompletionException(error);
            }
            return finish();
          });
    }

    /**
     * Best effort: a claim left behind only delays a retry until it expires (RetriedReleases tries
     * again first). A release refused before it was sent is logged like one that failed, never
     * thrown: by now the rounds are answered, and the request's answer must say what became of them.
     */
    private void releaseHeld() {
      if (held.isEmpty()) {
        return;
      }
      Map<String, String> release = claimKeys(held);
      Failures.attempt(() -> claims.release(release, token)).whenComplete((v, e) -> {
        if (e != null) {
          notReleased(release.size(), e);
        }
      });
    }

    private static void notReleased(int claims, Throwable why) {
      log.warn("could not release {} round claims at once (tried again in the background, else they lapse by their TTL): {}", claims,
          why.toString());
    }

    /** The rounds keyed as they are claimed: under their operator and id ({@link RoundClaims#key}). */
    private Map<String, String> claimKeys(Map<String, String> fingerprintByRound) {
      Map<String, String> keyed = new LinkedHashMap<>(fingerprintByRound.size() * 2);
      fingerprintByRound.forEach((id, fingerprint) -> keyed.put(claimPrefix + id, fingerprint));
      return keyed;
    }

    private String roundOf(String claimKey) {
      return claimKey.substring(claimPrefix.length());
    }

    /**
     * Answers known rounds from the ledger and submits the new ones, each with the pools it has won
     * already ({@code wonPools}, by round id).
     */
    private CompletionStage<Void> settle(Map<String, Claim> claimed, Map<String, RecordedRound> recorded,
        Map<String, Set<PoolId>> wonPools) {
      List<CompletableFuture<Void>> pending = new ArrayList<>();
      for (Map.Entry<Integer, Plan.Feed> feed : feeds.entrySet()) {
        int i = feed.getKey();
        ContributionRequest r = (ContributionRequest) items.get(i);
        Claim claim = claimed.get(r.roundId());
        RecordedRound known = recorded.get(r.roundId());
        if (claim == Claim.NEW && known == null) {
          pending.add(submit(i, r, feed.getValue(), wonPools.getOrDefault(r.roundId(), Set.of())));
          continue;
        }
        results[i] = answerKnown(r.roundId(), claim, known);
      }
      // Never applied: the request's first item of the round id is. Recorded with this very
      // content (by an earlier request), it is that round's DUPLICATE, not a conflict a game could
      // take as refused and refund.
      otherContent.forEach((i, fingerprint) -> {
        String roundId = ((ContributionRequest) items.get(i)).roundId();
        RecordedRound known = recorded.get(roundId);
        results[i] = known == null ? conflict(roundId) : recordedOrConflict(roundId, fingerprint, known);
      });
      refused.forEach((i, fingerprint) -> {
        String roundId = ((ContributionRequest) items.get(i)).roundId();
        RecordedRound known = recorded.get(roundId);
        if (known != null && known.fingerprint().equals(fingerprint)) {
          results[i] = Outcomes.duplicateOf(known, known.triggers());
        } else if (known == null && fingerprint.equals(lookedUpOnly.get(roundId)) && claimed.get(roundId) == Claim.SAME) {
          // Sent before the change and still on its way: its outcome is the ledger's to tell, soon.
          results[i] = inProgress(roundId);
        }
      });
      return CompletableFuture.allOf(pending.toArray(CompletableFuture[]::new));
    }

    /** A recorded round asked for again: its DUPLICATE if recorded with this content ({@code fingerprint}), else a conflict. */
    private ContributionResult recordedOrConflict(String roundId, String fingerprint, RecordedRound known) {
      return known.fingerprint().equals(fingerprint) ? Outcomes.duplicateOf(known, known.triggers()) : conflict(roundId);
    }

    private ContributionResult answerKnown(String roundId, Claim claim, RecordedRound known) {
      if (known != null) {
        return recordedOrConflict(roundId, fingerprints.get(roundId), known);
      }
      if (claim == Claim.DIFFERENT) {
        return conflict(roundId);
      }
      return inProgress(roundId);
    }

    private ContributionResult inProgress(String roundId) {
      return ContributionResult.rejected(roundId, ErrorCode.ROUND_IN_PROGRESS,
          "round " + roundId + " is being applied by another request; retry to get its outcome");
    }

    /** Its claim is released afterwards either way: applied rounds are in the ledger, refused ones never ran. */
    private CompletableFuture<Void> submit(int i, ContributionRequest r, Plan.Feed feed, Set<PoolId> wonBefore) {
      List<PoolId> pools = feed.pools();
      RoundRecord record = new RoundRecord(r.roundId(), fingerprints.get(r.roundId()), r.gameId(),
          caller.operatorId(), r.playerId(), feed.stakeMicros(), r.currency(), r.coinValueMicros(),
          clock.instant().truncatedTo(ChronoUnit.MILLIS),
          feed.fxRatePpm() == null ? null : r.stakeMicros(), feed.fxRatePpm());
      submitted.add(r.roundId());
      return sequencer.submit(Outcomes.submission(record, pools, wonBefore)).toCompletableFuture()
          .handle((outcomes, error) -> {
            if (error != null && OverloadedException.leftNoteStanding(error)) {
              // Refused, but its step's note may stand: the cluster applies it, once, when this
              // member leaves. The claim stands until then (kept while the note is in the journal);
              // released, a game's retry elsewhere would apply the round a second time.
              held.remove(r.roundId());
            }
            results[i] = error == null
                ? Outcomes.applied(r.roundId(), pools, outcomes)
                : ContributionResult.rejected(r.roundId(), ErrorCode.OVERLOADED, error.getMessage());
            return null;
          });
    }

    /** A batch refused whole for load is a 503 (Retry-After), not a 200 full of refusals. */
    private List<ContributionResult> finish() {
      copies.forEach((i, first) -> results[i] = results[first].asDuplicate());
      if (Arrays.stream(results).allMatch(r -> ErrorCode.OVERLOADED.equals(r.errorCode()))) {
        throw new OverloadedException(results[0].errorMessage());
      }
      return List.of(results);
    }

    private ContributionResult conflict(String roundId) {
      return ContributionResult.rejected(roundId, ErrorCode.ROUND_ID_CONFLICT,
          "round " + roundId + " was already sent with other content");
    }
  }
}
