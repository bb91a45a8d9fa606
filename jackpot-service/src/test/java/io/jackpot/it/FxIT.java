package io.jackpot.it;

import static io.jackpot.it.Api.batch;
import static io.jackpot.it.Api.contribution;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jackpot.money.Money;
import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.Row;
import org.junit.jupiter.api.Test;

/** Exchange rates: set by an operator, stakes converted exactly at the rate recorded with them, amounts shown in a currency. */
class FxIT extends OneNode {
  static final String ADMIN = "dev-admin-token";

  static Api.Reply setRates(JsonObject body, String token) {
    return AdminIT.callAt(node.httpPort(), "PUT", "/v1/admin/fx-rates", token, body.encode());
  }

  @Test
  void aStakeInAnotherCurrencyIsConvertedExactlyAndTheRateIsRecorded() {
    JsonObject rates = new JsonObject().put("base", "EUR").put("rates", new JsonObject().put("GBP", "0.85").put("USD", "1.08"));
    assertEquals(200, setRates(rates, ADMIN).status());
    assertEquals("0.85", AdminIT.callAt(node.httpPort(), "GET", "/v1/admin/fx-rates", "dev-viewer-token").json()
        .getJsonObject("rates").getString("GBP"));

    String item = contribution("FX-1", "creepy-candy", "10.00", null).replace("\"EUR\"", "\"GBP\"");
    JsonObject result = Api.results(api.post("/v1/contributions", batch(item))).getJsonObject(0);
    assertEquals("APPLIED", result.getString("status"), result.encode());
    // 10.00 GBP / 0.85 = 11.764705 EUR (rounded down to the micro); mini takes 0.6% of it, exactly.
    JsonObject mini = result.getJsonArray("contributions").getJsonObject(0);
    assertEquals(Money.share(11_764_705, new io.jackpot.money.Rate(6_000)).toPlainString(), mini.getString("amount"));
    assertEquals("0.07058823", mini.getString("amount"));
    try (SimplePg sql = SimplePg.of(pgUrl)) {
      Row round = sql.query("SELECT stake_micros, currency, original_stake_micros, fx_rate_ppm FROM rounds WHERE round_id = 'FX-1'").get(0);
      assertEquals(11_764_705L, round.getLong("stake_micros"));
      assertEquals("GBP", round.getString("currency"));
      assertEquals(10_000_000L, round.getLong("original_stake_micros"));
      assertEquals(850_000L, round.getLong("fx_rate_ppm"));
    }
    assertEquals("DUPLICATE", Api.results(api.post("/v1/contributions", batch(item))).getJsonObject(0).getString("status"));

    JsonObject grand = api.get("/v1/jackpots/candy/pools/grand?currency=GBP").json();
    assertEquals("GBP", grand.getString("displayCurrency"));
    assertEquals(io.jackpot.fx.FxRates.display(Money.parse(grand.getString("amount")), 850_000, 1_000_000), grand.getString("amountInCurrency"));

    String claim = Api.claim("FX-W", "candy", "mini").replace("\"bewitched\"", "\"creepy-candy\"").replace("\"EUR\"", "\"USD\"");
    JsonObject win = api.post("/v1/wins", claim).json();
    assertEquals("USD", win.getString("currency"));
    assertEquals(io.jackpot.fx.FxRates.display(Money.parse(win.getString("amount")), 1_080_000, 1_000_000), win.getString("amountInCurrency"));
  }

  @Test
  void currenciesWithoutARateAndCoinValueJackpotsInOtherCurrenciesAreRefused() {
    setRates(new JsonObject().put("base", "EUR").put("rates", new JsonObject().put("GBP", "0.85")), ADMIN);
    JsonObject yen = Api.results(api.post("/v1/contributions",
        batch(contribution("FX-X", "creepy-candy", "1.00", null).replace("\"EUR\"", "\"JPY\"")))).getJsonObject(0);
    assertEquals("REJECTED", yen.getString("status"));
    assertEquals("UNSUPPORTED_CURRENCY", yen.getJsonObject("error").getString("code"));
    JsonObject pounds = Api.results(api.post("/v1/contributions",
        batch(contribution("FX-B", "bewitched", "1.00", "0.10").replace("\"EUR\"", "\"GBP\"")))).getJsonObject(0);
    assertEquals("UNSUPPORTED_CURRENCY", pounds.getJsonObject("error").getString("code"));
    assertEquals(400, api.get("/v1/jackpots?currency=JPY").status());
  }

  @Test
  void ratesAreValidatedAndOnlyAnUnscopedAdminSetsThem() {
    assertEquals(403, setRates(new JsonObject().put("base", "EUR").put("rates", new JsonObject().put("GBP", "0.8")), "dev-viewer-token").status());
    assertEquals(400, setRates(new JsonObject().put("base", "GBP").put("rates", new JsonObject().put("EUR", "1.2")), ADMIN).status());
    assertEquals(400, setRates(new JsonObject().put("base", "EUR").put("rates", new JsonObject().put("GBP", 0.85)), ADMIN).status());
    assertEquals(400, setRates(new JsonObject().put("base", "EUR").put("rates", new JsonObject().put("GBP", "-1")), ADMIN).status());
    assertEquals(400, setRates(new JsonObject().put("base", "EUR").put("rates", new JsonObject().put("gbp", "0.8")), ADMIN).status());
    assertEquals(200, setRates(new JsonObject().put("base", "EUR").put("rates", new JsonObject().put("GBP", "0.86")), ADMIN).status());
    var audit = AdminIT.callAt(node.httpPort(), "GET", "/v1/admin/audit", ADMIN).json().getJsonArray("entries");
    JsonObject last = audit.getJsonObject(audit.size() - 1);
    assertEquals("fx.rates", last.getString("action"));
    assertTrue(last.getJsonObject("after").getJsonObject("rates").containsKey("GBP"));
  }
}
