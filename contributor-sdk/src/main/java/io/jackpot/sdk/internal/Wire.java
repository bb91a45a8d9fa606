package io.jackpot.sdk.internal;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.jr.ob.JSON;
import io.jackpot.sdk.Contribution;
import io.jackpot.sdk.RoundResult;
import io.jackpot.sdk.Win;
import java.io.IOException;
import java.io.StringWriter;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/** The API's JSON (docs/api.md), both ways; amounts are decimal strings. */
final class Wire {
  private Wire() {}

  /** A batch, {"contributions": [...]}, written token by token (no map per item). */
  static String batch(String gameId, List<Contribution> items) throws IOException {
    StringWriter text = new StringWriter(64 + items.size() * 160);
    try (JsonGenerator g = FACTORY.createGenerator(text)) {
      g.writeStartObject();
      g.writeArrayFieldStart("contributions");
      for (Contribution c : items) {
        g.writeStartObject();
        g.writeStringField("roundId", c.roundId());
        g.writeStringField("gameId", gameId);
        g.writeStringField("playerId", c.playerId());
        g.writeStringField("stake", amount(c.stake()));
        g.writeStringField("currency", c.currency());
        if (c.coinValue() != null) {
          g.writeStringField("coinValue", amount(c.coinValue()));
        }
        g.writeEndObject();
      }
      g.writeEndArray();
      g.writeEndObject();
    }
    return text.toString();
  }

  private static final JsonFactory FACTORY = new JsonFactory();

  /**
   * An amount as the service reads it: at most 6 decimals as written. Contribution takes any
   * scale whose value has at most 6 (0.10 × 20.00 × 1.000 is 2.0000000); its trailing zeros are
   * dropped here, or the service would refuse it.
   */
  static String amount(BigDecimal value) {
    return (value.scale() > 6 ? value.stripTrailingZeros() : value).toPlainString();
  }

  /**
   * One item of a batch's answer: the round's result, or, for a status this SDK does not know
   * (docs/api.md may add some), a null result and the status as sent. {@code retryable}: the service
   * marked a REJECTED "not just now".
   */
  record Item(String roundId, String status, RoundResult result, boolean retryable) {}

  /**
   * The answer to a batch, {"results": [...]}, read as a stream of tokens straight into results
   * (a map per item and per share cost most of the SDK's CPU in profiles). Unknown fields are
   * skipped; a missing "results" is an error.
   */
  static List<Item> items(String body) throws IOException {
    try (JsonParser p = FACTORY.createParser(body)) {
      expect(p, p.nextToken(), JsonToken.START_OBJECT);
      List<Item> out = null;
      while (p.nextToken() == JsonToken.FIELD_NAME) {
        String name = p.currentName();
        JsonToken value = p.nextToken();
        if ("results".equals(name)) {
          expect(p, value, JsonToken.START_ARRAY);
          out = new ArrayList<>();
          while (p.nextToken() == JsonToken.START_OBJECT) {
            out.add(result(p));
          }
        } else {
          p.skipChildren();
        }
      }
      if (out == null) {
        throw new IOException("the answer has no results");
      }
      return out;
    }
  }

  /** The answer's results; a status this SDK does not know is an error here (for tests and WireBench: the SDK reads items). */
  static List<RoundResult> results(String body) throws IOException {
    List<RoundResult> out = new ArrayList<>();
    for (Item i : items(body)) {
      if (i.result() == null) {
        throw new IOException("round " + i.roundId() + " has a status this SDK does not know: " + i.status());
      }
      out.add(i.result());
    }
    return out;
  }

  private static final Set<String> STATUSES =
      Arrays.stream(RoundResult.Status.values()).map(Enum::name).collect(Collectors.toUnmodifiableSet());

