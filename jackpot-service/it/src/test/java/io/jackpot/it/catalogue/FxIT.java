package io.jackpot.it.catalogue;

import static io.jackpot.it.support.Api.batch;
import static io.jackpot.it.support.Api.contribution;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jackpot.fx.FxRates;
import io.jackpot.it.support.AdminCalls;
import io.jackpot.it.support.Api;
import io.jackpot.it.support.OneNode;
import io.jackpot.it.support.SimplePg;
import io.jackpot.money.Money;
import io.jackpot.money.Rate;
import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.Row;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Exchange rates: set by an operator, stakes converted exactly at the rate recorded with them, amounts shown in a currency. */
class FxIT extends OneNode {
  static final String ADMIN = "dev-admin-token";
  /** The dev game key's operator. */
  static final String OPERATOR = "demo";

  static Api.Reply setRates(JsonObject body, String token) {
    return AdminCalls.callAt(node.httpPort(), "PUT", "/v1/admin/fx-rates", token, body.encode());
  }

  @Test
  void aStakeInAnotherCurrencyIsConvertedExactlyAndTheRateIsRecorded() {
    JsonObject rates = new JsonObject().put("base", "EUR").put("rates", new JsonObject().put("GBP", "0.85").put("USD", "1.08"));
    assertEquals(200, setRates(rates, ADMIN).status());
    assertEquals("0.85", gbpInForce());

    String item = contribution("FX-1", "creepy-candy", "10.00", null).replace("\"EUR\"", "\"GBP\"");
    JsonObject result = Api.results(api.post("/v1/contributions", batch(item))).getJsonObject(0);
    assertEquals("APPLIED", result.getString("status"), result.encode());
    // 10.00 GBP / 0.85 = 11.764705 EUR (rounded down to the micro); mini takes 0.6% of it, exactly.
    JsonObject mini = result.getJsonArray("contributions").getJsonObject(0);
    assertEquals(Money.share(11_764_705, new Rate(6_000)).toPlainString(), mini.getString("amount"));
    assertEquals("0.07058823", mini.getString("amount"));
    try (SimplePg sql = SimplePg.of(pgUrl)) {
      Row round = sql.query("SELECT stake_micros, currency, original_stake_micros, fx_rate_ppm FROM rounds WHERE round_id = 'FX-1'").get(0);
      assertEquals(11_764_705L, round.getLong("stake_micros"));
      assertEquals("GBP", round.getString("currency"));
      assertEquals(10_000_000L, round.getLong("original_stake_micros"));
      assertEquals(850_000L, round.getLong("fx_rate_ppm"));
    }
    assertEquals("DUPLICATE", Api.results(api.post("/v1/contributions", batch(item))).getJsonObject(0).getString("status"));
    JsonObject looked = AdminCalls.callAt(node.httpPort(), "GET", "/v1/admin/rounds?roundId=FX-1&operatorId=" + OPERATOR, "dev-viewer-token")
        .json();
    assertEquals(List.of("11.764705", "10.000000", "GBP", "0.85"), List.of(looked.getString("stake"), looked.getString("sentStake"),
        looked.getString("sentCurrency"), looked.getString("fxRate")), "the operator's view of the round: as sent and as taken");

    JsonObject grand = api.get("/v1/jackpots/candy/pools/grand?currency=GBP").json();
    assertEquals("GBP", grand.getString("displayCurrency"));
    assertEquals(FxRates.display(Money.parse(grand.getString("amount")), 850_000, 1_000_000), grand.getString("amountInCurrency"));

    String claim = Api.claim("FX-W", "candy", "mini").replace("\"bewitched\"", "\"creepy-candy\"").replace("\"EUR\"", "\"USD\"");
    JsonObject win = api.post("/v1/wins", claim).json();
    assertEquals("USD", win.getString("currency"));
    assertEquals(FxRates.display(Money.parse(win.getString("amount")), 1_080_000, 1_000_000), win.getString("amountInCurrency"));
  }

