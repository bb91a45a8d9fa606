package io.jackpot.http.api;

import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.vertx.ext.web.Router;

/** {@code GET /metrics}: every meter in Prometheus text format (see ServiceMetrics for the service's own). */
public final class MetricsRoutes {
  private final PrometheusMeterRegistry registry;

  public MetricsRoutes(PrometheusMeterRegistry registry) {
    this.registry = registry;
  }

  public void mount(Router router) {
    router.get("/metrics").handler(ctx -> ctx.response()
        .putHeader("Content-Type", "text/plain; version=0.0.4; charset=utf-8")
        .end(registry.scrape()));
  }
}
