package io.jackpot.catalogue.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jackpot.catalogue.Catalogue;
import io.jackpot.catalogue.DefaultCatalogue;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CatalogueFileTest {
  @TempDir
  Path dir;

  @Test
  void theSeedGamesJackpotsUnlessSaidOtherwiseOrNone() {
    assertEquals(DefaultCatalogue.create().all(), CatalogueFile.load(null).all());
    assertEquals(DefaultCatalogue.create().all(), CatalogueFile.load(" default ").all());
    assertTrue(CatalogueFile.load("none").all().isEmpty());
  }

  /** What jackpotctl show prints (a definition with its id) is what the file holds: the default catalogue round-trips. */
  @Test
  void aFileOfDefinitionsIsTheCatalogue() throws Exception {
    JsonArray jackpots = new JsonArray();
    DefaultCatalogue.create().all().forEach(j -> jackpots.add(DefinitionJson.of(j)));
    Path file = write(new JsonObject().put("jackpots", jackpots));
    Catalogue loaded = CatalogueFile.load(file.toString());
    assertEquals(DefaultCatalogue.create().all(), loaded.all());
  }

  @Test
  void anythingWrongRefusesTheStartWithEveryProblemNamed() throws Exception {
    JsonObject candy = DefinitionJson.of(DefaultCatalogue.create().jackpot("candy").orElseThrow());
    JsonObject bad = candy.copy().put("id", "bad").put("currency", "euro");
    bad.getJsonArray("pools").getJsonObject(0).put("name", "Mini\u001b[2J");
    JsonObject overflow = candy.copy().put("id", "spill");
    overflow.getJsonArray("pools").getJsonObject(2).put("ceiling", "5000.00") // major: a RANDOM pool, given a ceiling
        .put("overflowTo", new JsonObject().put("jackpotId", "nope").put("poolKey", "x"));
    String message = refused(new JsonObject().put("jackpots", new JsonArray().add(bad).add(candy).add(candy.copy()).add(overflow)));
    assertTrue(message.contains("jackpots[0] (bad): currency"), message);
    assertTrue(message.contains("jackpots[2]: jackpot candy is defined twice"), message);
    assertTrue(message.contains("spill/major.overflowTo: nope/x"), message);

    JsonObject controlName = candy.copy();
    controlName.getJsonArray("pools").getJsonObject(0).put("name", "Mini\u001b[2J");
    assertTrue(refused(new JsonObject().put("jackpots", new JsonArray().add(controlName))).contains("candy: pools[0].name must be plain text"));
    assertTrue(refused(new JsonObject().put("pools", new JsonArray())).contains("{\"jackpots\""));
    JsonObject pounds = candy.copy().put("id", "pounds").put("currency", "GBP");
    assertTrue(refused(new JsonObject().put("jackpots", new JsonArray().add(candy).add(pounds)))
        .contains("pounds: game dont-eat-the-candy also feeds candy in EUR"));
    IllegalArgumentException unreadable = assertThrows(IllegalArgumentException.class,
        () -> CatalogueFile.load(dir.resolve("missing.json").toString()));
    assertTrue(unreadable.getMessage().startsWith("JACKPOT_INITIAL_CATALOGUE: cannot read"), unreadable.getMessage());
  }

  private String refused(JsonObject content) throws Exception {
    Path file = write(content);
    return assertThrows(IllegalArgumentException.class, () -> CatalogueFile.load(file.toString())).getMessage();
  }

  private Path write(JsonObject content) throws Exception {
    Path file = Files.createTempFile(dir, "catalogue", ".json");
    Files.writeString(file, content.encodePrettily());
    return file;
  }
}
