package io.jackpot.contribution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.RejectedExecutionException;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/**
 * A release that fails is tried again after each pause, in the background, until one succeeds or
 * none is left; the caller gets the first try's outcome. Tasks "later" are run by the test, in
 * order, so nothing waits.
 */
class RetriedReleasesTest {
  private static final List<Duration> PAUSES = List.of(Duration.ofMillis(250), Duration.ofSeconds(1), Duration.ofSeconds(3));
  private static final Map<String, String> CLAIMS = Map.of("4:demo/R1", "fp1", "4:demo/R2", "fp2");

  private final ContributionClaimKeysTest.RecordingClaims cluster = new ContributionClaimKeysTest.RecordingClaims();
  private final List<Duration> waited = new ArrayList<>();
  private final Queue<Runnable> scheduled = new ArrayDeque<>();
  private final RetriedReleases claims = new RetriedReleases(cluster, (after, task) -> {
    waited.add(after);
    scheduled.add(task);
  }, PAUSES);

  @Test
  void aReleaseThatWorksIsTriedOnce() throws Exception {
    claims.release(CLAIMS, "t1").toCompletableFuture().get();

    assertEquals(1, cluster.releases);
    assertTrue(scheduled.isEmpty());
  }

  @Test
  void aFailedReleaseIsTriedAgainAfterEachPauseUntilItWorks() {
    cluster.releaseFailures = 3;

    CompletableFuture<Void> answered = claims.release(CLAIMS, "t1").toCompletableFuture();

    assertThrows(ExecutionException.class, answered::get, "the caller gets the first try's failure");
    runScheduled();
    assertEquals(4, cluster.releases, "three failed, the fourth worked");
    assertEquals(PAUSES, waited);
    assertEquals(Set.of("t1"), cluster.releaseTokens, "released with the request's token");
    assertEquals(Set.copyOf(cluster.released), CLAIMS.keySet());
  }

  @Test
  void aReleaseThatKeepsFailingIsLeftAfterTheLastPause() {
    cluster.releaseFailures = 100;

    claims.release(CLAIMS, "t1");
    runScheduled();

    assertEquals(1 + PAUSES.size(), cluster.releases);
    assertEquals(PAUSES, waited);
  }

  @Test
  void aReleaseThatThrowsIsTriedAgainLikeOneThatFails() {
    cluster.releaseThrows = true;

    CompletableFuture<Void> answered = claims.release(CLAIMS, "t1").toCompletableFuture();

    assertTrue(answered.isCompletedExceptionally(), "answered, not thrown");
    runScheduled();
    assertEquals(1 + PAUSES.size(), cluster.releases);
  }

  /** A member that stops refuses the next try: the release answers as its first try did, and says why it tries no more. */
  @Test
  void aMemberThatStopsTriesNoMore() {
    cluster.releaseFailures = 1;
    RetriedReleases stopping = new RetriedReleases(cluster, (after, task) -> {
      throw new RejectedExecutionException("stopped");
    }, PAUSES);
    var logger = (ch.qos.logback.classic.Logger) LoggerFactory.getLogger(RetriedReleases.class);
    var seen = new ch.qos.logback.core.read.ListAppender<ch.qos.logback.classic.spi.ILoggingEvent>();
    seen.start();
    logger.addAppender(seen);
    try {
      CompletableFuture<Void> answered = stopping.release(CLAIMS, "t1").toCompletableFuture();

      assertTrue(answered.isCompletedExceptionally(), "answered, not thrown");
      assertEquals(1, cluster.releases);
      assertEquals(List.of("not releasing " + CLAIMS.size() + " round claims again: the member is stopping (they lapse by"
          + " their TTL)"), seen.list.stream().map(ch.qos.logback.classic.spi.ILoggingEvent::getFormattedMessage).toList());
    } finally {
      logger.detachAppender(seen);
    }
  }

  /**
   * The tries come while the claims still stand, unless a try itself waits long: the pauses, with
   * the service's quarter of jitter, stay within half the shortest TTL
   * (JACKPOT_ROUND_CLAIM_TTL_SECONDS, 60 s).
   */
  @Test
  void theServicesPausesEndWellWithinTheShortestClaimTtl() {
    Duration all = RetriedReleases.PAUSES.stream().reduce(Duration.ZERO, Duration::plus);
    assertTrue(all.multipliedBy(5).dividedBy(4).compareTo(Duration.ofSeconds(30)) <= 0, all.toString());
  }

  private void runScheduled() {
    for (Runnable task; (task = scheduled.poll()) != null; ) {
      task.run();
    }
  }
}
