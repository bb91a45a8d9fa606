package io.jackpot.pool;

import io.jackpot.money.Money;
import java.io.Serializable;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;

/**
 * A must-hit pool's secret for one cycle: the hit point, a salt, and the commitment
 * SHA-256("&lt;hit point&gt;:&lt;salt&gt;") that is published while the secret is kept. Revealed with the
 * win, anyone can recompute the commitment and see that the hit point was fixed before play.
 */
public record MustHit(long hitMicros, String salt, String commitment) implements Serializable {

  /** Draws the hit point uniformly in [seed, ceiling] for the cycle that starts at {@code opSeq}. */
  public static MustHit draw(long seedMicros, long ceilingMicros, Entropy entropy, long opSeq) {
    long hit = seedMicros + entropy.below(ceilingMicros - seedMicros + 1, opSeq, Entropy.Purpose.HIT_POINT);
    String salt = String.format("%016x%016x", entropy.draw(opSeq, Entropy.Purpose.SALT_HIGH),
        entropy.draw(opSeq, Entropy.Purpose.SALT_LOW));
    return new MustHit(hit, salt, commit(Money.ofMicros(hit).toPlainString(), salt));
  }

  /** The commitment to a hit point (decimal string, six decimals) and salt (hex). */
  public static String commit(String hitPoint, String salt) {
    return HexFormat.of().formatHex(Sha256.of((hitPoint + ":" + salt).getBytes(StandardCharsets.UTF_8)));
  }

  /** True when the revealed hit point and salt are the ones committed to. */
  public static boolean verify(String hitPoint, String salt, String commitment) {
    return MessageDigest.isEqual(commit(hitPoint, salt).getBytes(StandardCharsets.US_ASCII),
        commitment.getBytes(StandardCharsets.US_ASCII));
  }

  public String hitPoint() {
    return Money.ofMicros(hitMicros).toPlainString();
  }

  @Override
  public String toString() {
    return "MustHit[commitment=" + commitment + "]";
  }
}
