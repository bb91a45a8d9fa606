package io.jackpot.pool;

import java.io.Serializable;

/** Identifies one pool: a jackpot id and the pool's key within it. */
public record PoolId(String jackpotId, String poolKey) implements Serializable, Comparable<PoolId> {
  /** The rule every jackpot id, pool key, game id and owner id follows, as a regular expression. */
  public static final String ID_RULE = "[a-z0-9][a-z0-9.-]{0,63}";

  public PoolId {
    if (!isId(jackpotId) || !isId(poolKey)) {
      throw new IllegalArgumentException("bad pool id " + jackpotId + "/" + poolKey);
    }
  }

  /**
   * Whether {@code s} follows {@link #ID_RULE}. Checked character by character: it runs for every
   * contribution, where a regular expression's matcher cost more than the rest of the parse.
   */
  public static boolean isId(String s) {
    int n = s.length();
    if (n == 0 || n > 64 || !lowerOrDigit(s.charAt(0))) {
      return false;
    }
    for (int i = 1; i < n; i++) {
      char c = s.charAt(i);
      if (!lowerOrDigit(c) && c != '.' && c != '-') {
        return false;
      }
    }
    return true;
  }

  private static boolean lowerOrDigit(char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
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
