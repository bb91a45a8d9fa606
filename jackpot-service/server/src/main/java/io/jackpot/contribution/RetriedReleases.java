package io.jackpot.contribution;

import io.jackpot.error.Failures;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.RejectedExecutionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Round claims whose failed release is tried again in the background after a few pauses. A claim
 * left standing answers its round's retries {@code ROUND_IN_PROGRESS} until its TTL (10 minutes by
 * default), often for one brief failure of the cluster.
 *
 * <p>{@link #release} answers as its first try does; this class logs how the later tries end.
 * A retry is safe: it releases only its own token's claims, and only for rounds recorded or never
 * applied. The pauses stay well under the shortest TTL (60 s). A stopping member drops its tries;
 * its claims then count as absent (ClaimHolders) or lapse. Thread-safe.
 */
public final class RetriedReleases implements RoundClaims {
  private static final Logger log = LoggerFactory.getLogger(RetriedReleases.class);

  /** The service's pauses before the second, third, fourth and fifth tries: about 16 s in all. */
  public static final List<Duration> PAUSES = List.of(Duration.ofMillis(250), Duration.ofSeconds(1), Duration.ofSeconds(3),
      Duration.ofSeconds(12));

  /**
   * Runs a task after a pause (the service's adds up to a quarter at random, so that the releases
   * failed together are not tried again together), on another thread; throws
   * RejectedExecutionException once stopped.
   */
  public interface Later {
    void run(Duration after, Runnable task);
  }

  private final RoundClaims claims;
  private final Later later;
  private final List<Duration> pauses;

  public RetriedReleases(RoundClaims claims, Later later, List<Duration> pauses) {
    this.claims = claims;
    this.later = later;
    this.pauses = List.copyOf(pauses);
  }

  @Override
  public CompletionStage<Map<String, Claim>> claim(Map<String, String> fingerprintByRound, String token) {
    return claims.claim(fingerprintByRound, token);
  }

  /** The first try's outcome; if it failed, the next tries go on in the background (class comment). */
  @Override
  public CompletionStage<Void> release(Map<String, String> fingerprintByRound, String token) {
    return attempt(fingerprintByRound, token, 0);
  }

  /** One try, after {@code failedBefore} failed ones; a failed one is followed by the next, if any is left. */
  private CompletionStage<Void> attempt(Map<String, String> fingerprintByRound, String token, int failedBefore) {
    CompletionStage<Void> one = Failures.attempt(() -> claims.release(fingerprintByRound, token));
    one.whenComplete((v, failed) -> {
      if (failed != null) {
        tryAgain(fingerprintByRound, token, failedBefore + 1, failed);
      } else if (failedBefore > 0) {
        log.info("released {} round claims on try {}", fingerprintByRound.size(), failedBefore + 1);
      }
    });
    return one;
  }

  /** After {@code failedTries} failed tries (the last with {@code last}): the next after its pause, or none left. */
  private void tryAgain(Map<String, String> fingerprintByRound, String token, int failedTries, Throwable last) {
    if (failedTries > pauses.size()) {
      log.error("gave up releasing {} round claims after {} tries (they lapse by their TTL; their rounds' retries wait"
          + " until then): {}", fingerprintByRound.size(), failedTries, Failures.cause(last).toString());
      return;
    }
    try {
      later.run(pauses.get(failedTries - 1), () -> attempt(fingerprintByRound, token, failedTries));
    } catch (RejectedExecutionException stopped) {
      log.warn("not releasing {} round claims again: the member is stopping (they lapse by their TTL)", fingerprintByRound.size());
    }
  }

  @Override
  public CompletionStage<Void> keep(Collection<String> rounds, long untilMillis) {
    return claims.keep(rounds, untilMillis);
  }

  @Override
  public CompletionStage<Boolean> held(String round) {
    return claims.held(round);
  }
}
