package io.jackpot.contribution;

import io.jackpot.contribution.RoundClaims.Claim;
import io.jackpot.error.Failures;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletionStage;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The round-claim step of a batch: claims its rounds so each is applied at most once, and releases
 * afterwards those it holds that did not reach the sequencer.
 */
final class BatchClaims {
  private static final Logger log = LoggerFactory.getLogger(ContributionService.class); // the name its log lines always had
  private final RoundClaims claims;

  BatchClaims(RoundClaims claims) {
    this.claims = claims;
  }

  /**
   * Claims {@code claiming} ({@link Batch#toClaim}), answering what each found by claim key. A call
   * refused before it was sent fails like a failed one: earlier buckets' may have claimed.
   */
  CompletionStage<Map<String, Claim>> claim(Batch batch, Map<String, String> claiming) {
    return Failures.attempt(() -> claims.claim(claimKeys(batch, claiming), batch.token));
  }

  /** What {@link #claim} found, by round id; the batch holds those it newly claimed from then on. */
  static Map<String, Claim> taken(Batch batch, Map<String, String> claiming, Map<String, Claim> claimedByKey) {
    Map<String, Claim> claimed = new HashMap<>(claimedByKey.size() * 2);
    claimedByKey.forEach((key, c) -> claimed.put(key.substring(batch.claimPrefix.length()), c));
    claimed.forEach((id, c) -> {
      if (c == Claim.NEW) {
        batch.held.put(id, claiming.get(id));
      }
    });
    return claimed;
  }

  /**
   * After a failure every round asked for goes, as far as this request holds it (a release leaves
   * other requests' claims alone): a claim call that failed may have claimed some of them all the
   * same (one bucket answered and another did not, or a member died after claiming). Only rounds
   * already in the sequencer keep their claims (kept standing until recorded).
   */
  void releaseAfterFailure(Batch batch, Map<String, String> claiming) {
    batch.held.putAll(claiming);
    batch.submitted.forEach(batch.held::remove);
    release(batch);
  }

  /**
   * Best effort: a claim left behind only delays a retry until it expires (RetriedReleases tries
   * again first). A release refused before it was sent is logged like one that failed, never
   * thrown: by now the rounds are answered, and the request's answer must say what became of them.
   */
  void release(Batch batch) {
    if (batch.held.isEmpty()) {
      return;
    }
    Map<String, String> release = claimKeys(batch, batch.held);
    Failures.attempt(() -> claims.release(release, batch.token)).whenComplete((v, e) -> {
      if (e != null) {
        log.warn("could not release {} round claims at once (tried again in the background, else they lapse by their TTL): {}",
            release.size(), e.toString());
      }
    });
  }

  /** The rounds keyed as they are claimed: under their operator and id ({@link RoundClaims#key}). */
  private static Map<String, String> claimKeys(Batch batch, Map<String, String> fingerprintByRound) {
    Map<String, String> keyed = new LinkedHashMap<>(fingerprintByRound.size() * 2);
    fingerprintByRound.forEach((id, fingerprint) -> keyed.put(batch.claimPrefix + id, fingerprint));
    return keyed;
  }
}
