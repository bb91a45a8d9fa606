package io.jackpot.contribution.hz;

import com.hazelcast.map.EntryProcessor;
import java.util.Map;

/**
 * Keeps the claims on {@code rounds} of one bucket standing until at least {@code until} (epoch
 * millis), whoever holds them: their rounds are applied and not yet recorded (ClaimKeeper). A
 * claim already lapsed but still there is kept too (nobody took the round since, or the claim would
 * be theirs); a round nobody claims stays unclaimed. Answers nothing.
 */
record KeepRounds(String[] rounds, long until) implements EntryProcessor<Integer, ClaimBucket, Void> {
  @Override
  public Void process(Map.Entry<Integer, ClaimBucket> entry) {
    ClaimBucket bucket = entry.getValue();
    if (bucket == null) {
      return null;
    }
    boolean changed = false;
    for (String round : rounds) {
      ClaimBucket.Held held = bucket.claims().get(round);
      if (held != null && held.expiresAt() < until) {
        bucket.claims().put(round, new ClaimBucket.Held(held.fingerprint(), held.token(), until, held.holder()));
        changed = true;
      }
    }
    if (changed) {
      entry.setValue(bucket);
    }
    return null;
  }
}
