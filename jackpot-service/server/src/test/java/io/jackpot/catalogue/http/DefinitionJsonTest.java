package io.jackpot.catalogue.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jackpot.catalogue.DefaultCatalogue;
import io.jackpot.catalogue.JackpotDefinition;
import io.jackpot.catalogue.WinsPerRound;
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

  @Test
  void minStakeAndWinsPerRoundReadBackAsWrittenAndDefaultWhenAbsent() {
    JsonObject candy = DefinitionJson.of(DefaultCatalogue.create().jackpot("candy").orElseThrow());
    assertEquals("ANY", candy.getString("winsPerRound"));
    assertNull(candy.getJsonArray("pools").getJsonObject(0).getString("minStake"));
    JsonObject stored = candy.copy();
    stored.remove("winsPerRound");
    stored.getJsonArray("pools").forEach(p -> ((JsonObject) p).remove("minStake"));
    assertEquals(WinsPerRound.ANY, DefinitionJson.parseStored("candy", stored.encode()).winsPerRound(), "stored before the fields");

    JsonObject one = candy.copy().put("winsPerRound", "ONE");
    one.getJsonArray("pools").getJsonObject(3).put("minStake", "0.2");
    JackpotDefinition read = ((DefinitionJson.Parsed.Ok) DefinitionJson.parse("candy", one)).definition();
    assertEquals(WinsPerRound.ONE, read.winsPerRound());
    assertEquals(200_000, read.pools().get(3).minStakeMicros());
    assertEquals(0, read.pools().get(0).minStakeMicros());
    JsonObject written = DefinitionJson.of(read);
    assertEquals("0.200000", written.getJsonArray("pools").getJsonObject(3).getString("minStake"));
    assertEquals(new DefinitionJson.Parsed.Ok(read), DefinitionJson.parse("candy", written));
  }

  @Test
  void aBadMinStakeOrWinsPerRoundIsNamed() {
    JsonObject candy = DefinitionJson.of(DefaultCatalogue.create().jackpot("candy").orElseThrow()).put("winsPerRound", "TWO");
    candy.getJsonArray("pools").getJsonObject(0).put("minStake", "0");
    candy.getJsonArray("pools").getJsonObject(1).put("minStake", "0.0000001");
    candy.getJsonArray("pools").getJsonObject(2).put("minStake", 1);
    List<String> problems = ((DefinitionJson.Parsed.Invalid) DefinitionJson.parse("candy", candy)).problems();
    assertEquals(4, problems.size(), problems.toString());
    assertEquals("winsPerRound must be ONE or ANY", problems.get(0));
    assertTrue(problems.get(1).startsWith("pools[0].minStake must be greater than zero"), problems.get(1));
    assertTrue(problems.get(2).startsWith("pools[1].minStake "), problems.get(2));
    assertEquals("pools[2].minStake must be a decimal string like \"10.00\"", problems.get(3));
  }
}
