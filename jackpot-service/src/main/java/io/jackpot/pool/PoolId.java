package io.jackpot.pool;

import java.io.Serializable;
import java.util.regex.Pattern;

/** Identifies one pool: a jackpot id and the pool's key within it. */
public record PoolId(String jackpotId, String poolKey) implements Serializable, Comparable<PoolId> {
  public static final Pattern ID = Pattern.compile("[a-z0-9][a-z0-9.-]{0,63}");

  public PoolId {
    if (!ID.matcher(jackpotId).matches() || !ID.matcher(poolKey).matches()) {
      throw new IllegalArgumentException("bad pool id " + jackpotId + "/" + poolKey);
    }
  }

  /** The key of this pool in the cluster's pool map; '/' cannot occur inside either id. */
  public String key() {
    return jackpotId + "/" + poolKey;
  }

  public static PoolId fromKey(String key) {
    int slash = key.indexOf('/');
    return new PoolId(key.substring(0, slash), key.substring(slash + 1));
  }

  @Override
  public int compareTo(PoolId o) {
    return key().compareTo(o.key());
  }

  @Override
  public String toString() {
    return key();
  }
}
