package io.jackpot.it.catalogue;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.jackpot.catalogue.hz.HzCatalogue;
import io.jackpot.cluster.Versioned;
import io.jackpot.fx.hz.HzFxRates;
import io.jackpot.it.support.AdminCalls;
import io.jackpot.it.support.Api;
import io.jackpot.it.support.OneNode;
import io.vertx.core.json.JsonObject;
import org.junit.jupiter.api.Test;

/**
 * A change saved in the ledger but overtaken, before this member could publish it, by a newer one
 * another member published (simulated by putting a higher-numbered copy of what is in force into
 * the shared map): the PUT is refused 409 and the definition in force stays the newer one (its
 * name and the map's version; the rates' own case likewise keeps the newer set in force).
 */
class PublishOvertakenIT extends OneNode {
  private static final String ADMIN = "dev-admin-token";

  @Test
  void aDefinitionOvertakenBeforeItsPublishIsRefusedAndChangesNothing() {
    JsonObject inForce = AdminCalls.callAt(node.httpPort(), "GET", "/v1/admin/jackpots/candy", ADMIN).json().getJsonObject("definition");
    node.hazelcast().<String, String>getMap(HzCatalogue.MAP).put("candy", Versioned.stamp(inForce, 1000));

    JsonObject change = inForce.copy().put("name", "Renamed Candy");
    Api.Reply refused = AdminCalls.callAt(node.httpPort(), "PUT", "/v1/admin/jackpots/candy", ADMIN, change.encode());
    assertEquals(409, refused.status(), refused.body());
    assertEquals("DEFINITION_CHANGED", refused.errorCode());
    assertEquals(inForce.getString("name"), api.get("/v1/jackpots/candy").json().getString("name"), "the newer version stays in force");
    assertEquals(1000, Versioned.versionOf(node.hazelcast().<String, String>getMap(HzCatalogue.MAP).get("candy")));
  }

  @Test
  void exchangeRatesOvertakenBeforeTheirPublishAreRefusedAndChangeNothing() {
    String path = "/v1/admin/fx-rates";
    assertEquals(200, AdminCalls.callAt(node.httpPort(), "PUT", path, ADMIN, rates("0.85")).status());
    node.hazelcast().<String, String>getMap(HzFxRates.MAP).put("current", Versioned.stamp(new JsonObject(rates("0.85")), 1000));

    Api.Reply refused = AdminCalls.callAt(node.httpPort(), "PUT", path, ADMIN, rates("0.90"));
    assertEquals(409, refused.status(), refused.body());
    assertEquals("FX_RATES_CHANGED", refused.errorCode());
    assertEquals("0.85", AdminCalls.callAt(node.httpPort(), "GET", path, "dev-viewer-token").json().getJsonObject("rates").getString("GBP"));
  }

  private static String rates(String gbp) {
    return new JsonObject().put("base", "EUR").put("rates", new JsonObject().put("GBP", gbp)).encode();
  }
}
