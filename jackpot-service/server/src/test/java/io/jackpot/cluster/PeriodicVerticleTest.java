package io.jackpot.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.Vertx;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** A background task runs on its timer while deployed, goes on after a failed run, and stops with its undeploy. */
class PeriodicVerticleTest {
  private final Vertx vertx = Vertx.vertx();

  @AfterEach
  void close() {
    vertx.close().await();
  }

  @Test
  void runsEveryTickUntilUndeployedEvenAfterAFailure() throws Exception {
    AtomicInteger runs = new AtomicInteger();
    AtomicInteger failures = new AtomicInteger();
    CountDownLatch three = new CountDownLatch(3);
    var task = new PeriodicVerticle("a test task", 10, Duration.ofMinutes(1), () -> {
      three.countDown();
      return runs.incrementAndGet() == 1 ? CompletableFuture.failedFuture(new IllegalStateException("first")) // then on
          : CompletableFuture.completedFuture(null);
    }, e -> failures.incrementAndGet());
    String id = vertx.deployVerticle(task).await();
    assertTrue(three.await(10, TimeUnit.SECONDS), "three runs");
    vertx.undeploy(id).await();
    int stoppedAt = runs.get();
    Thread.sleep(100);
    assertEquals(stoppedAt, runs.get(), "no run after the undeploy");
    assertEquals(1, failures.get());
  }
}
