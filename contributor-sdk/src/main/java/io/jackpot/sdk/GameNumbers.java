package io.jackpot.sdk;

import java.security.SecureRandom;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Round ids ("game numbers") as PREFIX-YYYYMMDD-HHMMSS-INSTANCE-COUNTER. The start time in GMT comes
 * first, as players and support read it. 50 random bits name the instance, so ids of any number of
 * game instances never collide, with no coordination. Thread-safe.
 */
public final class GameNumbers {
  private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("uuuuMMdd-HHmmss").withZone(ZoneOffset.UTC);
  private static final String ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";

  private final String prefix;
  private final String instance;
  private final Clock clock;
  private final AtomicLong counter = new AtomicLong();
  /** The id up to the counter for the last second seen: formatting the time once a second, not per round. */
  private volatile Head head = new Head(Long.MIN_VALUE, "");

  private record Head(long epochSecond, String text) {}

  private GameNumbers(String prefix, Clock clock) {
    this.prefix = prefix;
    this.clock = clock;
    SecureRandom random = new SecureRandom();
    StringBuilder id = new StringBuilder();
    for (int i = 0; i < 10; i++) {
      id.append(ALPHABET.charAt(random.nextInt(32)));
    }
    this.instance = id.toString();
  }

  /** Round ids starting with {@code prefix} (e.g. "BW"), timed by the system clock. */
  public static GameNumbers withPrefix(String prefix) {
    return withPrefix(prefix, Clock.systemUTC());
  }

  /** The same, timed by {@code clock} (tests; the ids keep their GMT time first whatever the clock's zone). */
  public static GameNumbers withPrefix(String prefix, Clock clock) {
    if (!prefix.matches("[A-Z0-9]{1,16}")) {
      throw new IllegalArgumentException("prefix must be 1–16 capital letters or digits");
    }
    return new GameNumbers(prefix, clock);
  }

  /** A new round id, starting with the current GMT time. */
  public String next() {
    Instant now = clock.instant();
    Head h = head;
    if (h.epochSecond() != now.getEpochSecond()) {
      h = new Head(now.getEpochSecond(), prefix + "-" + TIME.format(now) + "-" + instance + "-");
      head = h;
    }
    String n = Long.toString(counter.incrementAndGet());
    StringBuilder id = new StringBuilder(h.text().length() + Math.max(6, n.length())).append(h.text());
    for (int pad = n.length(); pad < 6; pad++) {
      id.append('0');
    }
    return id.append(n).toString();
  }
}
