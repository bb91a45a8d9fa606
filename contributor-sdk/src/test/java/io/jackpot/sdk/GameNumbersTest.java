package io.jackpot.sdk;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class GameNumbersTest {
  @Test
  void startWithTheRoundsGmtStartTime() {
    Clock clock = Clock.fixed(Instant.parse("2026-11-21T13:45:01.999Z"), ZoneId.of("Asia/Tokyo"));
    String id = GameNumbers.withPrefix("BW", clock).next();
    assertTrue(id.matches("BW-20261121-134501-[0-9a-z]{10}-000001"), id);
  }

  @Test
  void instancesNeverCollideWithoutCoordination() {
    Clock clock = Clock.fixed(Instant.parse("2026-11-21T13:45:01Z"), ZoneId.of("UTC"));
    Set<String> ids = new HashSet<>();
    for (int instance = 0; instance < 200; instance++) {
      GameNumbers numbers = GameNumbers.withPrefix("CC", clock);
      for (int i = 0; i < 100; i++) {
        ids.add(numbers.next());
      }
    }
    assertEquals(20_000, ids.size());
    assertTrue(ids.stream().allMatch(id -> id.length() <= 128));
  }

  @Test
  void prefixesAreChecked() {
    assertThrows(IllegalArgumentException.class, () -> GameNumbers.withPrefix("bw"));
  }
}
