package io.jackpot.admin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.jackpot.error.Rejection;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/** Whole-ledger scans run one at a time per member; another meanwhile is refused, nothing started. */
class OneAtATimeTest {
  @Test
  void aSecondScanWhileOneRunsIsRefusedAndTheNextAfterItRuns() {
    AtomicBoolean running = new AtomicBoolean();
    CompletableFuture<String> first = new CompletableFuture<>();
    AdminService.oneAtATime(running, "a scan", () -> first);
    Rejection busy = assertThrows(Rejection.class, () -> AdminService.oneAtATime(running, "a scan",
        () -> { throw new AssertionError("must not start"); }));
    assertEquals("BUSY", busy.code());
    assertEquals(Rejection.Kind.UNAVAILABLE, busy.kind());
    first.complete("done");
    assertEquals("next", AdminService.oneAtATime(running, "a scan", () -> CompletableFuture.completedFuture("next"))
        .toCompletableFuture().join());
    assertThrows(IllegalStateException.class, () -> AdminService.oneAtATime(running, "a scan", () -> { throw new IllegalStateException(); }));
    assertEquals("again", AdminService.oneAtATime(running, "a scan", () -> CompletableFuture.completedFuture("again"))
        .toCompletableFuture().join(), "a scan that failed to start frees the slot");
    assertThrows(StackOverflowError.class, () -> AdminService.oneAtATime(running, "a scan", () -> { throw new StackOverflowError(); }));
    assertEquals("after an error", AdminService.oneAtATime(running, "a scan", () -> CompletableFuture.completedFuture("after an error"))
        .toCompletableFuture().join(), "so does one that threw an error");
  }
}
