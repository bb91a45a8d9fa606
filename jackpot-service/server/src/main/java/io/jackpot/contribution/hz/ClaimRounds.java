package io.jackpot.contribution.hz;

import com.hazelcast.map.EntryProcessor;
import io.jackpot.contribution.RoundClaims.Claim;
import java.util.Map;
import java.util.Set;

/**
 * Claims a bucket's rounds for one request of {@code holder}, one {@link Claim} ordinal per round:
 * absent → NEW, same fingerprint → SAME, another → DIFFERENT (a byte array needs no serializer of
 * its own). A {@code released} holder's claim counts as absent. Deterministic: time and released
 * holders come in.
 * <p>A claim this very request ({@code token}) holds answers NEW again. Hazelcast reruns an
 * operation whose member died before answering, and the new owner already holds the claims.
 * Answered SAME, those rounds would be told ROUND_IN_PROGRESS until the claims lapsed.
 */
record ClaimRounds(String[] rounds, String[] fingerprints, String token, String holder, long now, long ttlMillis, Set<String> released)
    implements EntryProcessor<Integer, ClaimBucket, byte[]> {
  private static final Claim[] CLAIMS = Claim.values();

  ClaimRounds {
    if (rounds.length != fingerprints.length) {
      throw new IllegalArgumentException(rounds.length + " rounds but " + fingerprints.length + " fingerprints");
    }
  }

  static Claim decode(byte code) {
    return CLAIMS[code];
  }

  @Override
  public byte[] process(Map.Entry<Integer, ClaimBucket> entry) {
    ClaimBucket bucket = entry.getValue() == null ? new ClaimBucket() : entry.getValue();
    byte[] out = new byte[rounds.length];
    for (int i = 0; i < rounds.length; i++) {
      ClaimBucket.Held held = bucket.standing(rounds[i], now, released);
      Claim claim;
      if (held == null) {
        bucket.claims().put(rounds[i], new ClaimBucket.Held(fingerprints[i], token, now + ttlMillis, holder));
        claim = Claim.NEW;
      } else if (held.token().equals(token)) {
        claim = Claim.NEW; // this call run again (above): the claim is already this request's
      } else {
        claim = held.fingerprint().equals(fingerprints[i]) ? Claim.SAME : Claim.DIFFERENT;
      }
      out[i] = (byte) claim.ordinal();
    }
    bucket.sweep(now);
    entry.setValue(bucket); // changed in place; setValue makes the change count
    return out;
  }
}
