package io.jackpot.sequencer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/** Only the oldest member finishes departed members' steps and counts them; the claims' rescan follows every sweep. */
class DepartedSweepTest {
  private boolean oldest = true;
  private final List<String> calls = new ArrayList<>();
  private CompletionStage<Integer> finished = CompletableFuture.completedFuture(2);

  private final DepartedSweep sweep = new DepartedSweep(() -> oldest, () -> Set.of("a"), () -> {
    calls.add("drop fences");
    return CompletableFuture.completedFuture(null);
  }, this::finish, () -> {
    calls.add("rescan");
    return CompletableFuture.completedFuture(null);
  });

  private CompletionStage<Integer> finish(Supplier<Set<String>> members) {
    calls.add("finish " + members.get());
    return finished;
  }

  private void sweepOnce() {
    assertTrue(sweep.run().toCompletableFuture().isDone());
  }

  @Test
  void theOldestFinishesTheStepsAndCountsWhatIsLeft() {
    sweepOnce();
    assertEquals(List.of("drop fences", "finish [a]", "rescan"), calls);
    assertEquals(2, sweep.stepsLeft());
  }

  @Test
  void anotherMemberOnlyRescansAndShowsNoStepsLeft() {
    sweepOnce();
    oldest = false;
    calls.clear();
    sweepOnce();
    assertEquals(List.of("rescan"), calls);
    assertEquals(0, sweep.stepsLeft(), "the oldest member counts them");
  }

  @Test
  void stepsThatCouldNotBeReadShowAtLeastOneLeftAndTheRescanStillRuns() {
    finished = CompletableFuture.failedFuture(new IllegalStateException("journal unreachable"));
    sweepOnce();
    assertEquals(List.of("drop fences", "finish [a]", "rescan"), calls);
    assertEquals(1, sweep.stepsLeft());
  }

  @Test
  void aFailedFenceDropDoesNotHoldUpTheSweep() {
    DepartedSweep failing = new DepartedSweep(() -> true, Set::of, () -> CompletableFuture.failedFuture(new IllegalStateException("x")),
        members -> CompletableFuture.completedFuture(0), () -> CompletableFuture.completedFuture(null));
    assertTrue(failing.run().toCompletableFuture().isDone());
    assertEquals(0, failing.stepsLeft());
  }
}
