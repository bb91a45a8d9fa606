package io.jackpot.contribution.hz;

import com.hazelcast.map.EntryProcessor;
import java.util.Map;

/** Removes the claims that still hold these fingerprints; leaves anyone else's claim alone. */
record ReleaseRounds(Map<String, String> fingerprints) implements EntryProcessor<String, String, Boolean> {
  @Override
  public Boolean process(Map.Entry<String, String> entry) {
    if (entry.getValue() != null && entry.getValue().equals(fingerprints.get(entry.getKey()))) {
      entry.setValue(null);
      return true;
    }
    return false;
  }
}
