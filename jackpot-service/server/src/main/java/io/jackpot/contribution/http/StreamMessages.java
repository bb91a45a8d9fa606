package io.jackpot.contribution.http;

import io.jackpot.contribution.ContributionService;
import io.jackpot.error.ErrorCode;
import io.jackpot.game.Caller;
import io.jackpot.http.Errors;
import io.jackpot.http.JsonFields;
import io.jackpot.http.Quorum;
import io.jackpot.http.StrictJson;
import io.jackpot.plan.ContributionResult;
import io.vertx.core.json.DecodeException;
import io.vertx.core.json.JsonObject;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import java.util.function.BooleanSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads the contribution stream's messages and dispatches each batch to the service, answering it
 * on its connection, or refuses it: the same checks, in the same order, as POST /v1/contributions.
 */
final class StreamMessages {
  private static final Logger log = LoggerFactory.getLogger(ContributionStream.class); // the name its log lines always had
  private static final String PATH = ContributionStream.PATH;
  private final ContributionService contributions;
  private final ContributionRoutes routes;
  private final Quorum quorum;
  /** Whether this member can serve (quorum, identity, commits not failing for long): a stream on one that cannot is closed, so its game reconnects elsewhere. */
  private final BooleanSupplier ready;

  StreamMessages(ContributionService contributions, ContributionRoutes routes, Quorum quorum, BooleanSupplier ready) {
    this.contributions = contributions;
    this.routes = routes;
    this.quorum = quorum;
    this.ready = ready;
  }

  void take(StreamConnection stream, String text) {
    JsonObject message = parse(stream, text);
    if (message == null) {
      return;
    }
    long id = ((Number) message.getValue("id")).longValue();
    Caller caller = admit(stream, id);
    if (caller == null) {
      return;
    }
    CompletionStage<List<ContributionResult>> stage;
    try {
      stage = contributions.contribute(caller, ContributionRoutes.parse(message));
    } catch (RuntimeException e) {
      stream.reply(id, Errors.describe(e, PATH + " message " + id));
      return;
    }
    stream.started();
    stage.whenComplete((results, error) -> stream.context().runOnContext(v -> answer(stream, id, results, error)));
  }

  /**
   * The message if strict JSON with an integer id, else null: one that is not JSON, or has no
   * integer id, closes the connection (1007), nothing could be answered to it; one that is JSON
   * only to a lenient reader is answered 400 MALFORMED_JSON.
   */
  private static JsonObject parse(StreamConnection stream, String text) {
    boolean strict = true;
    Object value;
    try {
      try {
        value = StrictJson.decode(text);
      } catch (DecodeException e) {
        // Not strict JSON, so nothing is taken from it; read leniently only for its id, to answer it.
        strict = false;
        value = new JsonObject(text);
      }
    } catch (DecodeException e) {
      value = null;
    }
    if (!(value instanceof JsonObject o)) {
      stream.close(1007, "messages must be JSON objects");
      return null;
    }
    if (!(o.getValue("id") instanceof Number n) || n.doubleValue() != n.longValue()) {
      stream.close(1007, "every message needs an integer id");
      return null;
    }
    if (!strict) {
      stream.reply(n.longValue(), new Errors.Failure(400, ErrorCode.MALFORMED_JSON, JsonFields.NOT_JSON));
      return null;
    }
    return o;
  }

  /** The caller to take message {@code id} for, or null once it is refused. */
  private Caller admit(StreamConnection stream, long id) {
    Optional<Caller> caller = stream.caller();
    if (caller.isEmpty()) {
      stream.revoke();
      stream.reply(id, new Errors.Failure(401, ErrorCode.UNAUTHENTICATED, "this stream's game key is no longer accepted (revoked); nothing was changed"));
      stream.closeIfDone();
      return null;
    }
    if (stream.stopping()) {
      stream.reply(id, new Errors.Failure(503, ErrorCode.UNAVAILABLE, "this member is stopping; nothing was changed, retry on another member"));
      return null;
    }
    if (!quorum.held()) {
      log.warn("{} message {} -> 503 NO_QUORUM", PATH, id);
      stream.reply(id, quorum.refusal());
      stream.leave("this member lost its quorum");
      return null;
    }
    if (!ready.getAsBoolean()) {
      log.warn("{} message {} -> 503 NOT_READY", PATH, id);
      stream.reply(id, new Errors.Failure(503, ErrorCode.NOT_READY, "this member is not ready; nothing was changed, retry on another member"));
      stream.leave("this member is not ready");
      return null;
    }
    return caller.get();
  }

  /** On the connection's context. Answered as the POST would be (500) if the answer fails, never left without one. */
  private void answer(StreamConnection stream, long id, List<ContributionResult> results, Throwable error) {
    stream.answered();
    try {
      if (error != null) {
        stream.reply(id, Errors.describe(error, PATH + " message " + id));
      } else {
        stream.write(StreamAnswers.results(id, results, routes));
      }
    } catch (RuntimeException e) {
      stream.reply(id, Errors.describe(e, PATH + " message " + id));
    } finally {
      stream.settled();
    }
  }
}
