package io.jackpot.http;

import io.vertx.core.Context;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.RoutingContext;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;
import java.util.function.Supplier;

/** Answers a request from a service call: its result as JSON, or its failure through {@link Errors}. */
public final class Replies {
  private Replies() {}

  /** Completes on the request's own event loop, whichever thread finished the call. */
  public static <T> void json(RoutingContext ctx, Supplier<CompletionStage<T>> call, Function<T, JsonObject> toJson) {
    text(ctx, call, value -> toJson.apply(value).encode());
  }

  /** As {@link #json}, for a result written as JSON text directly ({@link JsonText}). */
  public static <T> void text(RoutingContext ctx, Supplier<CompletionStage<T>> call, Function<T, String> toJson) {
    Context requestContext = ctx.vertx().getOrCreateContext();
    CompletionStage<T> stage;
    try {
      stage = call.get();
    } catch (RuntimeException e) {
      ctx.fail(e);
      return;
    }
    stage.whenComplete((value, error) -> requestContext.runOnContext(v -> {
      if (error != null) {
        ctx.fail(error);
        return;
      }
      try {
        ok(ctx, toJson.apply(value));
      } catch (RuntimeException e) {
        ctx.fail(e);
      }
    }));
  }

  public static void ok(RoutingContext ctx, JsonObject body) {
    ok(ctx, body.encode());
  }

  public static void ok(RoutingContext ctx, String json) {
    ctx.response().putHeader("Content-Type", "application/json").end(json);
  }
}
