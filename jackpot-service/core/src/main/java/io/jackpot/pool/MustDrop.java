package io.jackpot.pool;

import java.io.Serializable;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/**
 * A must-drop pool's secret for one cycle: its window, the drop time drawn in it, a salt, and the
 * commitment SHA-256("&lt;dropAt&gt;:&lt;salt&gt;") published while the time is kept secret (the
 * scheme of {@link MustHit#commit}).
 *
 * @param from when the window started (the share of the window gone by is shown from it)
 * @param dropBy the window's end: the pool drops before it
 * @param dropAt the secret drop time, in milliseconds
 */
public record MustDrop(Instant from, Instant dropBy, Instant dropAt, String salt, String commitment) implements Serializable {
  private static final DateTimeFormatter ISO_MILLIS = DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSS'Z'").withZone(ZoneOffset.UTC);

  /**
   * Draws the drop time uniformly in [max(now, window start), window end), in whole milliseconds
   * after {@code now}, for the cycle that starts at {@code opSeq}: a contribution applied with the
   * draw (in the same batch) cannot reach it.
   */
  public static MustDrop draw(Trigger.DropWindow window, Instant now, Entropy entropy, long opSeq) {
    long lo = Math.max(now.toEpochMilli() + 1, window.start().toEpochMilli());
    long hi = window.end().toEpochMilli();
    if (lo >= hi) {
      throw new IllegalArgumentException("a drop window that is over: " + window + " at " + now);
    }
    Instant at = Instant.ofEpochMilli(lo + entropy.below(hi - lo, opSeq, Entropy.Purpose.DROP_TIME));
    String salt = String.format("%016x%016x", entropy.draw(opSeq, Entropy.Purpose.SALT_HIGH),
        entropy.draw(opSeq, Entropy.Purpose.SALT_LOW));
    return new MustDrop(window.start(), window.end(), at, salt, MustHit.commit(iso(at), salt));
  }

  /** ISO-8601 in UTC with milliseconds, as the commitment and the wire write a time: 2026-12-03T22:00:00.000Z. */
  public static String iso(Instant t) {
    return ISO_MILLIS.format(t);
  }

  /** The window this secret drops in. */
  public Trigger.DropWindow window() {
    return new Trigger.DropWindow(from, dropBy);
  }

  /** Whether a contribution applied at {@code now} reaches the drop time. */
  public boolean reachedAt(Instant now) {
    return now != null && !now.isBefore(dropAt);
  }

  @Override
  public String toString() {
    return "MustDrop[dropBy=" + dropBy + ", commitment=" + commitment + "]";
  }
}
