package io.jackpot.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/** A periodic task runs one at a time, goes on after any failure, and a run that never ends is reported. */
class PeriodicTaskTest {
  private static final Duration STUCK_AFTER = Duration.ofSeconds(60);

  private final AtomicLong now = new AtomicLong();
  private final List<CompletableFuture<Void>> runs = new ArrayList<>();
  private final List<Throwable> failures = new ArrayList<>();
  private final List<String> reports = new ArrayList<>();

  private PeriodicTask task(Supplier<? extends CompletionStage<?>> work) {
    return new PeriodicTask(work, failures::add, STUCK_AFTER, (running, skipped) -> reports.add(running.toSeconds() + " s, " + skipped),
        now::get);
  }

  /** Each run a future the test completes. */
  private final PeriodicTask pending = task(() -> {
    CompletableFuture<Void> run = new CompletableFuture<>();
    runs.add(run);
    return run;
  });

  @Test
  void aTickWhileARunIsUnderWayIsSkipped() {
    pending.tick();
    pending.tick();
    assertEquals(1, runs.size());

    runs.get(0).complete(null);
    pending.tick();

    assertEquals(2, runs.size());
    assertTrue(failures.isEmpty());
  }

  @Test
  void aRunThatFailsIsHandedOverAndTheNextTickRuns() {
    pending.tick();
    runs.get(0).completeExceptionally(new IllegalStateException("ledger unreachable"));
    pending.tick();

    assertEquals(1, failures.size());
    assertEquals(2, runs.size());
  }

  @Test
  void aRunThatThrowsEvenAnErrorIsHandedOverAndTheNextTickRuns() {
    int[] calls = {0};
    PeriodicTask throwing = task(() -> {
      calls[0]++;
      throw new StackOverflowError();
    });

    throwing.tick();
    throwing.tick();

    assertEquals(2, calls[0]);
    assertEquals(2, failures.size());
    assertInstanceOf(StackOverflowError.class, failures.get(0));
  }

  @Test
  void aTaskThatAnswersNoStageFailsThatRun() {
    PeriodicTask none = task(() -> null);

    none.tick();
    none.tick();

    assertEquals(2, failures.size());
  }

  @Test
  void aRunUnderWayTooLongIsReportedAtMostOncePerPeriodWhileItLasts() {
    pending.tick();
    now.set(Duration.ofSeconds(59).toNanos());
    pending.tick();
    assertEquals(List.of(), reports, "not yet");

    now.set(Duration.ofSeconds(61).toNanos());
    pending.tick();
    now.set(Duration.ofSeconds(62).toNanos());
    pending.tick();
    assertEquals(List.of("61 s, 2"), reports, "once");

    now.set(Duration.ofSeconds(122).toNanos());
    pending.tick();
    assertEquals(List.of("61 s, 2", "122 s, 4"), reports, "again a period later");

    runs.get(0).complete(null);
    now.set(Duration.ofSeconds(200).toNanos());
    pending.tick();
    now.set(Duration.ofSeconds(230).toNanos());
    pending.tick();
    assertEquals(2, reports.size(), "a new run is timed from its own start");
    assertEquals(2, runs.size());
  }
}
