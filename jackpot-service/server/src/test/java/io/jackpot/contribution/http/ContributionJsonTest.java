package io.jackpot.contribution.http;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.jackpot.award.http.WinJson;
import io.jackpot.catalogue.Catalogue;
import io.jackpot.catalogue.DefaultCatalogue;
import io.jackpot.error.ErrorCode;
import io.jackpot.money.Money;
import io.jackpot.money.Rate;
import io.jackpot.plan.ContributionResult.Share;
import io.jackpot.plan.ContributionResult.Status;
import io.jackpot.plan.ContributionResult;
import io.jackpot.pool.Commands;
import io.jackpot.pool.Pool;
import io.jackpot.pool.PoolId;
import io.jackpot.pool.PoolOutcome;
import io.jackpot.pool.PoolTerms;
import io.jackpot.pool.SeededRandom;
import io.jackpot.pool.Trigger;
import io.jackpot.pool.Win;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The contribution answer written as text is the JSON docs/api.md describes, odd round ids included. */
class ContributionJsonTest {
  private final Catalogue catalogue = DefaultCatalogue.create();
  private final ContributionRoutes routes = new ContributionRoutes(null, catalogue, () -> true, Duration.ofSeconds(30));

  @Test
  void writesEveryFieldOfEveryKindOfResult() {
    PoolId bw = new PoolId("bewitched", "cv-0.10");
    Pool random = Pool.created(bw, new PoolTerms(200_000_000, new Rate(5_000), new Trigger.Random(1)), new SeededRandom(4).next());
    PoolOutcome.Contributed hit = (PoolOutcome.Contributed) random.apply(new Pool.Batch("m", 2, "op-2", new SeededRandom(5).next(),
        List.of(Commands.stake("r9", 2_000_000)))).outcomes().get(0);
    Win win = hit.triggered();
    String odd = "q\"uote\\back\u0001slash\ttab";
    List<ContributionResult> results = List.of(
        new ContributionResult("BW-1", Status.APPLIED, List.of(new Share(bw, new Money(10_000, 0), new Money(200_010_000, 0)),
            new Share(new PoolId("candy", "mini"), new Money(1, 500_000), new Money(5_000_000_001L, 1))), List.of(), null, null),
        new ContributionResult("BW-2", Status.APPLIED, List.of(new Share(bw, new Money(10_000, 0), hit.amountAfter())), List.of(win), null, null),
        new ContributionResult(odd, Status.PAUSED, List.of(), List.of(), null, null),
        ContributionResult.rejected("BW-3", ErrorCode.ROUND_ID_CONFLICT, "round \"BW-3\" was already sent\nwith other content"),
        ContributionResult.rejected("BW-4", ErrorCode.OVERLOADED, "too busy"),
        ContributionResult.rejected(null, ErrorCode.INVALID_FIELD, "contributions[5] must be an object"));

    JsonObject written = new JsonObject(routes.json(results));

    JsonArray expected = new JsonArray()
        .add(item("BW-1", "APPLIED").put("contributions", new JsonArray()
            .add(share("bewitched", "cv-0.10", "0.010000", "200.010000"))
            .add(share("candy", "mini", "0.0000015", "5000.000001000001"))))
        .add(item("BW-2", "APPLIED").put("contributions", new JsonArray().add(share("bewitched", "cv-0.10", "0.010000",
            hit.amountAfter().toPlainString()))).put("triggers", new JsonArray().add(WinJson.of(win, "EUR"))))
        .add(item(odd, "PAUSED"))
        .add(item("BW-3", "REJECTED").put("error", new JsonObject().put("code", "ROUND_ID_CONFLICT")
            .put("message", "round \"BW-3\" was already sent\nwith other content")))
        .add(item("BW-4", "REJECTED").put("error", new JsonObject().put("code", "OVERLOADED").put("message", "too busy"))
            .put("retryable", true))
        .add(item(null, "REJECTED").put("error", new JsonObject().put("code", "INVALID_FIELD")
            .put("message", "contributions[5] must be an object")));
    assertEquals(new JsonObject().put("results", expected), written);
  }

  private static JsonObject item(String round, String status) {
    return new JsonObject().put("roundId", round).put("status", status).put("contributions", new JsonArray()).put("triggers", new JsonArray());
  }

  private static JsonObject share(String jackpot, String pool, String amount, String poolAmount) {
    return new JsonObject().put("jackpotId", jackpot).put("poolKey", pool).put("amount", amount).put("poolAmount", poolAmount);
  }
}
