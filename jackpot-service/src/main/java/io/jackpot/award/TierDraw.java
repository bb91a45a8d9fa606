package io.jackpot.award;

import io.jackpot.jackpot.JackpotDefinition;
import io.jackpot.jackpot.PoolDefinition;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.InvalidKeyException;
import java.security.NoSuchAlgorithmException;
import java.util.Optional;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Draws the tier a jackpot-game claim wins, by the pools' draw weights. The draw is
 * HMAC-SHA256(cluster secret, jackpot ‖ operator ‖ round id): unpredictable without the secret
 * (drawn from a strong source and shared by the members), and the same for the same round, so a
 * repeated or concurrent claim can never draw a second tier: there is nothing to re-roll. Round
 * ids are each operator's own, so another operator's round of the same id draws on its own (and
 * one operator's tier tells nothing of another's).
 */
public final class TierDraw {
  private final byte[] secret;

  public TierDraw(byte[] secret) {
    if (secret.length < 32) {
      throw new IllegalArgumentException("the tier-draw secret needs at least 256 bits");
    }
    this.secret = secret.clone();
  }

  /** The drawn pool, or empty when no pool of the jackpot has a draw weight. */
  public Optional<PoolDefinition> draw(JackpotDefinition jackpot, String operatorId, String roundId) {
    return draw(jackpot, operatorId, roundId, p -> true);
  }

  /** Whether a draw among all the jackpot's pools can draw one (some pool has a draw weight). */
  public static boolean drawable(JackpotDefinition jackpot) {
    return total(jackpot, p -> true) > 0;
  }

  private static long total(JackpotDefinition jackpot, java.util.function.Predicate<PoolDefinition> eligible) {
    return jackpot.pools().stream().filter(eligible).mapToLong(PoolDefinition::drawWeight).sum();
  }

  /** The same among the {@code eligible} pools only (the others weigh nothing). */
  public Optional<PoolDefinition> draw(JackpotDefinition jackpot, String operatorId, String roundId,
      java.util.function.Predicate<PoolDefinition> eligible) {
    long total = total(jackpot, eligible);
    if (total <= 0) {
      return Optional.empty();
    }
    long ticket = Long.remainderUnsigned(prf(jackpot.id() + "\u0000" + operatorId + "\u0000" + roundId), total);
    for (PoolDefinition pool : jackpot.pools()) {
      if (eligible.test(pool)) {
        ticket -= pool.drawWeight();
        if (ticket < 0) {
          return Optional.of(pool);
        }
      }
    }
    throw new IllegalStateException("unreachable: ticket beyond total weight");
  }

  private long prf(String input) {
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(secret, "HmacSHA256"));
      return ByteBuffer.wrap(mac.doFinal(input.getBytes(StandardCharsets.UTF_8))).getLong();
    } catch (NoSuchAlgorithmException | InvalidKeyException e) {
      throw new IllegalStateException(e);
    }
  }
}
