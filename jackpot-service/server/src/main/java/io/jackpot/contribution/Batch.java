package io.jackpot.contribution;

import io.jackpot.error.ErrorCode;
import io.jackpot.error.OverloadedException;
import io.jackpot.game.Caller;
import io.jackpot.plan.ContributionItem;
import io.jackpot.plan.ContributionPlanner.Plan;
import io.jackpot.plan.ContributionPlanner;
import io.jackpot.plan.ContributionRequest;
import io.jackpot.plan.ContributionResult;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The working state of one request, and its intake: each item checked against the plan and sorted
 * into rounds to feed, copies, conflicts and refusals. Index i always refers to items.get(i).
 */
final class Batch {
  final Caller caller;
  final List<? extends ContributionItem> items;
  final ContributionResult[] results;
  final Map<Integer, Plan.Feed> feeds = new LinkedHashMap<>();
  private final Map<Integer, Integer> copies = new HashMap<>();
  /**
   * Items repeating an earlier item's round id with other content, by index, with their own
   * fingerprint: answered once the ledger was read (the round may be recorded with theirs).
   */
  final Map<Integer, String> otherContent = new HashMap<>();
  final Map<String, String> fingerprints = new LinkedHashMap<>();
  private final Map<String, Integer> firstIndex = new HashMap<>();
  /**
   * Well-formed items the planner refused (the game unlinked from its jackpots, a rate withdrawn
   * since they were first sent…), by index, with their fingerprint: such a round may be recorded
   * already, sent before the change, so it is looked up like the others and answered as its
   * DUPLICATE if so. Not those of a game the key does not speak for: it may not read them.
   */
  final Map<Integer, String> refused = new LinkedHashMap<>();
  /** The refused rounds no item of this request feeds, claimed and looked up only (never applied). */
  final Map<String, String> lookedUpOnly = new LinkedHashMap<>();
  final String token = UUID.randomUUID().toString();
  /** Claims this request took and has not released yet. */
  final Map<String, String> held = new ConcurrentHashMap<>();
  /** What every round of this request is claimed under before its id ({@link RoundClaims#key}). */
  final String claimPrefix;
  /** Rounds handed to the sequencer: their claims must outlive their commit. */
  final Set<String> submitted = ConcurrentHashMap.newKeySet();

  Batch(Caller caller, List<? extends ContributionItem> items) {
    this.caller = caller;
    this.claimPrefix = RoundClaims.key(caller.operatorId(), "");
    this.items = items;
    this.results = new ContributionResult[items.size()];
  }

  String roundId(int i) {
    return ((ContributionRequest) items.get(i)).roundId();
  }

  void plan(ContributionPlanner planner) {
    for (int i = 0; i < items.size(); i++) {
      if (!(items.get(i) instanceof ContributionRequest r)) {
        ContributionItem.Malformed bad = (ContributionItem.Malformed) items.get(i);
        results[i] = ContributionResult.rejected(bad.roundId(), bad.code(), bad.message());
        continue;
      }
      Plan plan = planner.plan(caller, r);
      String fingerprint = Fingerprint.of(caller.operatorId(), r);
      if (plan instanceof Plan.Reject reject) {
        refuse(i, r, reject, fingerprint);
      } else {
        take(i, r, (Plan.Feed) plan, fingerprint);
      }
    }
    refused.forEach((i, fingerprint) -> {
      String roundId = roundId(i);
      if (!fingerprints.containsKey(roundId)) {
        lookedUpOnly.putIfAbsent(roundId, fingerprint);
      }
    });
  }

  private void refuse(int i, ContributionRequest r, Plan.Reject reject, String fingerprint) {
    results[i] = ContributionResult.rejected(r.roundId(), reject.code(), "contributions[" + i + "]: " + reject.message());
    if (!ErrorCode.GAME_NOT_LINKED.equals(reject.code())) { // a key learns nothing of rounds of games it does not speak for
      refused.put(i, fingerprint);
    }
  }

  /** The first item of a round id feeds it; later ones are its copies, or conflicts if their content differs. */
  private void take(int i, ContributionRequest r, Plan.Feed feed, String fingerprint) {
    Integer first = firstIndex.putIfAbsent(r.roundId(), i);
    if (first == null) {
      fingerprints.put(r.roundId(), fingerprint);
      feeds.put(i, feed);
    } else if (fingerprint.equals(fingerprints.get(r.roundId()))) {
      copies.put(i, first);
    } else {
      otherContent.put(i, fingerprint);
    }
  }

  /** Every round this request claims: those it feeds, then those it only looks up. */
  Map<String, String> toClaim() {
    if (lookedUpOnly.isEmpty()) {
      return fingerprints;
    }
    Map<String, String> all = new LinkedHashMap<>(fingerprints);
    all.putAll(lookedUpOnly);
    return all;
  }

  /** A batch refused whole for load is a 503 (Retry-After), not a 200 full of refusals. */
  List<ContributionResult> answers() {
    copies.forEach((i, first) -> results[i] = results[first].asDuplicate());
    if (Arrays.stream(results).allMatch(r -> ErrorCode.OVERLOADED.equals(r.errorCode()))) {
      throw new OverloadedException(results[0].errorMessage());
    }
    return List.of(results);
  }
}
