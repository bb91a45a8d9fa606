package io.jackpot.sdk.internal;

import com.fasterxml.jackson.jr.ob.JSON;
import io.jackpot.sdk.Contribution;
import io.jackpot.sdk.RoundResult;
import io.jackpot.sdk.Win;
import java.io.IOException;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The API's JSON (API.md), both ways; amounts are decimal strings. */
final class Wire {
  private Wire() {}

  static String batch(String gameId, List<Contribution> items) throws IOException {
    List<Map<String, Object>> list = new ArrayList<>(items.size());
    for (Contribution c : items) {
      Map<String, Object> item = new LinkedHashMap<>();
      item.put("roundId", c.roundId());
      item.put("gameId", gameId);
      item.put("playerId", c.playerId());
      item.put("stake", c.stake().toPlainString());
      item.put("currency", c.currency());
      if (c.coinValue() != null) {
        item.put("coinValue", c.coinValue().toPlainString());
      }
      list.add(item);
    }
    return JSON.std.asString(Map.of("contributions", list));
  }

  @SuppressWarnings("unchecked")
  static List<RoundResult> results(String body) throws IOException {
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
        triggers.add(win((Map<String, Object>) w));
      }
      Map<String, Object> error = (Map<String, Object>) r.get("error");
      out.add(new RoundResult((String) r.get("roundId"), RoundResult.Status.valueOf((String) r.get("status")), shares, triggers,
          error == null ? null : (String) error.get("code"), error == null ? null : (String) error.get("message")));
    }
    return out;
  }

  static Win win(Map<String, Object> w) {
    return new Win((String) w.get("winId"), (String) w.get("jackpotId"), (String) w.get("poolKey"),
        ((Number) w.get("sequence")).longValue(), (String) w.get("roundId"), (String) w.get("playerId"),
        new BigDecimal((String) w.get("amount")), (String) w.get("currency"), new BigDecimal((String) w.get("amountInCurrency")),
        Instant.parse((String) w.get("wonAt")), (String) w.get("trigger"));
  }

  @SuppressWarnings("unchecked")
  static List<Win> wins(String body) throws IOException {
    List<Win> out = new ArrayList<>();
    for (Object w : (List<Object>) JSON.std.mapFrom(body).get("wins")) {
      out.add(win((Map<String, Object>) w));
    }
    return out;
  }

  @SuppressWarnings("unchecked")
  static Win winOf(String body) throws IOException {
    return win(JSON.std.mapFrom(body));
  }

  static Map<String, Object> map(String body) throws IOException {
    return JSON.std.mapFrom(body);
  }

  static String json(Map<String, Object> map) throws IOException {
    return JSON.std.asString(map);
  }
}
