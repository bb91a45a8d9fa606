package io.jackpot.pool;

import java.io.Serializable;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;

/**
 * How a pool is won besides a game's claim (every pool can be claimed). Drawn by the service, never
 * by the game: a draw the client could call would be an exploit.
 */
public sealed interface Trigger extends Serializable {
  /** Won only by claim. */
  record Claim() implements Trigger {}

  /** Each contribution wins with probability stake / stakePerHit (certainly when stake ≥ stakePerHit). */
  record Random(long stakePerHitMicros) implements Trigger {
    public Random {
      if (stakePerHitMicros <= 0) {
        throw new IllegalArgumentException("stakePerHit must be positive");
      }
    }
  }

  /**
   * A secret hit point drawn uniformly in [seed, ceiling] at every reseed; the contribution that
   * brings the pool to it wins exactly the hit point (what lies above goes to the reserve, which
   * funds the next seeds; the next cycle starts at its seed), so the pool never pays above the ceiling.
   */
  record MustHitBy(long ceilingMicros) implements Trigger {}

  /**
   * A secret drop time drawn uniformly in each window; the first contribution at or after it wins
   * the whole pool. Windows are back-to-back: of length {@code every}, aligned to multiples of it
   * since 1970-01-01T00:00Z, or ending each day at {@code dailyAt} in {@code zone}.
   */
  record MustDropBy(Duration every, LocalTime dailyAt, ZoneId zone) implements Trigger {
    /** The shortest window (tests and demos). */
    public static final Duration SHORTEST = Duration.ofSeconds(10);
    /** The longest {@code every} window. */
    public static final Duration LONGEST = Duration.ofDays(366);

    public MustDropBy {
      if ((every == null) == (dailyAt == null)) {
        throw new IllegalArgumentException("a drop window is either every or dailyAt");
      }
      if (every != null && (every.compareTo(SHORTEST) < 0 || every.compareTo(LONGEST) > 0 || every.getNano() % 1_000_000 != 0)) {
        throw new IllegalArgumentException("every must be whole milliseconds between " + SHORTEST + " and " + LONGEST);
      }
      if (dailyAt != null && zone == null) {
        throw new IllegalArgumentException("dailyAt needs a zone");
      }
    }

    public static MustDropBy every(Duration every) {
      return new MustDropBy(every, null, null);
    }

    public static MustDropBy dailyAt(LocalTime at, ZoneId zone) {
      return new MustDropBy(null, at, zone);
    }

    /** The window [start, end) that holds {@code t}. */
    public DropWindow windowAt(Instant t) {
      if (every != null) {
        long len = every.toMillis();
        long start = Math.floorDiv(t.toEpochMilli(), len) * len;
        return new DropWindow(Instant.ofEpochMilli(start), Instant.ofEpochMilli(start + len));
      }
      LocalDate day = t.atZone(zone).toLocalDate();
      Instant end = endOn(day);
      while (!end.isAfter(t)) {
        day = day.plusDays(1);
        end = endOn(day);
      }
      Instant start = endOn(day.minusDays(1));
      while (start.isAfter(t)) {
        day = day.minusDays(1);
        end = start;
        start = endOn(day.minusDays(1));
      }
      return new DropWindow(start, end);
    }

    /**
     * The window a new cycle drops in, the last cycle having dropped in {@code last} (null for a
     * pool's first cycle): the one after it; once that is over (a late drop, a long pause), the one
     * after the window running now, which that win took. A first cycle takes what is left of the
     * window running now, or the next one when less than a millisecond is left.
     */
    public DropWindow next(DropWindow last, Instant now) {
      DropWindow running = windowAt(now);
      if (last == null) {
        return running.end().toEpochMilli() - now.toEpochMilli() > 1 ? running : windowAt(running.end());
      }
      return now.isBefore(last.end()) ? windowAt(last.end()) : windowAt(running.end());
    }

    /**
     * The day's end of window in the zone. A time the clocks skip (spring forward) is taken as the
     * instant the clocks reach after the gap; a time they pass twice (fall back), as the first.
     */
    private Instant endOn(LocalDate day) {
      return ZonedDateTime.of(day, dailyAt, zone).toInstant();
    }
  }

  /** One drop window: it starts at {@code start}, the pool must drop before {@code end}. */
  record DropWindow(Instant start, Instant end) implements Serializable {}

  /** How a win came about, as recorded and shown. */
  enum Kind { CLAIM, RANDOM, MUST_HIT_BY, MUST_DROP_BY }
}
