package io.jackpot.admin;

import io.jackpot.access.Admin;
import io.jackpot.error.ErrorCode;
import io.jackpot.error.Rejection.Kind;
import io.jackpot.error.Rejection;
import io.jackpot.ledger.Ledger;
import io.jackpot.ledger.RoundDetail;
import io.jackpot.pool.Win;
import java.util.List;
import java.util.concurrent.CompletionStage;

/**
 * Recorded rounds as the ledger has them: one with its wins, for an operator answering a player
 * ("did my spin feed the jackpot?") or an auditor, and how many there are under a prefix. Round
 * ids are each operator's own: a scoped admin reads its operator's rounds, a network admin names the operator.
 */
public final class RoundLookup {
  private final Ledger ledger;
  private final OneAtATime counting = new OneAtATime("a count of rounds");

  public RoundLookup(Ledger ledger) {
    this.ledger = ledger;
  }

  /** A round with the wins it took (by claim or trigger), oldest first. */
  public record Found(RoundDetail round, List<Win> wins) {}

  /**
   * 400 for a network admin naming no operator, 403 for another operator's round, 404 if not
   * recorded. {@code roundId} and {@code operatorId} (null: none named) are printable, as the
   * request's reader checked.
   */
  public CompletionStage<Found> find(Admin admin, String roundId, String operatorId) {
    String operator = admin.operatorScope() != null ? admin.operatorScope() : operatorId;
    if (operator == null) {
      throw Rejection.invalid(ErrorCode.MISSING_FIELD, "query parameter operatorId is required with a network token: round ids are each"
          + " operator's own");
    }
    if (operatorId != null && !operatorId.equals(operator)) {
      throw new Rejection(Kind.FORBIDDEN, ErrorCode.OTHER_OPERATOR, "token " + admin.name() + " may only read rounds of operator " + operator);
    }
    return ledger.findRound(operator, roundId).thenCompose(found -> {
      RoundDetail round = found.orElseThrow(() -> new Rejection(Kind.NOT_FOUND, ErrorCode.UNKNOWN_ROUND,
          "operator " + operator + " has no recorded round " + roundId));
      return ledger.findWinsByRound(operator, roundId).thenApply(wins -> new Found(round, wins));
    });
  }

  /**
   * How many rounds (and shares) the ledger holds under a round-id prefix, for a load generator or
   * a game checking that what was acknowledged is recorded. Scoped admins count their own.
   */
  public CompletionStage<Ledger.RoundCount> count(Admin admin, String prefix) {
    if (prefix == null || !prefix.matches("[A-Za-z0-9_-]{4,64}")) {
      throw Rejection.invalid(ErrorCode.INVALID_FIELD, "prefix must be 4 to 64 letters, digits, '_' or '-'");
    }
    return counting.run(() -> ledger.countRounds(prefix, admin.operatorScope()));
  }
}
