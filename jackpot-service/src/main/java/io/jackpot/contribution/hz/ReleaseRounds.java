package io.jackpot.contribution.hz;

import com.hazelcast.map.EntryProcessor;
import java.util.Map;

/** Removes the claims this request holds ({@code fingerprint|token}); leaves anyone else's alone. */
record ReleaseRounds(Map<String, String> fingerprints, String token) implements EntryProcessor<String, String, Boolean> {
  @Override
  public Boolean process(Map.Entry<String, String> entry) {
    String mine = fingerprints.get(entry.getKey()) + "|" + token;
    if (mine.equals(entry.getValue())) {
      entry.setValue(null);
      return true;
    }
    return false;
  }
}
