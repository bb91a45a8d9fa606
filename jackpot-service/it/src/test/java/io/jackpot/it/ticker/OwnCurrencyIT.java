package io.jackpot.it.ticker;

import static io.jackpot.it.support.Api.batch;
import static io.jackpot.it.support.Api.contribution;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import io.jackpot.JackpotNode;
import io.jackpot.catalogue.Catalogue;
import io.jackpot.catalogue.JackpotDefinition;
import io.jackpot.catalogue.PoolDefinition;
import io.jackpot.catalogue.Routing;
import io.jackpot.it.support.Api;
import io.jackpot.it.support.TestNodes;
import io.jackpot.it.support.TestPostgres;
import io.jackpot.money.Rate;
import io.vertx.core.json.JsonObject;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A jackpot kept in a currency that has no exchange rate (GBP here, no rates set): public reads and
 * the ticker show its amounts in it when asked, at connect and in every update after; a currency
 * no jackpot is kept in still needs a rate.
 */
class OwnCurrencyIT {
  @Test
  void aJackpotsOwnCurrencyIsShownWithoutARateInReadsAndEveryTickerUpdate() throws Exception {
    Catalogue pounds = new Catalogue(List.of(new JackpotDefinition("pounds", "Pounds", "GBP", "demo", List.of("creepy-candy"),
        Routing.ALL, List.of(new PoolDefinition("p", "P", 1_000_000, new Rate(10_000), null)))));
    try (JackpotNode node = TestNodes.start(TestPostgres.freshDatabase(), TestNodes.ownCluster(), pounds)) {
      Api api = new Api(node.httpPort());
      JsonObject read = api.get("/v1/jackpots/pounds/pools/p?currency=GBP").json();
      assertEquals(List.of("GBP", "1.00"), List.of(read.getString("displayCurrency"), read.getString("amountInCurrency")), read.encode());
      assertEquals(400, api.get("/v1/jackpots?currency=JPY").status(), "no jackpot kept in it, no rate");

      try (TickerIT.Subscription sub = TickerIT.Subscription.open(node, "?currency=GBP")) {
        assertNotNull(sub.snapshot(), "a snapshot");
        String item = contribution("OWN-1", "creepy-candy", "5.00", null).replace("\"EUR\"", "\"GBP\"");
        JsonObject applied = Api.results(api.post("/v1/contributions", batch(item))).getJsonObject(0);
        assertEquals("APPLIED", applied.getString("status"), applied.encode());
        JsonObject update = sub.listener().await(m -> TickerIT.hasPool(m, "p", "1.050000"), Duration.ofSeconds(10));
        assertNotNull(update, "an update with the pool at 1.05");
        JsonObject p = update.getJsonArray("pools").stream().map(JsonObject.class::cast)
            .filter(o -> o.getString("poolKey").equals("p")).findFirst().orElseThrow();
        assertEquals("1.05", p.getString("amountInCurrency"), "in the update too, not only at connect: " + update.encode());
      }
    }
  }
}
