package io.jackpot.sdk.internal;

import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import io.github.resilience4j.circuitbreaker.CircuitBreakerConfig;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The service endpoints, each behind a circuit breaker: calls go round-robin to endpoints whose
 * breaker lets them through; when every breaker is open, to the next endpoint anyway (the SDK
 * never stops trying to deliver what it holds).
 */
final class Endpoints {
  record Endpoint(URI base, CircuitBreaker breaker) {}

  private final List<Endpoint> endpoints = new ArrayList<>();
  private final AtomicInteger next = new AtomicInteger();

  Endpoints(List<URI> bases) {
    CircuitBreakerConfig config = CircuitBreakerConfig.custom()
        .slidingWindowType(CircuitBreakerConfig.SlidingWindowType.COUNT_BASED).slidingWindowSize(10)
        .minimumNumberOfCalls(3).failureRateThreshold(50).waitDurationInOpenState(Duration.ofSeconds(2))
        .permittedNumberOfCallsInHalfOpenState(1).build();
    for (URI base : bases) {
      endpoints.add(new Endpoint(base, CircuitBreaker.of("endpoint-" + base, config)));
    }
  }

  Endpoint pick() {
    for (int i = 0; i < endpoints.size(); i++) {
      Endpoint e = endpoints.get(Math.floorMod(next.getAndIncrement(), endpoints.size()));
      if (e.breaker().tryAcquirePermission()) {
        return e;
      }
    }
    return endpoints.get(Math.floorMod(next.getAndIncrement(), endpoints.size()));
  }

  /**
   * The next endpoint whose breaker is not open, without taking a permit: for a connection whose
   * outcome the breaker never hears (the ticker). Taking one would use up a half-open breaker's
   * only trial call and leave it half-open, refusing calls, for good.
   */
  Endpoint peek() {
    for (int i = 0; i < endpoints.size(); i++) {
      Endpoint e = endpoints.get(Math.floorMod(next.getAndIncrement(), endpoints.size()));
      if (e.breaker().getState() != CircuitBreaker.State.OPEN) {
        return e;
      }
    }
    return endpoints.get(Math.floorMod(next.getAndIncrement(), endpoints.size()));
  }
}
