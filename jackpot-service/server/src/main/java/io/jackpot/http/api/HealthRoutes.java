package io.jackpot.http.api;

import io.jackpot.error.ErrorCode;
import io.jackpot.http.Errors;
import io.jackpot.http.Replies;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.Router;
import java.util.function.BooleanSupplier;

/** /health/live (the process answers) and /health/ready (cluster with its quorum, ledger and pools are up). */
public final class HealthRoutes {
  private final BooleanSupplier ready;

  public HealthRoutes(BooleanSupplier ready) {
    this.ready = ready;
  }

  public void mount(Router router) {
    router.get("/health/live").handler(ctx -> Replies.ok(ctx, new JsonObject().put("status", "UP")));
    router.get("/health/ready").handler(ctx -> {
      if (ready.getAsBoolean()) {
        Replies.ok(ctx, new JsonObject().put("status", "UP"));
      } else {
        Errors.send(ctx, 503, ErrorCode.NOT_READY, "the cluster (or its quorum), the ledger or the pools are not ready");
      }
    });
  }
}
