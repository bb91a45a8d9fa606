package io.jackpot.catalogue.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jackpot.catalogue.DefaultCatalogue;
import io.jackpot.catalogue.JackpotDefinition;
import io.jackpot.pool.PoolId;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.List;
import org.junit.jupiter.api.Test;

class DefinitionJsonTest {
  @Test
  void everyDefaultDefinitionReadsBackAsWritten() {
    for (JackpotDefinition j : DefaultCatalogue.create().all()) {
      assertEquals(new DefinitionJson.Parsed.Ok(j), DefinitionJson.parse(j.id(), DefinitionJson.of(j)));
    }
  }

  /** The admin API answers with this list as it is: its order is part of the contract. */
  @Test
  void everyProblemIsNamedInTheOrderOfTheFields() {
    JsonObject candy = DefinitionJson.of(DefaultCatalogue.create().jackpot("candy").orElseThrow());
    JsonObject pool = new JsonObject().put("key", "Bad Key").put("seed", "10.00").put("rate", "0.9")
        .put("reserveRate", "0.2").put("ceiling", "5.00").put("overflowTo", "elsewhere").put("coinValue", "1.00")
        .put("drawWeight", "heavy").put("trigger", new JsonObject().put("type", "SOMETIMES"));
    JsonObject twin = candy.getJsonArray("pools").getJsonObject(0);
    JsonObject bad = candy.copy().put("currency", "euro").put("owner", "").put("routing", "ALL")
        .put("games", new JsonArray().add("chess")).put("pools", new JsonArray().add(pool).add(7).add(twin).add(twin));

    List<String> problems = ((DefinitionJson.Parsed.Invalid) DefinitionJson.parse("bad id", bad)).problems();

    assertEquals(List.of(
        "id must match " + PoolId.ID_RULE,
        "currency is longer than 3 characters",
        "currency must be an ISO 4217 code like EUR",
        "owner is required (a string)",
        problems.get(4), // the known games, listed
        "pools[0].key must match " + PoolId.ID_RULE,
        "pools[0].name is required (a string)",
        "pools[0].ceiling must be above the seed",
        "pools[0].rate + reserveRate must stay below 1",
        "pools[0].overflowTo must be {\"jackpotId\": ..., \"poolKey\": ...} or null",
        "pools[0].coinValue only applies with routing COIN_VALUE",
        "pools[0].drawWeight must be a whole number, got 'heavy'",
        "pools[0].trigger.type must be CLAIM, RANDOM, MUST_HIT_BY or MUST_DROP_BY",
        "pools[1] must be an object",
        "pools[3].key '" + twin.getString("key") + "' is used twice"), problems);
    assertTrue(problems.get(4).startsWith("games[0] 'chess' is not a known game (known: ["), problems.get(4));
  }
}
