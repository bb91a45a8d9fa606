package io.jackpot.contribution.http;

import io.jackpot.access.http.GameAuth;
import io.jackpot.award.http.WinJson;
import io.jackpot.catalogue.Catalogue;
import io.jackpot.contribution.ContributionService;
import io.jackpot.error.ErrorCode;
import io.jackpot.error.Rejection;
import io.jackpot.http.JsonBody;
import io.jackpot.http.JsonFields;
import io.jackpot.http.Quorum;
import io.jackpot.http.Replies;
import io.jackpot.json.JsonText;
import io.jackpot.plan.ContributionItem;
import io.jackpot.plan.ContributionRequest;
import io.jackpot.plan.ContributionResult;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.BodyHandler;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;

/** POST /v1/contributions (game key): a batch of at most 1000 contributions; also as a stream ({@link ContributionStream}). */
public final class ContributionRoutes {
  public static final int MAX_ITEMS = 1000;

  private final ContributionService contributions;
  private final Catalogue catalogue;

  private final BooleanSupplier ready;
  private final Duration streamPing;
  /** Streams open on this member, over every HTTP verticle's router. */
  private final AtomicInteger openStreams = new AtomicInteger();

  /**
   * @param ready whether this member can serve its contribution streams (they close when it cannot)
   * @param streamPing how often each contribution stream is pinged
   */
  public ContributionRoutes(ContributionService contributions, Catalogue catalogue, BooleanSupplier ready,
      Duration streamPing) {
    this.contributions = contributions;
    this.catalogue = catalogue;
    this.ready = ready;
    this.streamPing = streamPing;
  }

  /** POST /v1/contributions, and the same batches as messages on GET /v1/contributions/stream (WebSocket). */
  public void mount(Router router, GameAuth auth, BodyHandler body, Quorum quorum) {
    // The key first, on a route of its own (Vert.x Web takes no body handler after a user handler
    // on one route): a stranger's body is not read.
    router.post("/v1/contributions").handler(auth::handle);
    router.post("/v1/contributions").handler(body).handler(JsonBody::require).handler(this::contribute);
    ContributionStream stream = new ContributionStream(contributions, this, quorum, ready, streamPing, openStreams, auth::callerNow);
    router.get(ContributionStream.PATH).handler(auth::handle).handler(stream::open);
  }

  /** Contribution streams open on this member now. */
  public int openStreams() {
    return openStreams.get();
  }

  private void contribute(RoutingContext ctx) {
    Replies.text(ctx, () -> contributions.contribute(GameAuth.caller(ctx), parse(JsonFields.object(ctx.body().buffer()))),
        this::json);
  }

  /**
   * The request's items in order. The envelope must be well-formed (an object holding 1 to 1000
   * items), or the whole request is refused and nothing is applied; an item that is not is answered
   * REJECTED on its own (API.md).
   */
  static List<ContributionItem> parse(JsonObject body) {
    JsonArray items = JsonFields.array(body, "contributions", "");
    if (items.isEmpty()) {
      throw Rejection.invalid(ErrorCode.EMPTY_BATCH, "contributions must hold at least one item");
    }
    if (items.size() > MAX_ITEMS) {
      throw Rejection.invalid(ErrorCode.TOO_MANY_ITEMS, "contributions holds " + items.size() + " items; at most " + MAX_ITEMS);
    }
    List<ContributionItem> out = new ArrayList<>(items.size());
    for (int i = 0; i < items.size(); i++) {
      out.add(item(items.getValue(i), "contributions[" + i + "]"));
    }
    return out;
  }

  private static ContributionItem item(Object value, String at) {
    if (!(value instanceof JsonObject o)) {
      return new ContributionItem.Malformed(null, ErrorCode.INVALID_FIELD, at + " must be an object");
    }
    String path = at + ".";
    String roundId = null;
    try {
      roundId = JsonFields.printable(o, "roundId", path);
      return new ContributionRequest(
          roundId,
          JsonFields.id(o, "gameId", path),
          JsonFields.printable(o, "playerId", path),
          JsonFields.money(o, "stake", path, ContributionRequest.MAX_STAKE_MICROS),
          JsonFields.currency(o, "currency", path),
          JsonFields.optionalMoney(o, "coinValue", path, ContributionRequest.MAX_STAKE_MICROS));
    } catch (Rejection bad) {
      return new ContributionItem.Malformed(roundId, bad.code(), bad.getMessage()); // roundId: null if it was the bad field
    }
  }

  /** The answer, written as text: {"results": [...]} in request order. */
  String json(List<ContributionResult> results) {
    return appendResults(new StringBuilder(capacity(results)).append('{'), results).append('}').toString();
  }

  /** Enough for the answer, so the text is not copied as it grows (about 120 characters a share). */
  static int capacity(List<ContributionResult> results) {
    int shares = 0;
    for (ContributionResult r : results) {
      shares += r.contributions().size();
    }
    return 64 + results.size() * 120 + shares * 120;
  }

  /** Appends {@code "results":[...]} (the results in request order). */
  StringBuilder appendResults(StringBuilder out, List<ContributionResult> results) {
    out.append("\"results\":[");
    for (int i = 0; i < results.size(); i++) {
      ContributionResult r = results.get(i);
      if (i > 0) {
        out.append(',');
      }
      (r.roundId() == null ? out.append("{\"roundId\":null") : JsonText.string(out.append("{\"roundId\":"), r.roundId())).append(",\"status\":\"").append(r.status().name()).append("\",\"contributions\":[");
      for (int j = 0; j < r.contributions().size(); j++) {
        ContributionResult.Share s = r.contributions().get(j);
        // Pool ids are [a-z0-9.-] (PoolId checks): nothing to escape.
        out.append(j > 0 ? ",{\"jackpotId\":\"" : "{\"jackpotId\":\"").append(s.pool().jackpotId())
            .append("\",\"poolKey\":\"").append(s.pool().poolKey()).append("\",\"amount\":\"");
        s.amount().appendPlain(out);
        out.append("\",\"poolAmount\":\"");
        s.poolAmount().appendPlain(out);
        out.append("\"}");
      }
      out.append("],\"triggers\":[");
      for (int j = 0; j < r.triggers().size(); j++) {
        var w = r.triggers().get(j);
        out.append(j > 0 ? "," : "").append(WinJson.of(w, catalogue.currencyOf(w.pool())).encode());
      }
      out.append(']');
      if (r.errorCode() != null) {
        JsonText.error(out.append(','), r.errorCode(), r.errorMessage());
        if (r.retryable()) {
          out.append(",\"retryable\":true");
        }
      }
      out.append('}');
    }
    return out.append(']');
  }
}
