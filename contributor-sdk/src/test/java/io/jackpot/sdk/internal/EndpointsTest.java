package io.jackpot.sdk.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import java.net.URI;
import java.util.List;
import org.junit.jupiter.api.Test;

class EndpointsTest {
  @Test
  void theTickerLeavesAHalfOpenBreakersTrialCallToTheCallsWhoseOutcomeItHears() {
    Endpoints endpoints = new Endpoints(List.of(URI.create("http://a"), URI.create("http://b")));
    CircuitBreaker a = endpoints.peek().breaker();
    a.transitionToOpenState();
    a.transitionToHalfOpenState();
    for (int i = 0; i < 4; i++) {
      endpoints.peek();
    }
    assertEquals(CircuitBreaker.State.HALF_OPEN, a.getState());
    assertTrue(a.tryAcquirePermission(), "the trial call is still there for a batch");
  }

  @Test
  void theTickerSkipsAnEndpointWhoseBreakerIsOpen() {
    Endpoints endpoints = new Endpoints(List.of(URI.create("http://a"), URI.create("http://b")));
    Endpoints.Endpoint a = endpoints.peek();
    a.breaker().transitionToOpenState();
    for (int i = 0; i < 4; i++) {
      assertEquals(URI.create("http://b"), endpoints.peek().base());
    }
  }
}
