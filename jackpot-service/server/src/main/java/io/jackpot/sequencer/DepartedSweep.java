package io.jackpot.sequencer;

import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import java.util.function.Function;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The sweep of departed members, once a second: on the oldest member only (one finisher at a time),
 * the journal's steps of senders that are no longer members are finished and recorded (StepRecovery),
 * then what follows runs on every member (the round claims that no longer stand are found).
 */
public final class DepartedSweep {
  private static final Logger log = LoggerFactory.getLogger(DepartedSweep.class);

  private final BooleanSupplier oldest;
  private final Supplier<Set<String>> members;
  private final Supplier<? extends CompletionStage<?>> dropOldFences;
  private final Function<Supplier<Set<String>>, ? extends CompletionStage<Integer>> finishDeparted;
  private final Supplier<? extends CompletionStage<?>> then;
  private final AtomicInteger stepsLeft = new AtomicInteger();

  /**
   * {@code finishDeparted}: StepRecovery's, told the members now and answering the steps left;
   * {@code then}: run after each sweep, whether or not the steps could be finished.
   */
  public DepartedSweep(BooleanSupplier oldest, Supplier<Set<String>> members, Supplier<? extends CompletionStage<?>> dropOldFences,
      Function<Supplier<Set<String>>, ? extends CompletionStage<Integer>> finishDeparted, Supplier<? extends CompletionStage<?>> then) {
    this.oldest = oldest;
    this.members = members;
    this.dropOldFences = dropOldFences;
    this.finishDeparted = finishDeparted;
    this.then = then;
  }

  /** One sweep: a failure to finish steps is logged and retried next sweep; it does not hold up what follows. */
  public CompletionStage<Void> run() {
    return finishSteps().exceptionally(e -> {
      log.error("finishing the steps of departed members failed (retried every second): {}", e.toString());
      return null;
    }).thenCompose(x -> then.get().thenRun(() -> {}));
  }

  /**
   * Departed members' steps the last sweep left unfinished (0 on members other than the oldest):
   * above 0 for more than a few sweeps, a step the ledger refuses or a pool that cannot be reached
   * holds money in pools that the ledger lacks (StepRecovery logs which step and why).
   */
  public int stepsLeft() {
    return stepsLeft.get();
  }

  /** A member that dies while finishing leaves the notes for the next oldest; until then those members' claims stay held. */
  private CompletionStage<Void> finishSteps() {
    if (!oldest.getAsBoolean()) {
      stepsLeft.set(0); // the oldest member counts them
      return CompletableFuture.completedFuture(null);
    }
    dropOldFences.get().exceptionally(e -> {
      log.warn("could not drop the journal's old fences (tried again in a minute): {}", e.toString());
      return null;
    });
    return finishDeparted.apply(members).thenAccept(stepsLeft::set).whenComplete((v, failed) -> {
      if (failed != null) {
        // The journal's senders could not be read: what is left is not known, so at least one is
        // shown, not a 0 this member may have set while it was not the oldest.
        stepsLeft.accumulateAndGet(1, Math::max);
      }
    });
  }
}