  /** A win is shown in another currency at the rates of its own moment: every answer about it agrees to the cent. */
  @Test
  void aWinIsShownAtTheRatesInForceWhenItWasWonWhateverWasSetSince() {
    assertEquals(200, setRates(new JsonObject().put("base", "EUR").put("rates", new JsonObject().put("GBP", "0.85")), ADMIN).status());
    String claim = Api.claim("FX-AT-1", "candy", "minor").replace("\"bewitched\"", "\"creepy-candy\"").replace("\"EUR\"", "\"GBP\"");
    JsonObject won = api.post("/v1/wins", claim).json();
    String inPounds = FxRates.display(Money.parse(won.getString("amount")), 850_000, 1_000_000);
    assertEquals("GBP", won.getString("currency"));
    assertEquals(inPounds, won.getString("amountInCurrency"));

    assertEquals(200, setRates(new JsonObject().put("base", "EUR").put("rates", new JsonObject().put("GBP", "0.5")), ADMIN).status());
    JsonObject again = api.post("/v1/wins", claim).json();
    assertEquals(won.getString("winId"), again.getString("winId"));
    assertEquals(inPounds, again.getString("amountInCurrency"), "a repeated claim after the rates changed");
    String id = won.getString("winId");
    JsonObject found = api.get("/v1/wins/" + id + "?currency=GBP").json();
    assertEquals(List.of("GBP", inPounds), List.of(found.getString("currency"), found.getString("amountInCurrency")));
    JsonObject byRound = api.get("/v1/wins?roundId=FX-AT-1&currency=GBP").json().getJsonArray("wins").getJsonObject(0);
    assertEquals(inPounds, byRound.getString("amountInCurrency"));
    assertEquals("EUR", api.get("/v1/wins/" + id).json().getString("currency"), "without ?currency=, the pool's own");
    assertEquals("EUR", api.get("/v1/wins/" + id + "?currency=JPY").json().getString("currency"), "no rate then: the pool's own");
    Api.Reply bad = api.get("/v1/wins/" + id + "?currency=pounds");
    assertEquals(400, bad.status(), bad.body());
    assertEquals("INVALID_FIELD", bad.errorCode());

    JsonObject later = api.post("/v1/wins", claim.replace("FX-AT-1", "FX-AT-2")).json();
    assertEquals(FxRates.display(Money.parse(later.getString("amount")), 500_000, 1_000_000), later.getString("amountInCurrency"),
        "a win after the change: at the new rate");
    assertEquals(200, setRates(new JsonObject().put("base", "EUR").put("rates", new JsonObject().put("USD", "1.08")), ADMIN).status());
    assertEquals(inPounds, api.get("/v1/wins/" + id + "?currency=GBP").json().getString("amountInCurrency"),
        "looked up after GBP's rate was dropped: still at the rates of its moment");
    Api.Reply retried = api.post("/v1/wins", claim);
    assertEquals(200, retried.status(), "a paid claim sent again after GBP's rate was dropped: " + retried.body());
    assertEquals(List.of(id, inPounds), List.of(retried.json().getString("winId"), retried.json().getString("amountInCurrency")));
    Api.Reply fresh = api.post("/v1/wins", claim.replace("FX-AT-1", "FX-AT-3"));
    assertEquals(List.of(400, "UNSUPPORTED_CURRENCY"), List.of(fresh.status(), fresh.errorCode()), "a new claim in GBP: " + fresh.body());
  }

  /**
   * A claim paid whose rates of its moment cannot be read (their table is out of the ledger's reach
   * for the claim here) is answered with its win in the pool's currency, not with an error saying
   * nothing was changed; the claim sent again once they can be read shows it in the claim's.
   */
  @Test
  void aPaidClaimWhoseRatesCannotBeReadIsAnsweredInThePoolsCurrency() {
    assertEquals(200, setRates(new JsonObject().put("base", "EUR").put("rates", new JsonObject().put("GBP", "0.85")), ADMIN).status());
    String claim = Api.jackpotGame("FX-DOWN-1", "candy").put("poolKey", "minor").put("currency", "GBP").encode();
    Api.Reply paid;
    try (SimplePg sql = SimplePg.of(pgUrl)) {
      sql.execute("ALTER TABLE fx_rates RENAME TO fx_rates_away");
      try {
        paid = api.post("/v1/wins", claim);
      } finally {
        sql.execute("ALTER TABLE fx_rates_away RENAME TO fx_rates");
      }
    }
    assertEquals(200, paid.status(), paid.body());
    String inEuros = new BigDecimal(paid.json().getString("amount")).setScale(2, RoundingMode.DOWN).toPlainString();
    assertEquals(List.of("EUR", inEuros), List.of(paid.json().getString("currency"), paid.json().getString("amountInCurrency")), paid.body());
    JsonObject again = api.post("/v1/wins", claim).json();
    assertEquals(paid.json().getString("winId"), again.getString("winId"));
    assertEquals(List.of("GBP", FxRates.display(Money.parse(again.getString("amount")), 850_000, 1_000_000)),
        List.of(again.getString("currency"), again.getString("amountInCurrency")));
  }

