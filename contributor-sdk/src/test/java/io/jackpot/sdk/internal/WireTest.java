package io.jackpot.sdk.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.jr.ob.JSON;
import io.jackpot.sdk.Contribution;
import io.jackpot.sdk.RoundResult;
import io.jackpot.sdk.Win;
import java.io.IOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Reading a batch's answer as a token stream gives what reading it into maps gave. */
class WireTest {
  private static final String ANSWER = """
      {"results": [
        {"roundId": "BW-1", "status": "APPLIED", "contributions": [
           {"jackpotId": "candy", "poolKey": "mini", "amount": "0.0000015", "poolAmount": "5000.000001000001"},
           {"jackpotId": "candy", "poolKey": "grand", "amount": "0.010000", "poolAmount": "10000.010000", "extra": {"a": [1, 2]}}],
         "triggers": [{"winId": "candy/mini/3", "jackpotId": "candy", "poolKey": "mini", "sequence": 3, "roundId": "BW-1",
           "playerId": "p-1", "gameId": "dont-eat-the-candy", "amount": "10.500000", "currency": "EUR", "amountInCurrency": "10.50",
           "seed": "10.000000", "wonAt": "2026-11-21T13:45:01.123Z", "trigger": "RANDOM", "hitPoint": null, "nested": {"x": 1}}]},
        {"status": "PAUSED", "roundId": "q\\"uote", "contributions": [], "triggers": [], "future": [{"x": [true]}]},
        {"roundId": "BW-3", "status": "REJECTED", "contributions": [], "triggers": [],
         "error": {"code": "ROUND_ID_CONFLICT", "message": "round BW-3 was already sent\\nwith other content"}}
      ], "more": {"ignored": true}}""";

  @Test
  void everyKindOfResultReadsAsWithMaps() throws IOException {
    assertEquals(withMaps(ANSWER), Wire.results(ANSWER));
    RoundResult first = Wire.results(ANSWER).get(0);
    assertEquals(new BigDecimal("5000.000001000001"), first.shares().get(0).poolAmount());
    assertEquals(3, first.triggers().get(0).sequence());
    assertEquals("q\"uote", Wire.results(ANSWER).get(1).roundId());
    assertThrows(UnsupportedOperationException.class, () -> first.shares().clear(), "a result is immutable, as its javadoc says");
    assertThrows(UnsupportedOperationException.class, () -> first.triggers().clear());
  }

  @Test
  void anAnswerWithoutResultsIsAnError() {
    assertThrows(IOException.class, () -> Wire.results("{\"error\": {\"code\": \"X\"}}"));
    assertThrows(IOException.class, () -> Wire.results("[]"));
    assertThrows(IOException.class, () -> Wire.results("{\"results\": [{\"status\": \"APPLIED\"}]}"));
    assertThrows(IOException.class, () -> Wire.results("{\"results\": [{\"roundId\": \"R\", \"status\": \"APPLIED\","
        + " \"contributions\": [{\"jackpotId\": \"candy\", \"poolKey\": \"mini\", \"poolAmount\": \"1\"}]}]}"));
  }

  @Test
  void aBatchWritesAsWithMaps() throws IOException {
    List<Contribution> items = List.of(
        Contribution.of("BW-20261121-134501-abc-000001", "p\"1\\ {}/'", "1.50", "EUR").withCoinValue("0.10"),
        Contribution.of("CC-2", "player-2", "20000.000001", "JPY"));
    List<Map<String, Object>> list = new ArrayList<>();
    for (Contribution c : items) {
      Map<String, Object> item = new LinkedHashMap<>();
      item.put("roundId", c.roundId());
      item.put("gameId", "bewitched");
      item.put("playerId", c.playerId());
      item.put("stake", c.stake().toPlainString());
      item.put("currency", c.currency());
      if (c.coinValue() != null) {
        item.put("coinValue", c.coinValue().toPlainString());
      }
      list.add(item);
    }
    String written = Wire.batch("bewitched", items);
    assertEquals(JSON.std.mapFrom(JSON.std.asString(Map.of("contributions", list))), JSON.std.mapFrom(written));
    assertEquals(false, written.contains("\"coinValue\":null"), written);
  }

  /**
   * An amount with more decimals as written than the service reads, but no more in value (a
   * product of decimals), is sent without its trailing zeros; the SDK accepted it, so the service
   * must not refuse it.
   */
  @Test
  @SuppressWarnings("unchecked")
  void amountsAreSentWithAtMostSixDecimals() throws IOException {
    BigDecimal stake = new BigDecimal("0.10").multiply(new BigDecimal("20.00")).multiply(new BigDecimal("1.000"));
    assertEquals(7, stake.scale());
    Contribution c = new Contribution("BW-1", "p", stake, "EUR", new BigDecimal("0.100000000"));
    Map<String, Object> item = ((List<Map<String, Object>>) JSON.std.mapFrom(Wire.batch("bewitched", List.of(c))).get("contributions")).get(0);
    assertEquals("2", item.get("stake"));
    assertEquals("0.1", item.get("coinValue"));
    assertEquals("1.50", Wire.amount(new BigDecimal("1.50")), "an amount the service reads is sent as given");
    assertEquals("100", Wire.amount(new BigDecimal("1E+2")), "never in exponent form");
  }

  @Test
  void aStatusTheSdkDoesNotKnowIsAnItemOfItsOwnAndRetryableIsRead() throws IOException {
    List<Wire.Item> items = Wire.items("{\"results\": [{\"roundId\": \"R-1\", \"status\": \"LATER\"},"
        + " {\"roundId\": \"R-2\", \"status\": \"REJECTED\", \"retryable\": true, \"error\": {\"code\": \"OVERLOADED\"}},"
        + " {\"roundId\": \"R-3\", \"status\": \"APPLIED\", \"retryable\": {\"odd\": [1]}}]}");
    assertEquals(null, items.get(0).result());
    assertEquals("LATER", items.get(0).status());
    assertEquals(true, items.get(1).retryable());
    assertEquals(false, items.get(2).retryable());
    assertEquals(RoundResult.Status.APPLIED, items.get(2).result().status());
    assertThrows(IOException.class, () -> Wire.results("{\"results\": [{\"roundId\": \"R-1\", \"status\": \"LATER\"}]}"));
  }

  /** The former reading, through maps: the reference. */
  @SuppressWarnings("unchecked")
  private static List<RoundResult> withMaps(String body) throws IOException {
    List<RoundResult> out = new ArrayList<>();
    for (Object o : (List<Object>) JSON.std.mapFrom(body).get("results")) {
      Map<String, Object> r = (Map<String, Object>) o;
      List<RoundResult.Share> shares = new ArrayList<>();
      for (Object s : (List<Object>) r.getOrDefault("contributions", List.of())) {
        Map<String, Object> share = (Map<String, Object>) s;
        shares.add(new RoundResult.Share((String) share.get("jackpotId"), (String) share.get("poolKey"),
            new BigDecimal((String) share.get("amount")), new BigDecimal((String) share.get("poolAmount"))));
      }
      List<Win> triggers = new ArrayList<>();
      for (Object w : (List<Object>) r.getOrDefault("triggers", List.of())) {
        triggers.add(Wire.win((Map<String, Object>) w));
      }
      Map<String, Object> error = (Map<String, Object>) r.get("error");
      out.add(new RoundResult((String) r.get("roundId"), RoundResult.Status.valueOf((String) r.get("status")), shares, triggers,
          error == null ? null : (String) error.get("code"), error == null ? null : (String) error.get("message")));
    }
    return out;
  }
}
