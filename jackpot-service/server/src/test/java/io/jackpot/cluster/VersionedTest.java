package io.jackpot.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
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
    ConcurrentHashMap<String, String> map = new ConcurrentHashMap<>();
    assertEquals(3, Versioned.putIfNewer(map, "a", 3, three), "into an empty map");
    assertEquals(3, Versioned.putIfNewer(map, "a", 2, two), "older: the newer stays in force");
    assertEquals(3, Versioned.putIfNewer(map, "a", 3, three), "a retry of what is there");
    assertEquals(three, map.get("a"));
    map.put("a", "{\"name\":\"unnumbered\"}");
    assertEquals(2, Versioned.putIfNewer(map, "a", 2, two), "over a value of an earlier release");
    assertEquals(two, map.get("a"));
  }

  /** A value that changes between the read and the compare-and-set is read again, never overwritten blind. */
  @Test
  void aValueChangedMeanwhileIsReadAgain() {
    String five = Versioned.stamp(new JsonObject().put("name", "five"), 5);
    String four = Versioned.stamp(new JsonObject().put("name", "four"), 4);
    ConcurrentHashMap<String, String> map = new ConcurrentHashMap<>() {
      private boolean raced;

      @Override
      public boolean replace(String key, String expected, String value) {
        if (!raced) {
          raced = true;
          put(key, five); // another member's newer publish lands between this one's read and its write
        }
        return super.replace(key, expected, value);
      }
    };
    map.put("a", Versioned.stamp(new JsonObject().put("name", "one"), 1));
    assertEquals(5, Versioned.putIfNewer(map, "a", 4, four));
    assertEquals(five, map.get("a"));
  }
}
