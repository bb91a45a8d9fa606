package io.jackpot.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.json.JsonObject;
import java.util.AbstractMap.SimpleEntry;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class VersionedTest {
  @Test
  void aMemberAppliesOnlyWhatIsNewerThanWhatItHas() {
    Versioned versions = new Versioned();
    List<String> applied = new ArrayList<>();
    assertTrue(versions.apply("a", 3, () -> applied.add("a3")));
    assertFalse(versions.apply("a", 2, () -> applied.add("a2")), "older");
    assertFalse(versions.apply("a", 3, () -> applied.add("a3 again")), "the same again");
    assertTrue(versions.apply("b", 1, () -> applied.add("b1")), "another key has its own numbers");
    assertTrue(versions.apply("a", 4, () -> applied.add("a4")));
    assertEquals(List.of("a3", "b1", "a4"), applied);
  }

  @Test
  void aValueWithoutANumberFromAnEarlierReleaseIsAppliedAndAnyNumberedOneReplacesIt() {
    Versioned versions = new Versioned();
    List<String> applied = new ArrayList<>();
    versions.apply("a", 5, () -> applied.add("a5"));
    assertTrue(versions.apply("a", Versioned.versionOf("{\"id\":\"a\"}"), () -> applied.add("unnumbered")));
    assertTrue(versions.apply("a", 1, () -> applied.add("a1")));
    assertEquals(List.of("a5", "unnumbered", "a1"), applied);
  }

  @Test
  void theMapKeepsTheNewerValue() {
    String three = Versioned.stamp(new JsonObject().put("name", "three"), 3);
    String two = Versioned.stamp(new JsonObject().put("name", "two"), 2);
    Map.Entry<String, String> entry = new SimpleEntry<>("a", null);
    assertTrue(new Versioned.PutIfNewer(3, three).process(entry), "into an empty entry");
    assertFalse(new Versioned.PutIfNewer(2, two).process(entry));
    assertFalse(new Versioned.PutIfNewer(3, three).process(entry), "a retry of what is there");
    assertEquals(three, entry.getValue());
    entry.setValue("{\"name\":\"unnumbered\"}");
    assertTrue(new Versioned.PutIfNewer(2, two).process(entry), "over a value of an earlier release");
    assertEquals(2, Versioned.versionOf(entry.getValue()));
  }
}