  /**
   * A round recorded before its currency's rate was withdrawn, sent again (its answer was lost), is
   * its DUPLICATE, not refused: a final REJECTED would have the game void a bet that fed the pools.
   * A new round in that currency is refused.
   */
  @Test
  void aRoundSentAgainAfterItsCurrencysRateWasWithdrawnIsItsDuplicate() {
    assertEquals(200, setRates(gbp("0.85").put("rates", gbp("0.85").getJsonObject("rates").copy().put("CHF", "0.95")), ADMIN).status());
    String item = contribution("FX-CHF", "creepy-candy", "10.00", null).replace("\"EUR\"", "\"CHF\"");
    JsonObject first = Api.results(api.post("/v1/contributions", batch(item))).getJsonObject(0);
    assertEquals("APPLIED", first.getString("status"), first.encode());

    assertEquals(200, setRates(gbp("0.85"), ADMIN).status(), "CHF withdrawn");
    JsonObject again = Api.results(api.post("/v1/contributions", batch(item))).getJsonObject(0);
    assertEquals("DUPLICATE", again.getString("status"), again.encode());
    assertEquals(first.getJsonArray("contributions"), again.getJsonArray("contributions"), "the shares it was applied with");

    JsonObject fresh = Api.results(api.post("/v1/contributions",
        batch(contribution("FX-CHF-2", "creepy-candy", "10.00", null).replace("\"EUR\"", "\"CHF\"")))).getJsonObject(0);
    assertEquals("UNSUPPORTED_CURRENCY", fresh.getJsonObject("error").getString("code"), fresh.encode());
    JsonObject otherContent = Api.results(api.post("/v1/contributions", batch(item.replace("\"10.00\"", "\"20.00\"")))).getJsonObject(0);
    assertEquals("UNSUPPORTED_CURRENCY", otherContent.getJsonObject("error").getString("code"), "the same round id with other content: "
        + "refused for its own reason");
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

  /**
   * A set saved by another member that this one has not seen yet (written straight into the ledger
   * here): a PUT made on the older rates is refused and saves nothing; otherwise the ledger and the
   * cluster could end up with different sets in force. The newest set sent again goes through.
   */
  @Test
  void aSetMadeOnRatesNoLongerTheNewestIsRefusedAndSavesNothing() {
    assertEquals(200, setRates(gbp("0.90"), ADMIN).status());
    try (SimplePg sql = SimplePg.of(pgUrl)) {
      try {
        sql.execute("INSERT INTO fx_rates (rates, set_at, set_by) VALUES ('" + gbp("0.91").encode() + "'::jsonb, now(), 'elsewhere')");
        long sets = sql.count("SELECT count(*) FROM fx_rates");
        long audited = sql.count("SELECT count(*) FROM audit_log WHERE action = 'fx.rates'");
        Api.Reply refused = setRates(gbp("0.92"), ADMIN);
        assertEquals(409, refused.status(), refused.body());
        assertEquals("FX_RATES_CHANGED", refused.errorCode());
        assertEquals(sets, sql.count("SELECT count(*) FROM fx_rates"), "nothing saved");
        assertEquals(audited, sql.count("SELECT count(*) FROM audit_log WHERE action = 'fx.rates'"), "nor audited");
        assertEquals("0.9", gbpInForce(), "this member's rates unchanged");

        assertEquals(200, setRates(gbp("0.91"), ADMIN).status(), "the newest set sent again goes through");
        assertEquals("0.91", gbpInForce(), "and is in force");
        assertEquals(sets, sql.count("SELECT count(*) FROM fx_rates"), "without being saved a second time");
        assertEquals(audited, sql.count("SELECT count(*) FROM audit_log WHERE action = 'fx.rates'"), "or audited");
        assertEquals(200, setRates(gbp("0.92"), ADMIN).status(), "and a set made on it then");
        assertEquals("0.92", gbpInForce());
        assertEquals(sets + 1, sql.count("SELECT count(*) FROM fx_rates"));
      } finally {
        // Whatever failed above, the member takes the newest set again: the other tests' PUTs are made on it.
        setRates(new JsonObject(sql.query("SELECT rates::text AS r FROM fx_rates ORDER BY id DESC LIMIT 1").get(0).getString("r")), ADMIN);
      }
    }
  }

  /**
   * A currency's rate withdrawn and set again is compared with the last rate it had: withdrawing
   * it first is no way round FX_RATE_JUMP.
   */
  @Test
  void aRateWithdrawnAndSetAgainIsComparedWithItsLastRate() {
    assertEquals(200, setRates(gbp("0.85").put("rates", gbp("0.85").getJsonObject("rates").copy().put("SEK", "11.5")), ADMIN).status());
    assertEquals(200, setRates(gbp("0.85"), ADMIN).status(), "SEK withdrawn");
    JsonObject typo = gbp("0.85").put("rates", gbp("0.85").getJsonObject("rates").copy().put("SEK", "0.00115"));
    Api.Reply jump = setRates(typo, ADMIN);
    assertEquals(400, jump.status(), jump.body());
    assertEquals("FX_RATE_JUMP", jump.errorCode());
    assertTrue(jump.json().getJsonObject("error").getString("message").contains("rates.SEK 0.00115 against 11.5, its last rate"),
        jump.body());
    assertEquals(null, AdminCalls.callAt(node.httpPort(), "GET", "/v1/admin/fx-rates", "dev-viewer-token").json().getJsonObject("rates")
        .getString("SEK"), "nothing saved");
    assertEquals(200, setRates(typo.copy().put("rates", typo.getJsonObject("rates").copy().put("SEK", "11.9")), ADMIN).status(),
        "a rate near its last one");
    assertEquals(200, setRates(gbp("0.85"), ADMIN).status());
  }

  private static JsonObject gbp(String rate) {
    return new JsonObject().put("base", "EUR").put("rates", new JsonObject().put("GBP", rate).put("USD", "1.08"));
  }

  private static String gbpInForce() {
    return AdminCalls.callAt(node.httpPort(), "GET", "/v1/admin/fx-rates", "dev-viewer-token").json().getJsonObject("rates").getString("GBP");
  }

  @Test
  void ratesAreValidatedAndOnlyAnUnscopedAdminSetsThem() {
    assertEquals(403, setRates(new JsonObject().put("base", "EUR").put("rates", new JsonObject().put("GBP", "0.8")), "dev-viewer-token").status());
    assertEquals(400, setRates(new JsonObject().put("base", "GBP").put("rates", new JsonObject().put("EUR", "1.2")), ADMIN).status());
    assertEquals(400, setRates(new JsonObject().put("base", "EUR").put("rates", new JsonObject().put("GBP", 0.85)), ADMIN).status());
    assertEquals(400, setRates(new JsonObject().put("base", "EUR").put("rates", new JsonObject().put("GBP", "-1")), ADMIN).status());
    assertEquals(400, setRates(new JsonObject().put("base", "EUR").put("rates", new JsonObject().put("gbp", "0.8")), ADMIN).status());
    assertEquals(200, setRates(new JsonObject().put("base", "EUR").put("rates", new JsonObject().put("GBP", "0.86")), ADMIN).status());
    // A typo ten thousand times below the rate in force: refused unless confirmed, nothing saved.
    JsonObject typo = new JsonObject().put("base", "EUR").put("rates", new JsonObject().put("GBP", "0.000086"));
    Api.Reply jump = setRates(typo, ADMIN);
    assertEquals(400, jump.status());
    assertEquals("FX_RATE_JUMP", jump.errorCode());
    assertTrue(jump.json().getJsonObject("error").getString("message").contains("rates.GBP 0.000086 against 0.86 in force"), jump.body());
    assertEquals("0.86", gbpInForce());
    assertEquals(400, setRates(typo.copy().put("confirm", "yes"), ADMIN).status());
    assertEquals(200, setRates(typo.copy().put("confirm", true), ADMIN).status(), "a jump that is meant");
    assertEquals("0.000086", gbpInForce());
    assertEquals(200, setRates(new JsonObject().put("base", "EUR").put("rates", new JsonObject().put("GBP", "0.86")).put("confirm", true), ADMIN)
        .status());
    var audit = AdminCalls.callAt(node.httpPort(), "GET", "/v1/admin/audit", ADMIN).json().getJsonArray("entries");
    JsonObject last = audit.getJsonObject(audit.size() - 1);
    assertEquals("fx.rates", last.getString("action"));
    assertTrue(last.getJsonObject("after").getJsonObject("rates").containsKey("GBP"));
  }
}
