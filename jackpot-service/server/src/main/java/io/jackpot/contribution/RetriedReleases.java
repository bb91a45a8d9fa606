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
 * Round claims whose release, when it fails, is tried again in the background after each of a few
 * pauses before the claims are left to lapse by their TTL. A claim left standing holds the games'
 * retries of its round ({@code ROUND_IN_PROGRESS}) until it lapses: for a round refused before it
 * was applied, or a jackpot game whose try failed, that is up to the whole TTL (10 minutes by
 * default) for a failure of one call to the cluster, usually brief (a partition moving to another
 * member).
 *
 * <p>{@link #release} answers as its first try does, so the caller goes on as before (it logs a
 * failure and answers); the later tries are the background's, and this class logs how they end. A
 * release tried again is safe: it releases only the claims its request's token holds, and a claim
 * is released only once its round is recorded or was never applied, which stays so. A claim that
 * lapsed meanwhile and was taken again is another request's, under another token, and is not
 * released. The pauses together stay well under the shortest TTL (60 s), so the tries usually
 * come while the claims still stand (a try may itself wait out Hazelcast's call timeout first).
 * A member that stops drops the tries still to come (logged when one is refused): its claims
 * count as absent once it has left and its notes are gone (ClaimHolders), or lapse by their TTL.
 *
 * <p>Thread-safe. Claims, keeps and reads pass through unchanged.
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
