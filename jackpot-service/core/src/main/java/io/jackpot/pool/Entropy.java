package io.jackpot.pool;

import java.io.Serializable;
import java.nio.ByteBuffer;

/**
 * 256 fresh random bits that come with a batch (drawn outside the entry processor from a strong
 * source), from which the pool derives every draw it needs: SHA-256(bits ‖ opSeq ‖ purpose). Keyed
 * by secret random bits, SHA-256 is a pseudo-random function, so the draws are unpredictable to
 * anyone without the bits, yet the backup replica, replaying the batch, derives the same ones.
 */
public record Entropy(long a, long b, long c, long d) implements Serializable {
  /** What a draw is for; different purposes give independent draws at the same operation. */
  public enum Purpose { RANDOM_TRIGGER, HIT_POINT, SALT_HIGH, SALT_LOW, DROP_TIME }

  public static Entropy of(byte[] bits) {
    ByteBuffer buf = ByteBuffer.wrap(bits);
    return new Entropy(buf.getLong(), buf.getLong(), buf.getLong(), buf.getLong());
  }

  /** 64 uniformly distributed bits for the operation {@code opSeq} and the purpose. */
  public long draw(long opSeq, Purpose purpose) {
    ByteBuffer in = ByteBuffer.allocate(8 * 5 + 1);
    in.putLong(a).putLong(b).putLong(c).putLong(d).putLong(opSeq).put((byte) purpose.ordinal());
    return ByteBuffer.wrap(Sha256.of(in.array())).getLong();
  }

  /** Uniform in [0, bound): the 64-bit draw reduced modulo bound (bias below bound / 2^64). */
  public long below(long bound, long opSeq, Purpose purpose) {
    return Long.remainderUnsigned(draw(opSeq, purpose), bound);
  }

  @Override
  public String toString() {
    return "Entropy[secret]";
  }
}
