package io.jackpot.admin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.jackpot.error.ErrorCode;
import io.jackpot.error.Rejection;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/** Whole-ledger scans run one at a time per member; another meanwhile is refused, nothing started. */
class OneAtATimeTest {
  @Test
  void aSecondScanWhileOneRunsIsRefusedAndTheNextAfterItRuns() {
    OneAtATime scans = new OneAtATime("a scan");
    CompletableFuture<String> first = new CompletableFuture<>();
    scans.run(() -> first);
    Rejection busy = assertThrows(Rejection.class, () -> scans.run(
        () -> { throw new AssertionError("must not start"); }));
    assertEquals(ErrorCode.BUSY, busy.code());
    assertEquals(Rejection.Kind.UNAVAILABLE, busy.kind());
    first.complete("done");
    assertEquals("next", scans.run(() -> CompletableFuture.completedFuture("next"))
        .toCompletableFuture().join());
    assertThrows(IllegalStateException.class, () -> scans.run(() -> { throw new IllegalStateException(); }));
    assertEquals("again", scans.run(() -> CompletableFuture.completedFuture("again"))
        .toCompletableFuture().join(), "a scan that failed to start frees the slot");
    assertThrows(StackOverflowError.class, () -> scans.run(() -> { throw new StackOverflowError(); }));
    assertEquals("after an error", scans.run(() -> CompletableFuture.completedFuture("after an error"))
        .toCompletableFuture().join(), "so does one that threw an error");
  }
}
