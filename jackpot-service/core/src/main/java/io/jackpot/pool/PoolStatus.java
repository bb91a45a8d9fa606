package io.jackpot.pool;

/** Whether a pool takes contributions and pays wins. */
public enum PoolStatus {
  ACTIVE,
  PAUSED,
  DISCONTINUED
}
