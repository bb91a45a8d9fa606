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
  void theTimeFollowsTheClockAndTheCounterKeepsCounting() {
    Instant[] now = {Instant.parse("2026-11-21T23:59:59.500Z")};
    Clock clock = new Clock() {
      @Override
      public ZoneId getZone() {
        return ZoneId.of("UTC");
      }

      @Override
      public Clock withZone(ZoneId zone) {
        return this;
      }

      @Override
      public Instant instant() {
        return now[0];
      }
    };
    GameNumbers numbers = GameNumbers.withPrefix("BW", clock);
    String first = numbers.next();
    now[0] = Instant.parse("2026-11-22T00:00:00.001Z");
    String second = numbers.next();
    assertTrue(first.matches("BW-20261121-235959-[0-9a-z]{10}-000001"), first);
    assertTrue(second.matches("BW-20261122-000000-[0-9a-z]{10}-000002"), second);
    for (int i = 3; i <= 1_000_000; i++) {
      numbers.next();
    }
    assertTrue(numbers.next().endsWith("-1000001"));
  }

  @Test
  void prefixesAreChecked() {
    assertThrows(IllegalArgumentException.class, () -> GameNumbers.withPrefix("bw"));
  }
}