  private static Item result(JsonParser p) throws IOException {
    String roundId = null;
    String status = null;
    Map<String, Object> error = Map.of();
    boolean retryable = false;
    List<RoundResult.Share> shares = new ArrayList<>();
    List<Win> triggers = null; // most rounds set off none: made at the first (RoundResult takes null as none)
    while (p.nextToken() == JsonToken.FIELD_NAME) {
      String name = p.currentName();
      JsonToken value = p.nextToken();
      switch (name) {
        case "roundId" -> roundId = p.getValueAsString();
        case "status" -> status = p.getValueAsString();
        case "retryable" -> retryable = isTrue(p, value);
        case "contributions" -> shares(p, value, shares);
        case "triggers" -> triggers = triggers(p, value, triggers);
        case "error" -> error = value == JsonToken.START_OBJECT ? scalars(p) : error;
        default -> p.skipChildren();
      }
    }
    if (roundId == null) {
      throw new IOException("a result without roundId");
    }
    RoundResult result = status != null && STATUSES.contains(status) ? new RoundResult(roundId, RoundResult.Status.valueOf(status),
        shares, triggers, (String) error.get("code"), (String) error.get("message")) : null;
    return new Item(roundId, status, result, retryable);
  }

  private static boolean isTrue(JsonParser p, JsonToken value) throws IOException {
    p.skipChildren();
    return value == JsonToken.VALUE_TRUE;
  }

  private static void shares(JsonParser p, JsonToken value, List<RoundResult.Share> shares) throws IOException {
    expect(p, value, JsonToken.START_ARRAY);
    while (p.nextToken() == JsonToken.START_OBJECT) {
      shares.add(share(p));
    }
  }

  private static List<Win> triggers(JsonParser p, JsonToken value, List<Win> triggers) throws IOException {
    expect(p, value, JsonToken.START_ARRAY);
    while (p.nextToken() == JsonToken.START_OBJECT) {
      if (triggers == null) {
        triggers = new ArrayList<>();
      }
      triggers.add(win(scalars(p)));
    }
    return triggers;
  }

  /** One share of a result, read field by field (no map: there is one per pool a round feeds). */
  private static RoundResult.Share share(JsonParser p) throws IOException {
    String jackpotId = null;
    String poolKey = null;
    BigDecimal amount = null;
    BigDecimal poolAmount = null;
    while (p.nextToken() == JsonToken.FIELD_NAME) {
      String name = p.currentName();
      JsonToken value = p.nextToken();
      if (!value.isScalarValue()) {
        p.skipChildren();
        continue;
      }
      switch (name) {
        case "jackpotId" -> jackpotId = p.getValueAsString();
        case "poolKey" -> poolKey = p.getValueAsString();
        case "amount" -> amount = decimal(p, name);
        case "poolAmount" -> poolAmount = decimal(p, name);
        default -> { }
      }
    }
    if (amount == null || poolAmount == null) {
      throw new IOException("a share without amount or poolAmount at " + p.currentLocation());
    }
    return new RoundResult.Share(jackpotId, poolKey, amount, poolAmount);
  }

  private static BigDecimal decimal(JsonParser p, String name) throws IOException {
    String text = p.getValueAsString();
    if (text == null) {
      throw new IOException("a share's " + name + " is not a decimal string at " + p.currentLocation());
    }
    return new BigDecimal(text);
  }

  /** The scalar fields of the object the parser is in (numbers as numbers, the rest as text); nested values skipped. */
  private static Map<String, Object> scalars(JsonParser p) throws IOException {
    Map<String, Object> out = new HashMap<>();
    while (p.nextToken() == JsonToken.FIELD_NAME) {
      String name = p.currentName();
      JsonToken value = p.nextToken();
      if (value.isNumeric()) {
        out.put(name, p.getNumberValue());
      } else if (value.isScalarValue()) {
        out.put(name, value == JsonToken.VALUE_NULL ? null : p.getValueAsString());
      } else {
        p.skipChildren();
      }
    }
    return out;
  }

  private static void expect(JsonParser p, JsonToken got, JsonToken wanted) throws IOException {
    if (got != wanted) {
      throw new IOException("expected " + wanted + " but found " + got + " at " + p.currentLocation());
    }
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
