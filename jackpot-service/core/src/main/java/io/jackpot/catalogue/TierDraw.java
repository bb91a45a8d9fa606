package io.jackpot.catalogue;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.InvalidKeyException;
import java.security.NoSuchAlgorithmException;
import java.util.Optional;
import java.util.function.Predicate;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Draws the tier a jackpot-game claim wins, by the pools' draw weights, from
 * HMAC-SHA256(cluster secret, jackpot ‖ operator ‖ round id). Unpredictable without the secret and
 * the same for the same round, so a repeated or concurrent claim has nothing to re-roll. Each
 * operator's round ids draw on their own.
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

  private static long total(JackpotDefinition jackpot, Predicate<PoolDefinition> eligible) {
    return jackpot.pools().stream().filter(eligible).mapToLong(PoolDefinition::drawWeight).sum();
  }

  /** The same among the {@code eligible} pools only (the others weigh nothing). */
  public Optional<PoolDefinition> draw(JackpotDefinition jackpot, String operatorId, String roundId,
      Predicate<PoolDefinition> eligible) {
    long total = total(jackpot, eligible);
    if (total <= 0) {
      return Optional.empty();
    }
    return Optional.of(pick(jackpot, eligible, total, prf(keyed(), input(jackpot, operatorId, roundId))));
  }

  /** Draws {@link #drawUsable} makes before it falls back to weighted rendezvous among the usable pools. */
  static final int MAX_DRAWS = 1000;

  /**
   * Draws among the {@code eligible} pools until one lands on a {@code usable} pool. The draws are a
   * fixed sequence per round, starting with {@link #draw}'s. So a round's tier does not move when
   * other pools leave use: a claim and its retry across such a change cannot pay two tiers. After
   * {@link #MAX_DRAWS} misses it falls back to weighted rendezvous among the usable pools (lowest
   * −ln(u_p) / w_p, u_p from the round's HMAC and p's key), which is just as stable.
   */
  public Optional<PoolDefinition> drawUsable(JackpotDefinition jackpot, String operatorId, String roundId,
      Predicate<PoolDefinition> eligible, Predicate<PoolDefinition> usable) {
    long total = total(jackpot, eligible);
    if (total(jackpot, eligible.and(usable)) <= 0) {
      return Optional.empty();
    }
    String input = input(jackpot, operatorId, roundId);
    Mac mac = keyed(); // one for every draw of the round: doFinal resets it
    for (int k = 0; k < MAX_DRAWS; k++) {
      PoolDefinition pool = pick(jackpot, eligible, total, prf(mac, k == 0 ? input : input + "\u0000#" + k));
      if (usable.test(pool)) {
        return Optional.of(pool);
      }
    }
    return Optional.of(rendezvous(jackpot, mac, input, eligible.and(usable)));
  }

  private static PoolDefinition rendezvous(JackpotDefinition jackpot, Mac mac, String input,
      Predicate<PoolDefinition> among) {
    PoolDefinition best = null;
    double bestScore = Double.POSITIVE_INFINITY;
    for (PoolDefinition pool : jackpot.pools()) {
      if (pool.drawWeight() <= 0 || !among.test(pool)) {
        continue;
      }
      double u = ((prf(mac, input + "\u0000@" + pool.key()) >>> 11) + 1) * 0x1.0p-53; // in (0, 1]
      double score = -StrictMath.log(u) / pool.drawWeight();
      if (best == null || score < bestScore) {
        best = pool;
        bestScore = score;
      }
    }
    return best;
  }

  private static String input(JackpotDefinition jackpot, String operatorId, String roundId) {
    return jackpot.id() + "\u0000" + operatorId + "\u0000" + roundId;
  }

  /** The eligible pool a draw's 64 bits land on, by weight ({@code total}: the eligible pools' weights, above 0). */
  private static PoolDefinition pick(JackpotDefinition jackpot, Predicate<PoolDefinition> eligible, long total,
      long bits) {
    long ticket = Long.remainderUnsigned(bits, total);
    for (PoolDefinition pool : jackpot.pools()) {
      if (eligible.test(pool)) {
        ticket -= pool.drawWeight();
        if (ticket < 0) {
          return pool;
        }
      }
    }
    throw new IllegalStateException("unreachable: ticket beyond total weight");
  }

  /** An HMAC-SHA256 under the secret (not thread-safe: one per call of the draws). */
  private Mac keyed() {
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(secret, "HmacSHA256"));
      return mac;
    } catch (NoSuchAlgorithmException | InvalidKeyException e) {
      throw new IllegalStateException(e);
    }
  }

  private static long prf(Mac mac, String input) {
    return ByteBuffer.wrap(mac.doFinal(input.getBytes(StandardCharsets.UTF_8))).getLong();
  }
}
