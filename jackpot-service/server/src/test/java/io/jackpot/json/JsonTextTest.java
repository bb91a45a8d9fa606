package io.jackpot.json;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.vertx.core.json.JsonObject;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

/** Whatever a string holds, it is written as JSON that reads back to the same string. */
class JsonTextTest {
  @Property
  void anyStringReadsBackTheSame(@ForAll String s) {
    StringBuilder out = new StringBuilder("{");
    JsonText.string(JsonText.field(out, "k"), s).append('}');
    assertEquals(s, new JsonObject(out.toString()).getString("k"));
  }

  @Test
  void plainStringsAreCopiedAndOthersEscaped() {
    assertEquals("\"BW-20261121-134501-x-000001\"", JsonText.string(new StringBuilder(), "BW-20261121-134501-x-000001").toString());
    assertEquals("\"a\\\"b\\\\c\\n\\u0001\"", JsonText.string(new StringBuilder(), "a\"b\\c\n\u0001").toString());
  }
}
