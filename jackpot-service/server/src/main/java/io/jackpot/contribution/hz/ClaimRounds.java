package io.jackpot.contribution.hz;

import com.hazelcast.map.EntryProcessor;
import io.jackpot.contribution.RoundClaims.Claim;
import java.util.Map;
import java.util.Set;

/**
 * Claims {@code rounds[i]} (with content {@code fingerprints[i]}) of one bucket for one request of
 * member {@code holder}: absent → claimed for it (NEW); held with the same fingerprint → SAME; with
 * another → DIFFERENT. Answers one {@link Claim} ordinal per round, in order (a byte array crosses
 * the cluster without a serializer of its own). A claim of a {@code released} member (gone, its
 * work all recorded; ClaimHolders) counts as absent. Deterministic: the time and the released
 * holders come in.
 *
 * <p>Idempotent: a claim this very request ({@code token}) holds answers NEW again. Hazelcast runs
 * an operation a second time when the member that ran it died before its answer (or its backup's
 * acknowledgement) reached the caller: the new owner of the bucket, the old backup, already holds
 * the claims of the first run. Answered SAME, the request would neither apply those rounds nor
 * release their claims, and every retry of them would be told ROUND_IN_PROGRESS until the claims
 * lapsed (the holder is alive, so ClaimHolders never releases them).
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
