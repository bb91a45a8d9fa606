package io.jackpot.admin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.hazelcast.core.HazelcastException;
import com.hazelcast.splitbrainprotection.SplitBrainProtectionException;
import io.jackpot.access.Admin;
import io.jackpot.admin.http.JsonStoredForms;
import io.jackpot.error.ErrorCode;
import io.jackpot.error.Rejection;
import io.jackpot.fx.FxHolder;
import io.jackpot.fx.FxRates;
import io.jackpot.http.Errors;
import io.jackpot.ledger.Ledger;
import java.lang.reflect.Proxy;
import java.time.Clock;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.function.Predicate;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;

/** A PUT that failed after its version was saved is answered as its failure is, but never with "nothing was changed". */
class SavedButIncompleteTest {
  private static Errors.Failure answer(Throwable failure) {
    return Errors.describe(new CompletionException(SavedChanges.incomplete("candy", 7, new CompletionException(failure))), "PUT /x");
  }

  @Test
  void anInfrastructureFailureStaysA503ButSaysTheVersionIsSaved() {
    Errors.Failure f = answer(new HazelcastException("partition owner gone"));
    assertEquals(503, f.status());
    assertEquals(ErrorCode.UNAVAILABLE, f.code());
    assertTrue(f.message().startsWith("jackpot candy was saved as version 7 but did not reach every pool"), f.message());
    assertTrue(f.message().endsWith("send the same definition again to complete it"), f.message());
    assertFalse(f.message().contains("nothing was changed"), f.message());
    assertFalse(f.message().contains("partition owner gone"), "no internals in the answer: " + f.message());

    Errors.Failure quorum = answer(new SplitBrainProtectionException("no quorum"));
    assertEquals(503, quorum.status());
    assertEquals(ErrorCode.NO_QUORUM, quorum.code());
    assertFalse(quorum.message().contains("nothing was changed"), quorum.message());
  }

  @Test
  void aRefusalForNowKeepsItsCodeAndAFaultStaysA500() {
    Errors.Failure notLoaded = answer(new Rejection(Rejection.Kind.UNAVAILABLE, ErrorCode.POOL_NOT_LOADED, "pool candy/mini is not loaded"));
    assertEquals(503, notLoaded.status());
    assertEquals(ErrorCode.POOL_NOT_LOADED, notLoaded.code());
    assertEquals("jackpot candy was saved as version 7 but did not reach every pool (pool candy/mini is not loaded);"
        + " send the same definition again to complete it", notLoaded.message());

    Errors.Failure fault = answer(new IllegalStateException("a bug"));
    assertEquals(500, fault.status());
    assertEquals(ErrorCode.INTERNAL, fault.code());
    assertTrue(fault.message().startsWith("jackpot candy was saved as version 7"), fault.message());
  }

  @Test
  void ratesSavedButNotSharedSayHowToPutThemInForce() {
    Errors.Failure f = Errors.describe(new CompletionException(SavedChanges.incomplete(
        "the rates were saved as set 3 but not shared with the cluster", "send the same set again to put it in force",
        new CompletionException(new HazelcastException("partition owner gone")))), "PUT /v1/admin/fx-rates");
    assertEquals(503, f.status());
    assertEquals("the rates were saved as set 3 but not shared with the cluster (the cluster or the ledger failed; logged);"
        + " send the same set again to put it in force", f.message());
  }

  /** Setting rates itself: saved as set 3, then the cluster could not be told. */
  @Test
  void ratesSavedThenNotSharedAreAnsweredSo() {
    Ledger saving = (Ledger) Proxy.newProxyInstance(
        Ledger.class.getClassLoader(), new Class<?>[] {Ledger.class}, (proxy, method, args) -> {
          if (method.getName().equals("saveFxRates")) {
            assertTrue(((Predicate<Ledger.FxSaved>) args[3])
                .test(new Ledger.FxSaved(null, Map.of())), "made on the newest rates");
            return CompletableFuture.completedFuture(3L);
          }
          throw new UnsupportedOperationException(method.getName());
        });
    ExchangeRates rates = new ExchangeRates(saving, new FxHolder("EUR"),
        (set, version) -> CompletableFuture.failedFuture(new HazelcastException("timeout")), new JsonStoredForms(),
        new AuditTrail(Clock.systemUTC()));
    var answer = rates.set(new Admin("ops", Admin.Role.ADMIN, null), new FxRates("EUR", Map.of("GBP", 860_000L)), false);
    var failed = Assertions.assertThrows(ExecutionException.class,
        () -> answer.toCompletableFuture().get());
    Errors.Failure f = Errors.describe(failed.getCause(), "PUT /v1/admin/fx-rates");
    assertEquals(503, f.status());
    assertTrue(f.message().startsWith("the rates were saved as set 3 but not shared with the cluster"), f.message());
    assertEquals("the rates were saved as set 3 but not shared with the cluster (the cluster or the ledger failed; logged);"
        + " send the same set again to put it in force", f.message());
    assertFalse(f.message().contains("nothing was changed"), f.message());
  }

  @Test
  void anOvertakenVersionKeepsItsOwnAnswer() {
    Rejection overtaken = new Rejection(Rejection.Kind.CONFLICT, ErrorCode.DEFINITION_CHANGED, "a newer version is in force");
    assertSame(overtaken, SavedChanges.incomplete("candy", 7, new CompletionException(overtaken)));
  }
}
