package io.jackpot.admin.http;

import io.jackpot.catalogue.JackpotDefinition;
import io.jackpot.catalogue.http.DefinitionJson;
import io.jackpot.error.ErrorCode;
import io.jackpot.error.Rejection;
import io.jackpot.fx.FxRates;
import io.jackpot.http.JsonFields;
import io.jackpot.money.Decimals;
import io.jackpot.pool.PoolId;
import io.vertx.core.json.JsonObject;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** The bodies of admin changes read into domain values, each problem answered 400 with the field it is in. */
final class AdminBodies {
  private AdminBodies() {}

  /** PUT /v1/admin/jackpots/{id}: the definition as API.md writes it, every problem named at once. */
  static JackpotDefinition definition(String id, JsonObject body) {
    DefinitionJson.Parsed parsed = DefinitionJson.parse(id, body);
    if (parsed instanceof DefinitionJson.Parsed.Invalid invalid) {
      throw Rejection.invalid(ErrorCode.INVALID_DEFINITION, String.join("; ", invalid.problems()));
    }
    JackpotDefinition next = ((DefinitionJson.Parsed.Ok) parsed).definition();
    List<String> badInput = DefinitionJson.newInputProblems(next);
    if (!badInput.isEmpty()) {
      throw Rejection.invalid(ErrorCode.INVALID_DEFINITION, String.join("; ", badInput));
    }
    return next;
  }

  /** PUT /v1/admin/fx-rates: {"base", "rates": {"GBP": "0.85", ...}}, base the pools' currency, each rate a positive decimal string. */
  static FxRates rates(JsonObject body, String base) {
    if (!base.equals(body.getValue("base"))) {
      throw Rejection.invalid(ErrorCode.INVALID_FIELD, "base must be " + base + " (the pools' currency)");
    }
    if (!(body.getValue("rates") instanceof JsonObject rates) || rates.isEmpty()) {
      throw Rejection.invalid(ErrorCode.INVALID_FIELD, "rates must be an object like {\"GBP\": \"0.85\"}");
    }
    Map<String, Long> parsed = new HashMap<>();
    for (String currency : rates.fieldNames()) {
      if (!JsonFields.isCurrencyCode(currency) || currency.equals(base)) {
        throw Rejection.invalid(ErrorCode.INVALID_FIELD, "rates." + currency + ": an ISO 4217 code other than " + base + " is needed");
      }
      Object v = rates.getValue(currency);
      try {
        long ppm = Decimals.parseScaled(v instanceof String t ? t : null, 6);
        if (ppm <= 0 || ppm > 1_000_000_000_000L) {
          throw new IllegalArgumentException("must be positive");
        }
        parsed.put(currency, ppm);
      } catch (IllegalArgumentException e) {
        throw Rejection.invalid(ErrorCode.INVALID_FIELD, "rates." + currency + " " + e.getMessage() + " (a decimal string like \"0.85\")");
      }
    }
    return new FxRates(base, parsed);
  }

  /** The rates' {"confirm": true}: a jump of a rate is meant. */
  static boolean confirmed(JsonObject body) {
    Object confirm = body.getValue("confirm");
    if (confirm != null && !(confirm instanceof Boolean)) {
      throw Rejection.invalid(ErrorCode.INVALID_FIELD, "confirm must be true or false");
    }
    return Boolean.TRUE.equals(confirm);
  }

  /** A discontinuation's reason: 1–500 characters, without control characters. */
  static String reason(JsonObject body) {
    String reason = JsonFields.string(body, "reason", "");
    if (reason.isBlank() || reason.length() > 500 || JsonFields.hasControl(reason)) {
      throw Rejection.invalid(ErrorCode.INVALID_FIELD, "reason must be 1–500 characters, without control characters");
    }
    return reason;
  }

  /** A discontinuation's {"transferTo": {"jackpotId", "poolKey"}}, or null for {"hold": true}; exactly one of them. */
  static PoolId transferTo(JsonObject body) {
    Object to = body.getValue("transferTo");
    boolean hold = Boolean.TRUE.equals(body.getValue("hold"));
    if ((to == null) == !hold) {
      throw Rejection.invalid(ErrorCode.INVALID_FIELD, "give either transferTo {jackpotId, poolKey} or hold: true");
    }
    if (to == null) {
      return null;
    }
    if (!(to instanceof JsonObject t)) {
      throw Rejection.invalid(ErrorCode.INVALID_FIELD, "transferTo must be an object {jackpotId, poolKey}");
    }
    return new PoolId(JsonFields.id(t, "jackpotId", "transferTo."), JsonFields.id(t, "poolKey", "transferTo."));
  }
}
