package io.jackpot.admin.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jackpot.error.ErrorCode;
import io.jackpot.error.Rejection;
import io.jackpot.fx.FxRates;
import io.jackpot.pool.PoolId;
import io.vertx.core.json.JsonObject;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Admin request bodies read into domain values; a bad one is a 400 naming its field. */
class AdminBodiesTest {
  private static Rejection refused(Runnable read) {
    Rejection r = assertThrows(Rejection.class, read::run);
    assertEquals(Rejection.Kind.INVALID, r.kind());
    return r;
  }

  @Test
  void ratesAreReadAsPpmAgainstTheBase() {
    JsonObject body = new JsonObject().put("base", "EUR").put("rates", new JsonObject().put("GBP", "0.86").put("USD", "1.1"));
    assertEquals(new FxRates("EUR", Map.of("GBP", 860_000L, "USD", 1_100_000L)), AdminBodies.rates(body, "EUR"));
    assertFalse(AdminBodies.confirmed(body));
    assertTrue(AdminBodies.confirmed(body.copy().put("confirm", true)));
  }

  @Test
  void badRatesNameTheirField() {
    JsonObject rates = new JsonObject().put("GBP", "0.86");
    assertEquals("base must be EUR (the pools' currency)",
        refused(() -> AdminBodies.rates(new JsonObject().put("base", "USD").put("rates", rates), "EUR")).getMessage());
    assertEquals("rates must be an object like {\"GBP\": \"0.85\"}",
        refused(() -> AdminBodies.rates(new JsonObject().put("base", "EUR").put("rates", new JsonObject()), "EUR")).getMessage());
    assertEquals("rates.EUR: an ISO 4217 code other than EUR is needed", refused(() -> AdminBodies.rates(
        new JsonObject().put("base", "EUR").put("rates", new JsonObject().put("EUR", "1")), "EUR")).getMessage());
    assertEquals("rates.GBP must be positive (a decimal string like \"0.85\")", refused(() -> AdminBodies.rates(
        new JsonObject().put("base", "EUR").put("rates", new JsonObject().put("GBP", "0")), "EUR")).getMessage());
    assertEquals(ErrorCode.INVALID_FIELD, refused(() -> AdminBodies.rates(
        new JsonObject().put("base", "EUR").put("rates", new JsonObject().put("GBP", 0.86)), "EUR")).code(), "a number, not a string");
    assertEquals("confirm must be true or false", refused(() -> AdminBodies.confirmed(new JsonObject().put("confirm", "yes"))).getMessage());
  }

  @Test
  void aDiscontinuationTransfersOrHoldsNeverBoth() {
    assertEquals(new PoolId("candy", "mega"), AdminBodies.transferTo(
        new JsonObject().put("transferTo", new JsonObject().put("jackpotId", "candy").put("poolKey", "mega"))));
    assertNull(AdminBodies.transferTo(new JsonObject().put("hold", true)));
    for (JsonObject both : new JsonObject[] {new JsonObject(), new JsonObject().put("hold", true).put("transferTo", new JsonObject())}) {
      assertEquals("give either transferTo {jackpotId, poolKey} or hold: true", refused(() -> AdminBodies.transferTo(both)).getMessage());
    }
    assertEquals("transferTo must be an object {jackpotId, poolKey}",
        refused(() -> AdminBodies.transferTo(new JsonObject().put("transferTo", "candy/mega"))).getMessage());
    assertEquals("reason must be 1–500 characters, without control characters",
        refused(() -> AdminBodies.reason(new JsonObject().put("reason", "a\u0000b"))).getMessage());
    assertEquals("retired", AdminBodies.reason(new JsonObject().put("reason", "retired")));
  }
}
