package io.jackpot.admin;

import io.jackpot.access.Admin;
import io.jackpot.error.Rejection.Kind;
import io.jackpot.error.Rejection;
import io.jackpot.http.JsonFields;
import io.jackpot.ledger.Ledger;
import io.jackpot.ledger.RoundDetail;
import io.jackpot.pool.Win;
import java.util.List;
import java.util.concurrent.CompletionStage;

/**
 * One recorded round and its wins, as the ledger has them, for an operator answering a player
 * ("did my spin feed the jackpot?") or an auditor. Round ids are each operator's own: a scoped
 * admin reads its operator's rounds, a network admin names the operator.
 */
public final class RoundLookup {
  private final Ledger ledger;

  public RoundLookup(Ledger ledger) {
    this.ledger = ledger;
  }

  /** A round with the wins it took (by claim or trigger), oldest first. */
  public record Found(RoundDetail round, List<Win> wins) {}

  /** 400 for a bad round id or a network admin naming no operator, 403 for another operator's round, 404 if not recorded. */
  public CompletionStage<Found> find(Admin admin, String roundId, String operatorId) {
    // Checked before the database sees them: ids are printable by rule, and PostgreSQL refuses a NUL in text.
    JsonFields.roundIdParam(roundId);
    String named = operatorId == null || operatorId.isBlank() ? null : operatorId.trim();
    if (named != null && !JsonFields.isPrintable(named)) {
      throw Rejection.invalid("INVALID_FIELD", "query parameter operatorId must be 1–128 printable ASCII characters");
    }
    String operator = admin.operatorScope() != null ? admin.operatorScope() : named;
    if (operator == null) {
      throw Rejection.invalid("MISSING_FIELD", "query parameter operatorId is required with a network token: round ids are each"
          + " operator's own");
    }
    if (named != null && !named.equals(operator)) {
      throw new Rejection(Kind.FORBIDDEN, "OTHER_OPERATOR", "token " + admin.name() + " may only read rounds of operator " + operator);
    }
    return ledger.findRound(operator, roundId).thenCompose(found -> {
      RoundDetail round = found.orElseThrow(() -> new Rejection(Kind.NOT_FOUND, "UNKNOWN_ROUND",
          "operator " + operator + " has no recorded round " + roundId));
      return ledger.findWinsByRound(operator, roundId).thenApply(wins -> new Found(round, wins));
    });
  }
}
